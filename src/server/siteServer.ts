import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {join} from 'node:path'
import {ROOT, type SiteConfig} from '../config/index.ts'
import {contactServiceFromConfig, type ContactService} from '../contact/service.ts'
import {shownByBuilds} from './buildData.ts'
import {BuildNotServable} from './errors.ts'
import {HealthCheck} from './health.ts'
import {listenAt, stopOnce} from './lifecycle.ts'
import {answerClientErrors, capConnections, serverOptions} from './limits.ts'
import {LiveSite} from './liveSite.ts'
import {StaffPreview} from './preview.ts'
import {createPublishing, type PublishingOptions} from './publishing.ts'
import {newestBuild, otherBuilds, type Rebuilder} from './rebuilder.ts'
import {serverEndpoints, siteRequestHandler} from './requestHandler.ts'
import {startUp} from './startUp.ts'
import type {PolicyChangeSchedule} from './schedule.ts'

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
  clock?: PublishingOptions['clock']
  /** Where the server says what it is doing: its start, rebuilds, policy changes. */
  log?: (line: string) => void
  /**
   * Where it says what went wrong: a request that failed, the message store or an e-mail refused,
   * a preview that could not start. Standard error unless said.
   */
  logError?: (line: string) => void
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
 *
 * It only composes parts that each have one job: the contact service (src/contact/service.ts),
 * publishing (publishing.ts: rebuilds, the policy schedule, what is live), staff preview
 * (preview.ts), the health check (health.ts), the way of each request (requestHandler.ts),
 * what it says and does at start (startUp.ts), and listening and stopping (lifecycle.ts).
 */
export async function createSiteServer(
  config: SiteConfig,
  {
    buildEnv,
    root = ROOT,
    site: given,
    clock = {},
    log = console.log,
    logError = console.error,
  }: SiteServerOptions,
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
    log: logError,
  })
  const publishing = createPublishing({
    root,
    buildsDir: settings.buildsDir,
    site,
    buildEnv,
    webhookSecret: settings.webhookSecret,
    clock,
    // A message may come from the new build's pages from now on.
    wentLive: () => contact.buildWentLive(),
    log,
  })
  // Drafts for staff who come from Studio; every other request is served as if it did not exist.
  const staffPreview = new StaffPreview(config.preview, {
    trustProxy: settings.trustProxy,
    now: clock.now,
    logError,
  })
  // What a monitor watches: the message store, the last build, e-mails given up or late. The
  // store's answer is reused briefly, as the endpoint is public: the SQLite file counts in a
  // millisecond or two at most, for a second; Sanity's API is a request away, counted against
  // the project's quota, for five.
  const health = new HealthCheck({
    contact,
    rebuilder: publishing.rebuilder,
    maxWaitMinutes: config.contact.mail?.maxWaitMinutes,
    maxAgeMs: config.contact.store.kind === 'sanity' ? 5_000 : 1_000,
  })

  const handler = siteRequestHandler({
    trustProxy: settings.trustProxy,
    contactBodyTimeoutMs: settings.limits.contactBodyTimeoutMs,
    endpoints: serverEndpoints({
      publishing: {
        receiveRebuild: publishing.receiveRebuild,
        // What is live, and whether a new message's e-mail is still to come (Studio's Inbox).
        status: () => ({...publishing.status(), emailsCustomerCare: config.contact.mail !== undefined}),
      },
      health,
      logError,
    }),
    preview: staffPreview,
    site,
    contact: {service: contact, siteUrl: config.siteUrl, trustProxy: settings.trustProxy, logError},
  })
  const server = createServer(serverOptions(settings.limits), handler)
  capConnections(server, settings.limits, {log: logError})
  answerClientErrors(server)

  return {
    handler,
    server,
    site,
    contact,
    rebuilder: publishing.rebuilder,
    policyChanges: publishing.policyChanges,
    listen: async () => {
      const url = await listenAt(server, settings)
      startUp(url, {config, site, preview: staffPreview, contact, health, publishing, log, logError})
      return url
    },
    // Requests under way are answered first: the contact service closes once the last has been.
    stop: stopOnce(server, {first: publishing.stop, last: () => contact.close()}),
  }
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
