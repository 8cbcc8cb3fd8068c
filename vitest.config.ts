import {globSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {defineConfig} from 'vitest/config'

// Tests by cost (docs/developing.md, "Measuring and checking"): folders mirror the source they test, under
//   tests/unit/     pure modules: no build, no spawned process, no browser (`npm run test:unit`)
//   tests/built/    a build of the site, a server or another process (lint, typecheck, the CLI)
//   tests/browser/  Chromium against the built site
// One build of the site and one production server (`npm start`) serve both `built` and `browser`:
// tests/support/globalSetup.ts builds once per run however many projects name it.
const BUILT_SITE = 'tests/support/globalSetup.ts'

const UNIT_TESTS = 'tests/unit/**/*.test.ts'
/**
 * Unit test files that replace modules (`vi.mock`) or variables (`vi.stubEnv`) for their own run.
 * The other unit files share their workers' loaded modules (half the CPU of a fresh worker per
 * file), where a replaced module would reach, or miss, the files after it: these run isolated.
 */
const REPLACING_UNIT_TESTS = globSync(UNIT_TESTS, {cwd: import.meta.dirname}).filter((file) =>
  /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/.test(readFileSync(join(import.meta.dirname, file), 'utf8')),
)

export default defineConfig({
  // studio/tsconfig.json keeps JSX for Sanity's own bundler ("preserve"); tests that load the
  // Studio's configuration (tests/unit/studio/dataset.test.ts) compile it as the site's JSX is.
  oxc: {jsx: {runtime: 'automatic', importSource: 'react'}},
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Builds and browsers are heavy; two workers match this machine's two cores. In fresh-clone CI
    // three took as long (5 min 58 s against 5 min 56 s – 6 min 4 s with two): the suite is bound by
    // CPU, not by waits, so the extra worker only adds contention.
    maxWorkers: 2,
    // Node keeps the code it compiled (V8's cache) here, for the workers and the servers the tests
    // start (tests/support/processes.ts): each start after the first compiles none of it again,
    // half the CPU of a server's start. Astro, ESLint and Prettier keep a cache of their own.
    env: {NODE_COMPILE_CACHE: join(import.meta.dirname, '.scratch', 'node-compile-cache')},
    projects: [
      // `npm run test:unit` runs both unit projects (`--project 'unit*'`).
      {
        extends: true,
        test: {name: 'unit', include: [UNIT_TESTS], exclude: REPLACING_UNIT_TESTS, isolate: false},
      },
      {
        extends: true,
        test: {name: 'unit-isolated', include: REPLACING_UNIT_TESTS},
      },
      {
        extends: true,
        test: {
          name: 'built',
          include: ['tests/built/**/*.test.ts'],
          globalSetup: [BUILT_SITE],
          // Files run one after another in a worker, not each in a fresh one: the processes they
          // start are their own and stopped by their file (tests/support/siteServer.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: [BUILT_SITE],
          // A worker runs file after file with one Chromium and the support modules loaded once
          // (tests/support/browserTest.ts): a fifth less CPU than a fresh worker per file. Every
          // test still gets fresh pages in contexts of its own.
          isolate: false,
        },
      },
    ],
  },
})
