import {randomUUID} from 'node:crypto'
import type {ContactConfig} from '../config/index.ts'
import type {ContactContent, ContactWords} from '../server/buildData.ts'
import {contactLanguage, englishNameOf} from './language.ts'
import {smtpNotifier, type Notifier} from './notifier.ts'
import {slidingWindowLimiter, type RateLimiter} from './rateLimit.ts'
import {recoveringStore, StoreUnavailableError} from './recoveringStore.ts'
import {
  CONSENT_BOX_NAMES,
  validateContactMessage,
  type ConsentBox,
  type ContactFieldErrors,
} from './schema.ts'
import {sanityMessageStore} from './sanityStore.ts'
import {sqliteMessageStore, sqliteStoreOpener} from './sqliteStore.ts'
import {referenceOf, type MessageStore} from './store.ts'

export type Submission = {
  fields: unknown
  /** The honeypot: a field people never see, so never fill. */
  website?: unknown
  submissionId?: unknown
  /** The Privacy Policy version the form's page showed (schema.ts, PRIVACY_VERSION_FIELD). */
  privacyVersion?: unknown
  /** The language of the form's page (schema.ts, LANGUAGE_FIELD): its words are recorded. */
  language?: unknown
}

/** The date of the Privacy Policy version a form's page showed, if it names one that has been in force. */
function noticeShown(version: unknown, versions: Record<string, string>): string | undefined {
  const number = typeof version === 'number' ? String(version) : version
  return typeof number === 'string' && /^[1-9]\d{0,5}$/.test(number) && Object.hasOwn(versions, number)
    ? versions[number]
    : undefined
}

export type Outcome =
  | {kind: 'stored'; id: string; reference: string; duplicate: boolean}
  | {kind: 'invalid'; fieldErrors: ContactFieldErrors}
  | {kind: 'rejected'}
  | {kind: 'rateLimited'; retryAfterSeconds: number}
  | {kind: 'unavailable'}

/** What the service takes from the content of the build being served: its part of the build data. */
export type {ContactContent, SentPageWords} from '../server/buildData.ts'

/**
 * Where a box's words are in the content: named after the box, so a box the build data has no
 * field for is a type error here. A box whose words the build lacks was not shown.
 */
const wordingOf = (box: ConsentBox) => `${box}Wording` as const satisfies keyof ContactWords

/**
 * What the health check (src/server/health.ts) learns from the contact service: states and
 * counts, never a message.
 */
export type ContactHealth = {
  /** Whether e-mail about messages is set up (SMTP_URL). */
  email: 'on' | 'off'
} & (
  | {
      store: 'open'
      /** Messages not handled whose e-mail to customer care was given up. */
      emailGivenUp: number
      /** Messages not handled whose e-mail has waited longer than allowed; absent without e-mail, where none is sent. */
      emailWaiting?: number
    }
  | {store: 'notOpen'}
)

export interface ContactService {
  /** Names the store the messages are kept in, for the server's log. */
  readonly storeDescription: string
  submit(submission: Submission, clientKey: string): Promise<Outcome>
  /** Whether the store answers, and how many messages may be going unseen. */
  health(): Promise<ContactHealth>
  /** The content of the build being served, as each message is recorded with it. */
  content(): ContactContent
  /** Deletes the messages older than the retention period; says how many. */
  deleteExpired(): Promise<number>
  /** Sends the e-mails still owed now (at start, and after each stored message). */
  flush(): Promise<void>
  close(): Promise<void>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface ContactParts {
  store: MessageStore
  limiter: RateLimiter
  notifier?: Notifier
  /** How often e-mails that are due are sent; without it, only on flush. */
  retryMs?: number
  /** How long an e-mail may wait after its message arrived before the health check reports it. */
  maxMailWaitMs?: number
  content: () => ContactContent
  /** How often expired messages are deleted; without it, only on deleteExpired. */
  purgeEveryMs?: number
  now?: () => Date
  newId?: () => string
  log?: (line: string) => void
}

/**
 * The contact form's one service: it checks a submission (rate limit, honeypot, fields), stores
 * it, and has it e-mailed. Built from its parts, so a test can hand it an in-memory store and a
 * clock.
 */
export function createContactService({
  store,
  limiter,
  notifier,
  retryMs,
  maxMailWaitMs = 60 * 60_000,
  content,
  purgeEveryMs,
  now = () => new Date(),
  newId = randomUUID,
  log = console.warn,
}: ContactParts): ContactService {
  const flush = async () => {
    await notifier?.flush().catch((error: unknown) => {
      // A shut store has said so in the log already, and the e-mails wait in it until it opens.
      if (!(error instanceof StoreUnavailableError)) log(`Contact e-mail retry failed: ${String(error)}`)
    })
  }
  const deleteExpired = async () => {
    const {retentionMonths} = content()
    // Never everything at once: a period of no months is a mistake, not an instruction.
    if (!(retentionMonths >= 1)) throw new Error(`A retention of ${retentionMonths} months deletes nothing.`)
    const cutoff = monthsBefore(now(), retentionMonths)
    // A shut store is purged when it opens again (contactServiceFromConfig); nothing to do till then.
    const deleted = await store.deleteReceivedBefore(cutoff.toISOString()).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) return 0
      throw error
    })
    if (deleted > 0)
      log(
        `Deleted ${deleted} contact message${deleted === 1 ? '' : 's'} received before ${cutoff.toISOString()}.`,
      )
    return deleted
  }
  const timers = [
    notifier && retryMs ? setInterval(() => void flush(), retryMs) : undefined,
    purgeEveryMs
      ? setInterval(
          () =>
            void deleteExpired().catch((error: unknown) =>
              log(`Deleting old contact messages failed: ${String(error)}`),
            ),
          purgeEveryMs,
        )
      : undefined,
  ]
  for (const timer of timers) timer?.unref()

  const email = notifier ? 'on' : 'off'
  /** The health check's failure to read the store was said in the log, and it has not read it since. */
  let unreadable = false
  const health = async (): Promise<ContactHealth> => {
    try {
      const counts = await store.countUnseen(new Date(now().getTime() - maxMailWaitMs).toISOString())
      unreadable = false
      // Without e-mail, no message is ever e-mailed: none is waiting for it.
      return notifier
        ? {email, store: 'open', ...counts}
        : {email, store: 'open', emailGivenUp: counts.emailGivenUp}
    } catch (error) {
      // A shut store has said so in the log already; any other failure is said once, not at each check.
      if (!unreadable && !(error instanceof StoreUnavailableError))
        log(`The health check could not read ${store.description}: ${String(error)}`)
      unreadable = true
      return {email, store: 'notOpen'}
    }
  }

  return {
    storeDescription: store.description,
    health,
    async submit(submission, clientKey) {
      const limit = limiter.take(clientKey, now().getTime())
      if (!limit.allowed) return {kind: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds}
      if (typeof submission.website === 'string' && submission.website.trim() !== '')
        return {kind: 'rejected'}
      // No minimum fill time: the page is static and a plain form post carries nothing the server
      // issued, so any time would be the client's own claim (docs/contact-api.md, "What refuses robots").

      const built = content()
      // The words of the page the visitor saw: those are what they agreed to.
      const language = contactLanguage(built, submission.language)
      const {words} = language
      const shown = CONSENT_BOX_NAMES.filter((box) => typeof words[wordingOf(box)] === 'string')
      const validation = validateContactMessage(submission.fields, shown)
      if (!validation.ok) return {kind: 'invalid', fieldErrors: validation.fieldErrors}

      const id =
        typeof submission.submissionId === 'string' && UUID.test(submission.submissionId)
          ? submission.submissionId.toLowerCase()
          : newId()
      try {
        const receivedAt = now().toISOString()
        const {privacyPolicyUpdated, privacyPolicyVersions = {}} = built
        const {stored} = await store.save(
          {
            id,
            receivedAt,
            ...validation.message,
            consent: {
              language: language.code,
              givenAt: receivedAt,
              privacyPolicyUpdated:
                noticeShown(submission.privacyVersion, privacyPolicyVersions) ?? privacyPolicyUpdated,
              wording: words.consentWording,
              ageConfirmationWording: words.ageConfirmationWording ?? '',
              healthDetailsAllowed: validation.ticked.healthDetails,
              healthDetailsWording: words.healthDetailsWording ?? '',
            },
          },
          // Only where this server sends e-mail, to an address the sender gave, in words the build has.
          {acknowledge: Boolean(notifier && words.acknowledgement && validation.message.email)},
        )
        if (stored) void flush()
        return {kind: 'stored', id, reference: referenceOf(id), duplicate: !stored}
      } catch (error) {
        log(`A contact message could not be stored in ${store.description}: ${String(error)}`)
        return {kind: 'unavailable'}
      }
    },
    content,
    flush,
    deleteExpired,
    async close() {
      for (const timer of timers) if (timer) clearInterval(timer)
      await notifier?.close()
      store.close()
    },
  }
}

/**
 * The store the configuration names, opened now: SQLite by default, Sanity with a write token.
 * Throws when it cannot be opened, as a command run by hand should (scripts/messages.ts).
 */
export function messageStoreFromConfig(config: ContactConfig['store']): MessageStore {
  return config.kind === 'sanity' ? sanityMessageStore(config) : sqliteMessageStore(config.path)
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The service as the configuration describes it: SQLite or Sanity for the store, SMTP for the
 * e-mails. `content` gives what it needs from the build being served. Expired messages are
 * deleted once a day; the server also asks for it at start.
 *
 * It never throws for the store: a SQLite file that cannot be opened is retried in the background
 * while the form answers 503 (recoveringStore.ts), so the pages stay up. The Sanity store opens
 * nothing at start; each of its requests that fails is that message's 503.
 */
export function contactServiceFromConfig(
  config: ContactConfig,
  {content, log = console.warn}: {content: () => ContactContent; log?: (line: string) => void},
): ContactService {
  const store =
    config.store.kind === 'sanity'
      ? sanityMessageStore(config.store)
      : recoveringStore(sqliteStoreOpener(config.store.path), {log, onRecovered: catchUp})
  const mail = config.mail
  const service = createContactService({
    store,
    limiter: slidingWindowLimiter(config.rateLimit.limit, config.rateLimit.windowSeconds),
    notifier: mail
      ? smtpNotifier({
          smtpUrl: mail.smtpUrl,
          to: () => mail.to ?? content().customerCareEmail,
          from: mail.from,
          acknowledgement: (language) => contactLanguage(content(), language).words.acknowledgement,
          languageName: (language) => englishNameOf(content(), language),
          store,
          retry: {firstWaitMs: mail.retrySeconds * 1000, maxAttempts: mail.maxAttempts},
          log,
        })
      : undefined,
    retryMs: mail ? mail.retrySeconds * 1000 : undefined,
    maxMailWaitMs: mail ? mail.maxWaitMinutes * 60_000 : undefined,
    content,
    purgeEveryMs: DAY_MS,
    log,
  })
  /** What the server does at start, done when a shut store opens: expired messages go, owed e-mails go out. */
  function catchUp() {
    void service
      .deleteExpired()
      .catch((error: unknown) => log(`Deleting old contact messages failed: ${String(error)}`))
    void service.flush()
  }
  return service
}

/** The same day and time `months` calendar months earlier (the 31st of a shorter month: its last day). */
export function monthsBefore(date: Date, months: number): Date {
  const earlier = new Date(date)
  const day = earlier.getUTCDate()
  earlier.setUTCDate(1)
  earlier.setUTCMonth(earlier.getUTCMonth() - months)
  const lastDay = new Date(Date.UTC(earlier.getUTCFullYear(), earlier.getUTCMonth() + 1, 0)).getUTCDate()
  earlier.setUTCDate(Math.min(day, lastDay))
  return earlier
}
