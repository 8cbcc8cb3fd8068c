import {randomUUID} from 'node:crypto'
import type {ContactConfig} from '../config/index.ts'
import {smtpNotifier, type Notifier} from './notifier.ts'
import {slidingWindowLimiter, type RateLimiter} from './rateLimit.ts'
import {validateContactMessage, type ContactFieldErrors} from './schema.ts'
import {sanityMessageStore} from './sanityStore.ts'
import {sqliteMessageStore} from './sqliteStore.ts'
import type {MessageStore} from './store.ts'

export type Submission = {
  fields: unknown
  /** The honeypot: a field people never see, so never fill. */
  website?: unknown
  /** Milliseconds between the form appearing and being sent, when the page's script measured it. */
  elapsedMs?: unknown
  submissionId?: unknown
}

export type Outcome =
  | {kind: 'stored'; id: string; duplicate: boolean}
  | {kind: 'invalid'; fieldErrors: ContactFieldErrors}
  | {kind: 'rejected'}
  | {kind: 'rateLimited'; retryAfterSeconds: number}
  | {kind: 'unavailable'}

export interface ContactService {
  submit(submission: Submission, clientKey: string): Promise<Outcome>
  /** Sends the e-mails still owed now (at start, and after each stored message). */
  flush(): Promise<void>
  close(): Promise<void>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface ContactParts {
  store: MessageStore
  limiter: RateLimiter
  /** A form sent faster than this after its page began to load is refused as a robot's. */
  minFillMs: number
  notifier?: Notifier
  /** How often e-mails that could not be sent are retried; without it, only on flush. */
  retryMs?: number
  now?: () => Date
  newId?: () => string
  log?: (line: string) => void
}

/**
 * The contact form's one service: it checks a submission (rate limit, honeypot, fill time,
 * fields), stores it, and has it e-mailed. Built from its parts, so a test can hand it an
 * in-memory store and a clock.
 */
export function createContactService({
  store,
  limiter,
  minFillMs,
  notifier,
  retryMs,
  now = () => new Date(),
  newId = randomUUID,
  log = console.warn,
}: ContactParts): ContactService {
  const flush = async () => {
    await notifier?.flush().catch((error: unknown) => log(`Contact e-mail retry failed: ${String(error)}`))
  }
  const retry = notifier && retryMs ? setInterval(() => void flush(), retryMs) : undefined
  retry?.unref()

  return {
    async submit(submission, clientKey) {
      const limit = limiter.take(clientKey, now().getTime())
      if (!limit.allowed) return {kind: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds}
      if (typeof submission.website === 'string' && submission.website.trim() !== '')
        return {kind: 'rejected'}
      const elapsed = Number(submission.elapsedMs)
      if (submission.elapsedMs !== undefined && !(elapsed >= minFillMs)) return {kind: 'rejected'}

      const validation = validateContactMessage(submission.fields)
      if (!validation.ok) return {kind: 'invalid', fieldErrors: validation.fieldErrors}

      const id =
        typeof submission.submissionId === 'string' && UUID.test(submission.submissionId)
          ? submission.submissionId.toLowerCase()
          : newId()
      try {
        const {stored} = await store.save({id, receivedAt: now().toISOString(), ...validation.message})
        if (stored) void flush()
        return {kind: 'stored', id, duplicate: !stored}
      } catch (error) {
        log(`A contact message could not be stored in ${store.description}: ${String(error)}`)
        return {kind: 'unavailable'}
      }
    },
    flush,
    async close() {
      if (retry) clearInterval(retry)
      await notifier?.close()
      store.close()
    },
  }
}

/**
 * The service as the configuration describes it: SQLite or Sanity for the store, SMTP for the
 * e-mails. `notifyTo` names the customer-care address of the build being served.
 */
export function contactServiceFromConfig(
  config: ContactConfig,
  {notifyTo, log = console.warn}: {notifyTo: () => string; log?: (line: string) => void},
): ContactService {
  const store =
    config.store.kind === 'sanity' ? sanityMessageStore(config.store) : sqliteMessageStore(config.store.path)
  const mail = config.mail
  return createContactService({
    store,
    limiter: slidingWindowLimiter(config.rateLimit.limit, config.rateLimit.windowSeconds),
    minFillMs: config.minFillMs,
    notifier: mail
      ? smtpNotifier({smtpUrl: mail.smtpUrl, to: () => mail.to ?? notifyTo(), from: mail.from, store, log})
      : undefined,
    retryMs: mail ? mail.retrySeconds * 1000 : undefined,
    log,
  })
}
