import {join} from 'node:path'
import type {TestProject} from 'vitest/node'
import {astroBuild, ROOT} from '../support/astroBuild'
import {freePort} from '../support/ports'
import {startServer, startSiteServer, type RunningServer} from '../support/processes'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server (`npm start`): static pages and the API routes. */
    siteUrl: string
    /** `astro preview` of the same build. */
    previewUrl: string
    /** The build's output folder (with client/ and server/). */
    distDir: string
    /** The SQLite file the production server stores contact messages in. */
    contactDbPath: string
  }
}

/** Builds the site once from the bundled dataset and serves it the two ways visitors can get it. */
export default async function setup(project: TestProject) {
  const build = await astroBuild()
  const servers: RunningServer[] = []
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()))
    build.dispose()
  }
  try {
    if (build.code !== 0) throw new Error(`The site did not build:\n${build.output}`)
    const distDir = join(build.outDir, '..')
    const contactDbPath = join(distDir, '../contact-messages.sqlite')
    // Many tests post from 127.0.0.1; the rate limit has tests of its own with their own server.
    const site = await startSiteServer(distDir, {CONTACT_DB_PATH: contactDbPath, CONTACT_RATE_LIMIT: '10000'})
    servers.push(site)
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
        {
          cwd: ROOT,
          url: `http://127.0.0.1:${previewPort}/`,
          env: {ASTRO_CACHE_DIR: join(distDir, '../cache')},
        },
      ),
    )
    project.provide('siteUrl', site.url)
    project.provide('contactDbPath', contactDbPath)
    project.provide('previewUrl', `http://127.0.0.1:${previewPort}`)
    project.provide('distDir', distDir)
  } catch (error) {
    // A half-started setup leaves no server running and no build behind.
    await teardown()
    throw error
  }
  return teardown
}
