import type {IncomingMessage, ServerResponse} from 'node:http'
import type {ContactHealth} from '../contact/contactHealth.ts'
import type {ContactService} from '../contact/service.ts'
import type {RebuildStatus} from './rebuilder.ts'

/** Where monitors ask whether the site is well (docs/operating.md, "Watching the server"). */
export const HEALTH_ENDPOINT = '/api/health'

/** How the last build the server attempted went: none since it started, or the last one's outcome. */
export type BuildState = 'none' | 'succeeded' | 'failed'

export function lastBuildState({
  lastSuccess,
  lastFailure,
}: Pick<RebuildStatus, 'lastSuccess' | 'lastFailure'>): BuildState {
  if (lastFailure && (!lastSuccess || Date.parse(lastFailure.at) > Date.parse(lastSuccess.at)))
    return 'failed'
  return lastSuccess ? 'succeeded' : 'none'
}

/**
 * The answer of GET /api/health: states and counts, and what is wrong in words for whoever reads
 * a monitor's alert. Nothing in it comes from a message, a secret or the file system: a build's
 * error, which may name a path or a document, stays in the server's log.
 */
export interface HealthBody {
  ok: boolean
  /** What is wrong, one sentence each; empty when all is well. */
  problems: string[]
  messageStore: ContactHealth['store']
  email: 'on' | 'off'
  /** Messages not marked handled whose e-mail to customer care was given up; null while the store cannot be read. */
  emailGivenUp: number | null
  /** Messages not marked handled whose e-mail has waited too long; null without e-mail, or while the store cannot be read. */
  emailWaiting: number | null
  lastBuild: BuildState
  building: boolean
}

const messages = (count: number) => (count === 1 ? '1 message' : `${count} messages`)

/** What the health check answers, from the contact service's state and the rebuilder's. */
export function healthReport(
  contact: ContactHealth,
  build: Pick<RebuildStatus, 'lastSuccess' | 'lastFailure' | 'building'>,
  maxWaitMinutes: number | undefined,
): {status: 200 | 503; body: HealthBody} {
  const lastBuild = lastBuildState(build)
  const open = contact.store !== 'notOpen'
  const emailGivenUp = open ? contact.emailGivenUp : null
  const emailWaiting = open ? (contact.emailWaiting ?? null) : null
  const problems = [
    !open && 'The message store is not open: the contact form refuses messages until it opens.',
    contact.store === 'refusingWrites' &&
      'The last message could not be stored (is its disk full?): the contact form refuses messages until one is stored.',
    lastBuild === 'failed' && 'The last build failed: the site still shows the content from before it.',
    emailGivenUp &&
      `The e-mail about ${messages(emailGivenUp)} was given up: read ${emailGivenUp === 1 ? 'it' : 'them'} with \`npm run messages -- list\` or in Studio's Inbox, answer, and mark ${emailGivenUp === 1 ? 'it' : 'them'} handled.`,
    emailWaiting &&
      `The e-mail about ${messages(emailWaiting)} has waited more than ${maxWaitMinutes} minutes to be sent.`,
  ].filter((problem): problem is string => typeof problem === 'string')
  return {
    status: problems.length === 0 ? 200 : 503,
    body: {
      ok: problems.length === 0,
      problems,
      messageStore: contact.store,
      email: contact.email,
      emailGivenUp,
      emailWaiting,
      lastBuild,
      building: build.building,
    },
  }
}

export interface HealthCheckOptions {
  contact: Pick<ContactService, 'health'>
  rebuilder: {getStatus(): Pick<RebuildStatus, 'lastSuccess' | 'lastFailure' | 'building'>}
  /** CONTACT_MAIL_MAX_WAIT_MINUTES, said in the problem it names; absent without e-mail. */
  maxWaitMinutes?: number
  /**
   * How long the store's answer is reused (5 s unless said). The endpoint is public: each request
   * beyond that is a query to the store, with the Sanity store one to Sanity's API.
   */
  maxAgeMs?: number
  now?: () => number
}

/** GET /api/health for uptime monitors, container and Kubernetes probes: 200 when all is well, else 503. */
export class HealthCheck {
  private cached: {at: number; answer: Promise<ContactHealth>} | undefined
  private readonly options: Required<Omit<HealthCheckOptions, 'maxWaitMinutes'>> & {maxWaitMinutes?: number}

  constructor(options: HealthCheckOptions) {
    this.options = {maxAgeMs: 5_000, now: Date.now, ...options}
  }

  /** The report now; requests arriving together share one look at the store. */
  async report() {
    const {contact, rebuilder, maxWaitMinutes, maxAgeMs, now} = this.options
    if (!this.cached || now() - this.cached.at >= maxAgeMs)
      this.cached = {at: now(), answer: contact.health()}
    return healthReport(await this.cached.answer, rebuilder.getStatus(), maxWaitMinutes)
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers = {'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store'}
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, {...headers, allow: 'GET, HEAD'})
      response.end(JSON.stringify({ok: false, error: 'methodNotAllowed', message: 'Use GET or HEAD.'}))
      return
    }
    const {status, body} = await this.report()
    response.writeHead(status, headers)
    response.end(request.method === 'HEAD' ? undefined : JSON.stringify(body))
  }
}

/** The server's line at start about what the health check watches, and what it answers now. */
export function healthStartLine({status, body}: ReturnType<typeof healthReport>, maxWaitMinutes?: number) {
  const watched = [
    'the message store is not open or the last message could not be stored',
    'the last build failed',
    'the e-mail about a message not marked handled was given up' +
      (maxWaitMinutes ? ` or has waited more than ${maxWaitMinutes} minutes` : ''),
  ]
  const now = status === 200 ? '200 (all is well)' : `503 (${body.problems.join(' ')})`
  return `${HEALTH_ENDPOINT} answers 503 while ${watched.slice(0, -1).join(', ')} or ${watched.at(-1)}; else 200. Now: ${now}`
}
