import {createHash, randomUUID} from 'node:crypto'
import type {ContactConfig} from '../config/index.ts'
import type {ContactContent} from './buildContent.ts'
import {ServedConsents, type ShownConsent} from './consent.ts'
import {contactLanguage, englishNameOf} from './language.ts'
import {smtpNotifier, type Notifier} from './notifier.ts'
import {slidingWindowLimiter, type RateLimiter} from './rateLimit.ts'
import {recoveringStore, StoreUnavailableError} from './recoveringStore.ts'
import {
  validateContactMessage,
  type ContactFieldErrors,
  type ContactMessage,
  type TickedBoxes,
} from './schema.ts'
import {sanityMessageStore} from './sanityStore.ts'
import {sqliteMessageStore, sqliteStoreOpener} from './sqliteStore.ts'
import {referenceOf, type ConsentRecord, type MessageStore} from './store.ts'

export type Submission = {
  fields: unknown
  /** The honeypot: a field people never see, so never fill. */
  website?: unknown
  submissionId?: unknown
  /** The Privacy Policy version the form's page showed (schema.ts, PRIVACY_VERSION_FIELD). */
  privacyVersion?: unknown
  /** The language of the form's page (schema.ts, LANGUAGE_FIELD): its words are recorded. */
  language?: unknown
  /** The digest of the words beside the boxes on the form's page (schema.ts, WORDINGS_FIELD). */
  wordings?: unknown
}

export type Outcome =
  | {kind: 'stored'; id: string; reference: string; duplicate: boolean}
  | {kind: 'invalid'; fieldErrors: ContactFieldErrors}
  | {kind: 'rejected'}
  /** The island sent a submission id it had sent before, with other words: never stored over the first. */
  | {kind: 'changed'}
  /** The page's words, notice and language are no pairing a recent build served (src/contact/consent.ts). */
  | {kind: 'outdated'}
  | {kind: 'rateLimited'; retryAfterSeconds: number}
  | {kind: 'unavailable'}

/** What the service takes from the content of the build being served: its part of the build data. */
export type {ContactContent, SentPageWords} from './buildContent.ts'

/**
 * What the health check (src/server/health.ts) learns from the contact service: states and
 * counts, never a message.
 */
export type ContactHealth = {
  /** Whether e-mail about messages is set up (SMTP_URL). */
  email: 'on' | 'off'
} & (
  | {
      /** Open; `refusingWrites` while the last message could not be saved (a full disk). */
      store: 'open' | 'refusingWrites'
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
  /**
   * A post whose sender went away before its message arrived: it counts for the sender's rate
   * limit like any post (when their address is known), and the log hears of such posts in one
   * line a minute at most.
   */
  abandoned(clientKey?: string): void
  /** Whether the store answers, and how many messages may be going unseen. */
  health(): Promise<ContactHealth>
  /** The content of the build being served, as each message is recorded with it. */
  content(): ContactContent
  /**
   * Remembers the pages of the build live now, so that a visitor may send any of the last few
   * builds' pages even when no message arrived under one: the server calls it when a build goes live.
   */
  buildWentLive(): void
  /** Deletes the messages older than the retention period; says how many. */
  deleteExpired(): Promise<number>
  /** Sends the e-mails still owed now (at start, and after each stored message). */
  flush(): Promise<void>
  close(): Promise<void>
}

/** How often the log hears how many posts were abandoned: a flood of resets is one line a minute. */
const ABANDONED_REPORT_EVERY_MS = 60_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** New ids tried for one message before giving up: a reference taken twice in a row is a broken random source. */
const MAX_ID_ATTEMPTS = 5

/** The digest of everything a send asks to store: what a repeat must match to be taken for it. */
function submissionDigest(
  validation: {message: ContactMessage; ticked: TickedBoxes},
  consent: ConsentRecord,
) {
  const {givenAt: _, ...shown} = consent
  return createHash('sha256')
    .update(JSON.stringify([validation.message, validation.ticked, shown]))
    .digest('hex')
}

/** Providers that deliver "first.last" to "firstlast": a dot in the name is no other mailbox. */
const DOTS_IGNORED: Record<string, string> = {'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com'}

/**
 * The inbox an address delivers to, for the cap per recipient: case ignored, a "+tag" dropped
 * (every large provider delivers "victim+1@" to "victim@"), and at Gmail the dots in the name too.
 * Otherwise one inbox could be sent an acknowledgement for every tag, up to the overall cap.
 */
export function mailboxOf(email: string): string {
  const address = email.toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  const domain = address.slice(at + 1)
  const local = address.slice(0, at).split('+', 1)[0]!
  const provider = DOTS_IGNORED[domain]
  return provider ? `${local.replaceAll('.', '')}@${provider}` : `${local}@${domain}`
}

/** The caps on acknowledgements: per recipient (their mailbox, mailboxOf) and in all. */
export interface AcknowledgementCaps {
  perRecipient: RateLimiter
  overall: RateLimiter
}

/** The caps the configuration sets (CONTACT_ACK_PER_RECIPIENT, CONTACT_ACK_MAX, CONTACT_ACK_WINDOW_SECONDS). */
export const acknowledgementCaps = ({
  perRecipient,
  overall,
  windowSeconds,
}: ContactConfig['acknowledgementCaps']): AcknowledgementCaps => ({
  perRecipient: slidingWindowLimiter(perRecipient, windowSeconds),
  overall: slidingWindowLimiter(overall, windowSeconds, 1),
})

export interface ContactParts {
  store: MessageStore
  limiter: RateLimiter
  /** Without them, every message with an e-mail address is acknowledged (where the server sends e-mail). */
  acknowledgementCaps?: AcknowledgementCaps
  /** The pages of builds served before this service started (the builds still on disk), oldest first. */
  shownBefore?: readonly (readonly ShownConsent[])[]
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
  acknowledgementCaps: caps,
  shownBefore = [],
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
  // Each build's pages, as the service meets them: the live build's at each message.
  const served = new ServedConsents(shownBefore)
  const current = () => {
    const built = content()
    served.add(built.shown)
    return built
  }
  // The build live now is the first met.
  current()

  /**
   * Whether a message to this address may be acknowledged now: within the cap for the address and
   * the cap for all. A message past either is stored and reaches customer care all the same.
   */
  const mayAcknowledge = (email: string) => {
    if (!caps) return true
    const at = now().getTime()
    const allowed =
      caps.perRecipient.take(mailboxOf(email), at).allowed && caps.overall.take('all', at).allowed
    if (!allowed)
      log('A message is stored without an acknowledgement: the cap on acknowledgements was reached.')
    return allowed
  }

  const email = notifier ? 'on' : 'off'
  /**
   * The last save failed in a store that still reads (a full disk answers every count and refuses
   * every message): the monitor says so until a save succeeds.
   */
  let savesFailing = false
  /** The health check's failure to read the store was said in the log, and it has not read it since. */
  let unreadable = false
  const health = async (): Promise<ContactHealth> => {
    try {
      const counts = await store.countUnseen(new Date(now().getTime() - maxMailWaitMs).toISOString())
      unreadable = false
      const state = savesFailing ? 'refusingWrites' : 'open'
      // Without e-mail, no message is ever e-mailed: none is waiting for it.
      return notifier
        ? {email, store: state, ...counts}
        : {email, store: state, emailGivenUp: counts.emailGivenUp}
    } catch (error) {
      // A shut store has said so in the log already; any other failure is said once, not at each check.
      if (!unreadable && !(error instanceof StoreUnavailableError))
        log(`The health check could not read ${store.description}: ${String(error)}`)
      unreadable = true
      return {email, store: 'notOpen'}
    }
  }

  let abandonedUnreported = 0
  let abandonedReportedAt = -Infinity
  const abandoned = (clientKey?: string) => {
    const at = now().getTime()
    if (clientKey) limiter.take(clientKey, at)
    abandonedUnreported++
    if (at - abandonedReportedAt < ABANDONED_REPORT_EVERY_MS) return
    log(
      `${abandonedUnreported === 1 ? 'A contact post was' : `${abandonedUnreported} contact posts were`} ` +
        `abandoned by the sender before the message arrived${abandonedReportedAt === -Infinity ? '' : ' in the last minute or more'}; ` +
        'each counts for its rate limit. The next such line comes a minute from now at the soonest.',
    )
    abandonedUnreported = 0
    abandonedReportedAt = at
  }

  return {
    storeDescription: store.description,
    health,
    abandoned,
    async submit(submission, clientKey) {
      const limit = limiter.take(clientKey, now().getTime())
      if (!limit.allowed) return {kind: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds}
      if (typeof submission.website === 'string' && submission.website.trim() !== '')
        return {kind: 'rejected'}
      // No minimum fill time: the page is static and a plain form post carries nothing the server
      // issued, so any time would be the client's own claim (docs/contact-api.md, "What refuses robots").

      // The live build's pages are among those served.
      current()
      // The page the visitor saw: its words are what they agreed to, and nothing else is recorded.
      // A pairing of words, notice and language no recent build served is refused, never guessed.
      const page = served.find(submission.wordings, submission.privacyVersion, submission.language)
      if (!page) return {kind: 'outdated'}
      const validation = validateContactMessage(
        submission.fields,
        page.boxes.map(({box}) => box),
      )
      if (!validation.ok) return {kind: 'invalid', fieldErrors: validation.fieldErrors}

      const receivedAt = now().toISOString()
      const consent: ConsentRecord = {
        language: page.language,
        givenAt: receivedAt,
        privacyPolicyUpdated: page.privacyPolicyUpdated,
        boxes: page.boxes.map(({box, wording}) => ({box, wording, ticked: validation.ticked[box]})),
        notice: page.notice,
      }
      // The island names each send, so that one repeated after a timeout is stored once; the
      // digest of what it sent tells a repeat from the same name with other words.
      const key =
        typeof submission.submissionId === 'string' && UUID.test(submission.submissionId)
          ? submission.submissionId.toLowerCase()
          : undefined
      const sent = key ? {key, digest: submissionDigest(validation, consent)} : undefined
      // Only where this server sends e-mail, to an address the sender gave, within the caps.
      const email = validation.message.email
      const acknowledge = Boolean(notifier && email && mayAcknowledge(email))
      try {
        // The id, and so the reference, is the server's: never the client's choice, never another's.
        for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
          const id = newId()
          const saved = await store.save(
            {id, receivedAt, ...validation.message, consent, ...(sent ? {submission: sent} : {})},
            {acknowledge},
          )
          savesFailing = false
          if (saved.stored) {
            void flush()
            return {kind: 'stored', id, reference: referenceOf(id), duplicate: false}
          }
          const {existing} = saved
          if (sent && existing.submission?.key === sent.key)
            return existing.submission.digest === sent.digest
              ? {kind: 'stored', id: existing.id, reference: referenceOf(existing.id), duplicate: true}
              : {kind: 'changed'}
          // Another message has this reference: a new id.
        }
        throw new Error(`No free reference in ${MAX_ID_ATTEMPTS} tries.`)
      } catch (error) {
        // A shut store is reported as not open; this is one that opened and still refuses.
        if (!(error instanceof StoreUnavailableError)) savesFailing = true
        log(`A contact message could not be stored in ${store.description}: ${String(error)}`)
        return {kind: 'unavailable'}
      }
    },
    content: current,
    buildWentLive: () => void current(),
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
  {
    content,
    shownBefore,
    log = console.warn,
  }: {
    content: () => ContactContent
    shownBefore?: ContactParts['shownBefore']
    log?: (line: string) => void
  },
): ContactService {
  const store =
    config.store.kind === 'sanity'
      ? sanityMessageStore(config.store)
      : recoveringStore(sqliteStoreOpener(config.store.path), {log, onRecovered: catchUp})
  const mail = config.mail
  const service = createContactService({
    store,
    limiter: slidingWindowLimiter(config.rateLimit.limit, config.rateLimit.windowSeconds),
    acknowledgementCaps: acknowledgementCaps(config.acknowledgementCaps),
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
    shownBefore,
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
