// The production server (`npm start`): reads the configuration, starts the site's server
// (siteServer.ts, which owns and wires everything) and stops it on SIGTERM or SIGINT. A start it
// cannot recover from is one line on stderr and exit code 1.
import {ConfigError, readConfig} from '../config/index.ts'
import {SiteServerError} from './errors.ts'
import {createSiteServer} from './siteServer.ts'

try {
  // A build is its own process: each rebuild reads the variables this server was started with.
  const site = await createSiteServer(readConfig(process.env), {buildEnv: process.env})
  const stop = () => void site.stop().finally(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  await site.listen()
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof SiteServerError)) throw error
  console.error(error.message)
  process.exit(1)
}
