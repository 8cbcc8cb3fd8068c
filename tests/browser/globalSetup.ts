import {join} from 'node:path'
import type {TestProject} from 'vitest/node'
import {astroBuild, ROOT} from '../support/astroBuild'
import {freePort} from '../support/ports'
import {startServer, type RunningServer} from '../support/processes'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server (`npm start`): static pages and the API routes. */
    siteUrl: string
    /** `astro preview` of the same build. */
    previewUrl: string
    /** The build's output folder (with client/ and server/). */
    distDir: string
  }
}

/** Builds the site once from the bundled dataset and serves it the two ways visitors can get it. */
export default async function setup(project: TestProject) {
  const build = await astroBuild()
  if (build.code !== 0) throw new Error(`The site did not build:\n${build.output}`)
  const distDir = join(build.outDir, '..')

  const servers: RunningServer[] = []
  const sitePort = await freePort()
  servers.push(
    await startServer([join(distDir, 'server/entry.mjs')], {
      cwd: ROOT,
      url: `http://127.0.0.1:${sitePort}/`,
      env: {PORT: String(sitePort), HOST: '127.0.0.1'},
    }),
  )
  const previewPort = await freePort()
  servers.push(
    await startServer(
      [
        join(ROOT, 'node_modules/astro/bin/astro.mjs'),
        'preview',
        '--outDir',
        distDir,
        '--port',
        String(previewPort),
        '--host',
        '127.0.0.1',
        '--ignore-lock',
      ],
      {cwd: ROOT, url: `http://127.0.0.1:${previewPort}/`, env: {ASTRO_CACHE_DIR: join(distDir, '../cache')}},
    ),
  )
  project.provide('siteUrl', `http://127.0.0.1:${sitePort}`)
  project.provide('previewUrl', `http://127.0.0.1:${previewPort}`)
  project.provide('distDir', distDir)

  return async () => {
    await Promise.all(servers.map((server) => server.stop()))
    build.dispose()
  }
}
