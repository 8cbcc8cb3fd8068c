import {randomUUID} from 'node:crypto'
import {DEFAULT_API_VERSION} from '../content/source'
import {smtpNotifier, type Notifier} from './notifier'
import {slidingWindowLimiter, type RateLimiter} from './rateLimit'
import {validateContactMessage, type ContactFieldErrors} from './schema'
import {sanityMessageStore} from './sanityStore'
import {sqliteMessageStore} from './sqliteStore'
import type {MessageStore} from './store'

export interface ContactEnv {
  CONTACT_DB_PATH?: string
  CONTACT_RATE_LIMIT?: string
  CONTACT_RATE_WINDOW_SECONDS?: string
  CONTACT_MIN_FILL_MS?: string
  CONTACT_MAIL_FROM?: string
  CONTACT_MAIL_TO?: string
  CONTACT_NOTIFY_RETRY_SECONDS?: string
  SMTP_URL?: string
  SANITY_PROJECT_ID?: string
  SANITY_DATASET?: string
  SANITY_API_VERSION?: string
  SANITY_API_WRITE_TOKEN?: string
  SANITY_API_HOST?: string
}

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
  readonly store: MessageStore
  readonly notifier?: Notifier
  submit(submission: Submission, clientKey: string): Promise<Outcome>
  close(): void
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const number = (value: string | undefined, fallback: number) =>
  value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : fallback

export function createContactService(
  env: ContactEnv,
  {supportEmail, log = console.warn}: {supportEmail: () => Promise<string>; log?: (line: string) => void},
): ContactService {
  const store =
    env.SANITY_API_WRITE_TOKEN && env.SANITY_PROJECT_ID
      ? sanityMessageStore({
          projectId: env.SANITY_PROJECT_ID,
          dataset: env.SANITY_DATASET || 'production',
          apiVersion: env.SANITY_API_VERSION || DEFAULT_API_VERSION,
          token: env.SANITY_API_WRITE_TOKEN,
          apiHost: env.SANITY_API_HOST || undefined,
        })
      : sqliteMessageStore(env.CONTACT_DB_PATH || 'data/contact-messages.sqlite')
  const limiter: RateLimiter = slidingWindowLimiter(
    number(env.CONTACT_RATE_LIMIT, 10),
    number(env.CONTACT_RATE_WINDOW_SECONDS, 600),
  )
  const minFillMs = number(env.CONTACT_MIN_FILL_MS, 2500)
  const notifier = env.SMTP_URL
    ? smtpNotifier({
        smtpUrl: env.SMTP_URL,
        to: async () => env.CONTACT_MAIL_TO || (await supportEmail()),
        from: env.CONTACT_MAIL_FROM || 'Website contact form <no-reply@localhost>',
        store,
        log,
      })
    : undefined
  const flush = () => notifier?.flush().catch((error) => log(`Contact e-mail retry failed: ${error}`))
  const retry = notifier ? setInterval(flush, number(env.CONTACT_NOTIFY_RETRY_SECONDS, 60) * 1000) : undefined
  retry?.unref()
  void flush()

  return {
    store,
    notifier,
    async submit(submission, clientKey) {
      const limit = limiter.take(clientKey)
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
          : randomUUID()
      try {
        const {stored} = await store.save({id, receivedAt: new Date().toISOString(), ...validation.message})
        if (stored) void flush()
        return {kind: 'stored', id, duplicate: !stored}
      } catch (error) {
        log(`A contact message could not be stored in ${store.description}: ${error}`)
        return {kind: 'unavailable'}
      }
    },
    close() {
      if (retry) clearInterval(retry)
      notifier?.close()
      store.close()
    },
  }
}
