import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {join} from 'node:path'
import compression from 'compression'
import {ROOT, type SiteConfig} from '../config/index.ts'
import {contactServiceFromConfig, type ContactService} from '../contact/service.ts'
import {contactStartLines} from '../contact/startReport.ts'
import {CONTACT_ENDPOINT, REBUILD_ENDPOINTS} from '../../model/routes.ts'
import {HEALTH_ENDPOINT, HealthCheck, healthStartLine} from './health.ts'
import {LiveSite} from './liveSite.ts'
import {StaffPreview} from './preview.ts'
import {shownByBuilds} from './buildData.ts'
import {newestBuild, otherBuilds, Rebuilder} from './rebuilder.ts'
import {
  answerClientErrors,
  bodyDeadline,
  capConnections,
  refuseUnknownMethod,
  serverOptions,
} from './limits.ts'
import {routeApiRequest, routedPath} from './apiRoutes.ts'
import {ACCEPTED_WEBHOOKS_FILE, AcceptedWebhooks, handleRebuildRequest} from './rebuildRoutes.ts'
import {PolicyChangeSchedule, rebuildThrough, type PolicyChangeScheduleOptions} from './schedule.ts'
import {applySecurityHeaders} from './securityHeaders.ts'
import {answerSiteStatus, LiveRevisions} from './siteStatus.ts'
import {SITE_STATUS_PATH} from '../../model/siteStatus.ts'

/** A reason the server cannot start, in words for whoever started it. */
export class SiteServerError extends Error {
  override name = 'SiteServerError'
}

/** The build the configuration names cannot be served (not built yet, or incomplete). */
export class BuildNotServable extends SiteServerError {
  override name = 'BuildNotServable'
}

/** The server cannot listen at the configured address (another server holds the port). */
export class CannotListen extends SiteServerError {
  override name = 'CannotListen'
}

/** What the server needs of the build it serves: a LiveSite, or a stand-in for one. */
export type ServedSite = Pick<
  LiveSite,
  | 'dir'
  | 'codeDir'
  | 'contactContent'
  | 'policySchedule'
  | 'liveContent'
  | 'swapTo'
  | 'handle'
  | 'renderPreview'
>

export interface SiteServerOptions {
  /** The environment each rebuild runs in: a build is its own process and reads its variables at its own start. */
  buildEnv: NodeJS.ProcessEnv
  /** The project the rebuilds build, and whose dist/ is served when no build is newer. */
  root?: string
  /** The build to serve, already open; without it, the one the configuration names. */
  site?: ServedSite
  /** The clock of preview sessions and of the policy change schedule, and the schedule's timers. */
  clock?: Pick<PolicyChangeScheduleOptions, 'now' | 'setTimer' | 'clearTimer'>
  /** Where the server says what it is doing: its start, rebuilds, policy changes. */
  log?: (line: string) => void
}

export interface SiteServer {
  /** Every request's way through the server: limits, security headers, the health check, the rebuild receiver, preview, the site. */
  handler: (request: IncomingMessage, response: ServerResponse) => void
  server: Server
  site: ServedSite
  contact: ContactService
  rebuilder: Rebuilder
  policyChanges: PolicyChangeSchedule
  /** Listens at the configured address and does the start-up work; resolves to the site's address. */
  listen(): Promise<string>
  /** Stops the schedule, any build, the server, then the contact service, in that order. */
  stop(): Promise<void>
}

/**
 * The production server: the built site and its /api routes, security headers, and the rebuild
 * receiver that puts published content live. It owns everything that lives longer than a request
 * (the contact service, the rebuild queue, the policy change schedule), creates each once here,
 * and closes them when it stops. Importable, like the node adapter's createStandaloneHandler:
 * tests start this wiring, never a copy of it.
 */
export async function createSiteServer(
  config: SiteConfig,
  {buildEnv, root = ROOT, site: given, clock = {}, log = console.log}: SiteServerOptions,
): Promise<SiteServer> {
  const {server: settings} = config
  const site =
    given ?? (await openBuild(settings.distDir ?? newestBuild(settings.buildsDir, join(root, 'dist'))))

  // A message store that cannot be opened leaves the pages served: the service logs why, answers
  // the form with 503 and keeps trying to open it (src/contact/recoveringStore.ts).
  const contact = contactServiceFromConfig(config.contact, {
    content: () => site.contactContent,
    // A visitor may send a page opened before the last rebuild, or before a restart.
    shownBefore: await shownByBuilds(otherBuilds(settings.buildsDir, join(root, 'dist'), site.dir)),
  })
  for (const warning of config.contact.warnings) console.warn(warning)
  const contactRuntime = {service: contact, siteUrl: config.siteUrl, trustProxy: settings.trustProxy}
  const rebuilder = new Rebuilder({
    root,
    buildsDir: settings.buildsDir,
    liveBuild: site.dir,
    keep: [site.codeDir],
    goLive: async (dir) => {
      const startedAt = new Date(rebuilder.getStatus().buildingSince ?? now())
      await site.swapTo(dir)
      liveRevisions.wentLive(site.liveContent, {at: new Date(now()), startedAt})
      contact.buildWentLive()
      // A publish can add or withdraw an upcoming policy version: follow the new build's schedule.
      policyChanges.arm(site.policySchedule)
    },
    env: buildEnv,
    log,
  })
  // What is live, for Studio: each document's revision and since when, kept across rebuilds.
  const now = clock.now ?? Date.now
  const liveRevisions = new LiveRevisions(site.liveContent)
  // Drafts for staff who come from Studio; every other request is served as if it did not exist.
  const staffPreview = new StaffPreview(config.preview, {trustProxy: settings.trustProxy, now: clock.now})
  // A policy version whose date comes becomes the text in force without anyone publishing.
  const policyChanges = new PolicyChangeSchedule({rebuild: rebuildThrough(rebuilder), ...clock, log})
  // Pages and stylesheets travel compressed: a visitor abroad may be on a slow, metered connection.
  // The API's answers are a few hundred bytes that Astro sends without a length, which compression
  // would gzip one by one (a tenth of the contact form's CPU, for answers no smaller).
  const compress = compression({
    filter: (request, response) =>
      !(request.url ?? '').startsWith('/api/') && compression.filter(request, response),
  }) as (request: IncomingMessage, response: ServerResponse, next: () => void) => void
  // A captured webhook re-sent while its signature is fresh must not build again, even after a
  // restart: the record is kept beside the builds, the server's other state.
  const acceptedWebhooks = new AcceptedWebhooks({file: join(settings.buildsDir, ACCEPTED_WEBHOOKS_FILE)})
  // What a monitor watches: the message store, the last build, e-mails given up or late. The
  // store's answer is reused briefly, as the endpoint is public: the SQLite file counts in a
  // millisecond or two at most, for a second; Sanity's API is a request away, counted against
  // the project's quota, for five.
  const maxWaitMinutes = config.contact.mail?.maxWaitMinutes
  const health = new HealthCheck({
    contact,
    rebuilder,
    maxWaitMinutes,
    maxAgeMs: config.contact.store.kind === 'sanity' ? 5_000 : 1_000,
  })

  /** A handler that may fail: the failure is logged and answered with 500, once. */
  const answering =
    (what: string, handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>) =>
    (request: IncomingMessage, response: ServerResponse) =>
      void handle(request, response).catch((error) => {
        console.error(`${what} failed:`, error)
        if (!response.headersSent) response.writeHead(500).end()
      })
  const rebuildRoute = answering('Rebuild request', (request, response) =>
    handleRebuildRequest(request, response, {
      rebuilder,
      policyChanges,
      secret: settings.webhookSecret,
      accepted: acceptedWebhooks,
    }),
  )
  /**
   * The server's own endpoints, by path: everything else is a page of the route table
   * (model/routes.ts) or an /api route of the build, which the site answers.
   */
  const endpoints = new Map<string, (request: IncomingMessage, response: ServerResponse) => void>([
    [REBUILD_ENDPOINTS.rebuild, rebuildRoute],
    [REBUILD_ENDPOINTS.status, rebuildRoute],
    [HEALTH_ENDPOINT, answering('Health check', (request, response) => health.handle(request, response))],
    [
      SITE_STATUS_PATH,
      (request, response) =>
        answerSiteStatus(request, response, () =>
          liveRevisions.status(rebuilder.getStatus(), site.policySchedule, policyChanges.getStatus()),
        ),
    ],
  ])

  const handler = (request: IncomingMessage, response: ServerResponse) => {
    applySecurityHeaders(request, response, settings.trustProxy)
    if (refuseUnknownMethod(request, response)) return
    // From here on, a request for the API carries its route's exact path, the one the build's
    // router reads: "/api/%63ontact" gets the contact route's limits, "/api/../_image" a 404.
    if (routeApiRequest(request, response)) return
    const path = routedPath(request.url)
    if (path === CONTACT_ENDPOINT && request.method === 'POST')
      bodyDeadline(request, response, settings.limits.contactBodyTimeoutMs)
    const endpoint = endpoints.get(path)
    if (endpoint) return endpoint(request, response)
    const preview = staffPreview.route(request, response)
    if (preview === 'answered') return
    // Locals are the request's own: a route that wrote to them could not reach another visitor's.
    const locals: App.Locals = {contact: contactRuntime}
    compress(request, response, () =>
      preview === 'public'
        ? site.handle(request, response, locals)
        : site.renderPreview(request, response, {...locals, preview}),
    )
  }

  const server = createServer(serverOptions(settings.limits), handler)
  capConnections(server, settings.limits)
  answerClientErrors(server)

  const listen = () =>
    new Promise<string>((resolve, reject) => {
      const refused = (error: NodeJS.ErrnoException) =>
        reject(
          new CannotListen(
            error.code === 'EADDRINUSE'
              ? `Port ${settings.port} on ${settings.host} is already in use: stop the other server or set PORT.`
              : `The server could not listen on ${settings.host}:${settings.port}: ${error.message}`,
          ),
        )
      server.once('error', refused)
      server.listen(settings.port, settings.host, () => {
        server.off('error', refused)
        const url = `http://${settings.host}:${(server.address() as AddressInfo).port}`
        log(`Serving ${site.dir} at ${url}`)
        log(staffPreview.status)
        // Where messages go, and who hears of them: a server that e-mails nobody says so now.
        for (const line of contactStartLines({
          config: config.contact,
          siteUrl: config.siteUrl,
          storeDescription: contact.storeDescription,
          careAddress: site.contactContent.customerCareEmail,
        }))
          log(line)
        void health.report().then((report) => log(healthStartLine(report, maxWaitMinutes)))
        // A change whose date came while the server was down is put live now.
        policyChanges.arm(site.policySchedule)
        // Messages past the retention period go now, not a day from now (the service repeats it
        // daily); e-mails that could not be sent before the last stop go out now, not with the next message.
        void contact
          .deleteExpired()
          .catch((error: Error) => console.error(`Deleting old contact messages failed: ${error.message}`))
        void contact.flush()
        resolve(url)
      })
    })

  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= new Promise<void>((resolve, reject) => {
      policyChanges.stop()
      rebuilder.stop()
      // Requests under way are answered first: the contact service closes once the last has been.
      server.close(() => void contact.close().then(resolve, reject))
      server.closeIdleConnections()
    }))

  return {handler, server, site, contact, rebuilder, policyChanges, listen, stop}
}

async function openBuild(dir: string): Promise<LiveSite> {
  try {
    return await LiveSite.open(dir)
  } catch (error) {
    throw new BuildNotServable(
      `Cannot serve ${dir}: ${(error as Error).message}\nRun \`npm run build\` first.`,
    )
  }
}
