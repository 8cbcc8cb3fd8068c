import {join} from 'node:path'
import type {TestProject} from 'vitest/node'
import {astroBuild} from '../support/astroBuild'
import {siteServers} from '../support/processes'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server (`npm start`): static pages and the API routes. */
    siteUrl: string
    /** The build's output folder (with client/ and server/). */
    distDir: string
    /** The SQLite file the production server stores contact messages in. */
    contactDbPath: string
  }
}

/** Builds the site once from the bundled dataset and serves it with the production server. */
export default async function setup(project: TestProject) {
  const build = await astroBuild()
  const distDir = join(build.outDir, '..')
  const servers = siteServers(distDir)
  const teardown = async () => {
    await servers.stopAll()
    build.dispose()
  }
  try {
    if (build.code !== 0) throw new Error(`The site did not build:\n${build.output}`)
    // Many tests post from 127.0.0.1; the rate limit has tests of its own with their own server.
    const site = await servers.start({CONTACT_RATE_LIMIT: '10000'})
    project.provide('siteUrl', site.url)
    project.provide('contactDbPath', site.dbPath)
    project.provide('distDir', distDir)
  } catch (error) {
    // A half-started setup leaves no server running and no build behind.
    await teardown()
    throw error
  }
  return teardown
}
