// The production server (`npm start`): the built site and its /api routes, security headers,
// and the rebuild receiver that puts published content live. It owns everything that lives
// longer than a request (the contact service, the rebuild queue, the policy change schedule),
// creates each once here, and closes them when it stops.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {join} from 'node:path'
import compression from 'compression'
import {ConfigError, readConfig, ROOT, type SiteConfig} from '../config/index.ts'
import {contactServiceFromConfig} from '../contact/service.ts'
import {CONTACT_ENDPOINT} from '../../model/routes.ts'
import {LiveSite} from './liveSite.ts'
import {StaffPreview} from './preview.ts'
import {newestBuild, Rebuilder} from './rebuilder.ts'
import {bodyDeadline, capConnections, refuseUnknownMethod, serverOptions} from './limits.ts'
import {AcceptedWebhooks, handleRebuildRequest} from './rebuildRoutes.ts'
import {PolicyChangeSchedule, rebuildThrough} from './schedule.ts'
import {applySecurityHeaders} from './securityHeaders.ts'

function configuration(): SiteConfig {
  try {
    return readConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const config = configuration()
const {server: settings} = config
const initialBuild = settings.distDir ?? newestBuild(settings.buildsDir, join(ROOT, 'dist'))

const site = await LiveSite.open(initialBuild).catch((error: Error) => {
  console.error(`Cannot serve ${initialBuild}: ${error.message}\nRun \`npm run build\` first.`)
  process.exit(1)
})
// A message store that cannot be opened leaves the pages served: the service logs why, answers
// the form with 503 and keeps trying to open it (src/contact/recoveringStore.ts).
const contact = contactServiceFromConfig(config.contact, {content: () => site.data})
for (const warning of config.contact.warnings) console.warn(warning)
const contactRuntime = {service: contact, siteUrl: config.siteUrl, trustProxy: settings.trustProxy}
const rebuilder = new Rebuilder({
  root: ROOT,
  buildsDir: settings.buildsDir,
  liveBuild: site.dir,
  keep: [site.codeDir],
  goLive: async (dir) => {
    await site.swapTo(dir)
    // A publish can add or withdraw an upcoming policy version: follow the new build's schedule.
    policyChanges.arm(site.policySchedule)
  },
  // A build is its own process and reads the same variables from its own start.
  env: process.env,
})
// Drafts for staff who come from Studio; every other request is served as if it did not exist.
const staffPreview = new StaffPreview(config.preview, {trustProxy: settings.trustProxy})
// A policy version whose date comes becomes the text in force without anyone publishing.
const policyChanges = new PolicyChangeSchedule({rebuild: rebuildThrough(rebuilder)})
// Pages and stylesheets travel compressed: a visitor abroad may be on a slow, metered connection.
// The API's answers are a few hundred bytes that Astro sends without a length, which compression
// would gzip one by one (a tenth of the contact form's CPU, for answers no smaller).
const compress = compression({
  filter: (request, response) =>
    !(request.url ?? '').startsWith('/api/') && compression.filter(request, response),
}) as (request: IncomingMessage, response: ServerResponse, next: () => void) => void

// A captured webhook re-sent while its signature is fresh must not build again.
const acceptedWebhooks = new AcceptedWebhooks()

const server = createServer(serverOptions(settings.limits), (request, response) => {
  applySecurityHeaders(request, response, settings.trustProxy)
  if (refuseUnknownMethod(request, response)) return
  const path = (request.url ?? '/').split('?')[0]!
  if (path === CONTACT_ENDPOINT && request.method === 'POST')
    bodyDeadline(request, response, settings.limits.contactBodyTimeoutMs)
  if (path === '/api/rebuild' || path === '/api/rebuild/status') {
    handleRebuildRequest(request, response, {
      rebuilder,
      policyChanges,
      secret: settings.webhookSecret,
      accepted: acceptedWebhooks,
    }).catch((error) => {
      console.error('Rebuild request failed:', error)
      if (!response.headersSent) response.writeHead(500).end()
    })
    return
  }
  const preview = staffPreview.route(request, response)
  if (preview === 'answered') return
  // Locals are the request's own: a route that wrote to them could not reach another visitor's.
  const locals: App.Locals = {contact: contactRuntime}
  compress(request, response, () =>
    preview === 'public'
      ? site.handle(request, response, locals)
      : site.renderPreview(request, response, {...locals, preview}),
  )
})

capConnections(server, settings.limits)

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${settings.port} on ${settings.host} is already in use: stop the other server or set PORT.`
      : `The server could not listen on ${settings.host}:${settings.port}: ${error.message}`,
  )
  process.exit(1)
})

server.listen(settings.port, settings.host, () => {
  console.log(`Serving ${site.dir} at http://${settings.host}:${settings.port}`)
  console.log(staffPreview.status)
  // A change whose date came while the server was down is put live now.
  policyChanges.arm(site.policySchedule)
  // Messages past the retention period go now, not a day from now (the service repeats it daily);
  // e-mails that could not be sent before the last stop go out now, not with the next message.
  void contact
    .deleteExpired()
    .catch((error: Error) => console.error(`Deleting old contact messages failed: ${error.message}`))
  void contact.flush()
})

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  policyChanges.stop()
  rebuilder.stop()
  server.close(() => {
    void contact.close().finally(() => process.exit(0))
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
