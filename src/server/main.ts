// The production server (`npm start`): the built site and its /api routes, security headers,
// and the rebuild receiver that puts published content live.
import {createServer} from 'node:http'
import {join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {LiveSite} from './liveSite.ts'
import {currentBuild, Rebuilder} from './rebuilder.ts'
import {handleRebuildRequest} from './rebuildRoutes.ts'
import {applySecurityHeaders} from './securityHeaders.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const env = process.env
const buildsDir = resolve(ROOT, env.SITE_BUILDS_DIR || '.builds')
// The last build the receiver put live, else the one `npm run build` made.
const initialBuild = env.SITE_DIST_DIR ? resolve(env.SITE_DIST_DIR) : (currentBuild(buildsDir) ?? join(ROOT, 'dist'))

const site = await LiveSite.open(initialBuild).catch((error: Error) => {
  console.error(`Cannot serve ${initialBuild}: ${error.message}\nRun \`npm run build\` first.`)
  process.exit(1)
})
const rebuilder = new Rebuilder({
  root: ROOT,
  buildsDir,
  liveBuild: site.dir,
  goLive: (dir) => site.swapTo(dir),
  env,
})
const trustProxy = env.TRUST_PROXY === '1'

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
  site.handle(request, response)
})

const port = Number(env.PORT) || 4321
const host = env.HOST || 'localhost'
server.listen(port, host, () => console.log(`Serving ${site.dir} at http://${host}:${port}`))

const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
