import {inject, test as base} from 'vitest'
import {siteServers} from './processes'

export type {SiteServer, StartSite} from './processes'

/**
 * `test` with the one way a test file starts the production server (`npm start`):
 * `startSite(env)` serves the site built once for every test (or `{distDir}`), with its own
 * SQLite file and builds folder and the given variables. Every server a file started is stopped,
 * and its files removed, when the file's tests are done.
 *
 * A file whose tests share one server names it as a fixture of its own:
 * `const it = test.extend('site', {scope: 'file'}, ({startSite}) => startSite({...}))`.
 */
export const test = base
  .extend('builtSite', {scope: 'file'}, async () => inject('distDir') as string | undefined)
  .extend('startSite', {scope: 'file'}, async ({builtSite}, {onCleanup}) => {
    const servers = siteServers(builtSite)
    onCleanup(() => servers.stopAll())
    return servers.start
  })
