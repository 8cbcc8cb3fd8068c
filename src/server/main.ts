// The production server (`npm start`): the built site and its /api routes, security headers,
// and the rebuild receiver that puts published content live.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import compression from 'compression'
import {LiveSite} from './liveSite.ts'
import {newestBuild, Rebuilder} from './rebuilder.ts'
import {handleRebuildRequest} from './rebuildRoutes.ts'
import {applySecurityHeaders} from './securityHeaders.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const env = process.env
const buildsDir = resolve(ROOT, env.SITE_BUILDS_DIR || '.builds')
const initialBuild = env.SITE_DIST_DIR
  ? resolve(env.SITE_DIST_DIR)
  : newestBuild(buildsDir, join(ROOT, 'dist'))

const site = await LiveSite.open(initialBuild).catch((error: Error) => {
  console.error(`Cannot serve ${initialBuild}: ${error.message}\nRun \`npm run build\` first.`)
  process.exit(1)
})
const rebuilder = new Rebuilder({
  root: ROOT,
  buildsDir,
  liveBuild: site.dir,
  goLive: async (dir) => {
    await site.swapTo(dir)
    await openContactStore()
  },
  env,
})
const trustProxy = env.TRUST_PROXY === '1'
// Pages and stylesheets travel compressed: a visitor abroad may be on a slow, metered connection.
const compress = compression() as (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void

const server = createServer((request, response) => {
  applySecurityHeaders(request, response, trustProxy)
  const path = (request.url ?? '/').split('?')[0]!
  if (path === '/api/rebuild' || path === '/api/rebuild/status') {
    handleRebuildRequest(request, response, {rebuilder, secret: env.SANITY_WEBHOOK_SECRET}).catch((error) => {
      console.error('Rebuild request failed:', error)
      if (!response.headersSent) response.writeHead(500).end()
    })
    return
  }
  compress(request, response, () => site.handle(request, response))
})

/**
 * Opens the contact store (creating it on the first start) and retries unsent e-mails now, not
 * at the next visitor's message; after a rebuild, the new build's site settings apply.
 */
async function openContactStore() {
  const address = server.address()
  if (!address || typeof address === 'string') return
  const host = ['::', '0.0.0.0'].includes(address.address) ? '127.0.0.1' : address.address
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/api/contact`
  await fetch(url, {method: 'HEAD'}).catch((error: Error) =>
    console.error(`The contact store did not open: ${error.message}`),
  )
}

const port = Number(env.PORT) || 4321
const host = env.HOST || 'localhost'
server.listen(port, host, () => {
  console.log(`Serving ${site.dir} at http://${host}:${port}`)
  void openContactStore()
})

const stop = () => {
  server.close(() => process.exit(0))
  server.closeIdleConnections()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
