import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Builds and browsers are heavy; two workers match this machine's two cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'content',
          include: [
            'tests/*.test.ts',
            'tests/content/**/*.test.ts',
            'tests/fuzz/**/*.test.ts',
            'tests/rebuild/**/*.test.ts',
            'tests/safety/**/*.test.ts',
            'tests/server/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: [
            'tests/browser/**/*.test.ts',
            'tests/contact/**/*.test.ts',
            'tests/quality/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/lighthouse/**/*.test.ts',
          ],
          // One build of the site and two servers (astro preview, npm start) for every test of the built site.
          globalSetup: ['tests/browser/globalSetup.ts'],
        },
      },
    ],
  },
})
