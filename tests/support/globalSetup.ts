import {join} from 'node:path'
import type {TestProject} from 'vitest/node'
import {astroBuild} from './astroBuild'
import {siteServers} from './processes'

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

interface BuiltSite {
  siteUrl: string
  contactDbPath: string
  distDir: string
  teardown(): Promise<void>
}

/**
 * The one build and server of a vitest run. Both the `built` and the `browser` project name this
 * file, and vitest runs a project's global setup once per project (in its own module runner, so a
 * module-level variable would be two), all in the one main process: the build is kept on
 * globalThis and torn down when the last project using it is done.
 */
const SHARED = Symbol.for('nri-care-site/tests/builtSite')
interface Shared {
  site: Promise<BuiltSite>
  users: number
}
const shared = globalThis as typeof globalThis & {[SHARED]?: Shared}

/** Builds the site once from the bundled dataset and serves it with the production server. */
async function buildAndServe(): Promise<BuiltSite> {
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
    return {siteUrl: site.url, contactDbPath: site.dbPath, distDir, teardown}
  } catch (error) {
    // A half-started setup leaves no server running and no build behind.
    await teardown()
    throw error
  }
}

export default async function setup(project: TestProject) {
  const entry = (shared[SHARED] ??= {site: buildAndServe(), users: 0})
  entry.users++
  const release = async () => {
    if (--entry.users > 0) return
    delete shared[SHARED]
    await (await entry.site.catch(() => undefined))?.teardown()
  }
  try {
    const site = await entry.site
    project.provide('siteUrl', site.siteUrl)
    project.provide('contactDbPath', site.contactDbPath)
    project.provide('distDir', site.distDir)
  } catch (error) {
    await release()
    throw error
  }
  return release
}
