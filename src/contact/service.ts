import {randomUUID} from 'node:crypto'
import type {ContactConfig} from '../config/index.ts'
import type {ContactContent} from './buildContent.ts'
import {abandonedPosts} from './abandonedPosts.ts'
import {acknowledgementAllowance, acknowledgementCaps, type AcknowledgementCaps} from './acknowledgements.ts'
import type {ShownConsent} from './consent.ts'
import {contactHealthCheck, type ContactHealth} from './contactHealth.ts'
import {contactLanguage, englishNameOf} from './language.ts'
import {messageSaver} from './messageSaver.ts'
import {smtpNotifier, type Notifier} from './notifier.ts'
import {owedEmails} from './owedEmails.ts'
import {slidingWindowLimiter, type RateLimiter} from './rateLimit.ts'
import {recoveringStore} from './recoveringStore.ts'
import {retention} from './retention.ts'
import {sanityMessageStore} from './sanityStore.ts'
import {sqliteMessageStore, sqliteStoreOpener} from './sqliteStore.ts'
import type {MessageStore} from './store.ts'
import {acceptSubmission, servedPages, type Outcome, type Submission} from './submission.ts'

/** What the service takes from the content of the build being served: its part of the build data. */
export type {ContactContent, SentPageWords} from './buildContent.ts'

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
  /** The content of the build being served: the words the contact route answers in. */
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
 * clock. Each job is a part of its own, named below; this function only hands each what it needs:
 *
 * - acceptSubmission (submission.ts): what a post becomes, refused or a message with its consent;
 * - messageSaver: storing it under a new id, and whether saves fail;
 * - acknowledgementAllowance (acknowledgements.ts): the caps on acknowledging senders;
 * - owedEmails: sending the e-mails owed, now and on a timer; retention: deleting old messages;
 * - contactHealthCheck: what the health check hears; abandonedPosts: posts whose sender left.
 *
 * What two parts share (the store, the rate limiter, the build's content, the clock, the log) is
 * handed to each here, and no part keeps state another reads but the saver's `refusingWrites`,
 * which the health check asks for.
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
  const emails = owedEmails({notifier, retryMs, log})
  const expiry = retention({
    store,
    retentionMonths: () => content().retentionMonths,
    everyMs: purgeEveryMs,
    now,
    log,
  })
  const pages = servedPages(content, shownBefore)
  const mayAcknowledge = acknowledgementAllowance(caps, {now, log})
  const saver = messageSaver({store, newId, log})

  return {
    storeDescription: store.description,
    health: contactHealthCheck({
      store,
      email: notifier ? 'on' : 'off',
      maxMailWaitMs,
      refusingWrites: () => saver.refusingWrites,
      now,
      log,
    }),
    abandoned: abandonedPosts({limiter, now, log}),
    async submit(submission, clientKey) {
      const limit = limiter.take(clientKey, now().getTime())
      if (!limit.allowed) return {kind: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds}
      const accepted = acceptSubmission(submission, {pages, now})
      if ('kind' in accepted) return accepted
      // Only where this server sends e-mail, to an address the sender gave, within the caps.
      const email = accepted.message.email
      const acknowledge = Boolean(notifier && email && mayAcknowledge(email))
      const outcome = await saver.save(accepted.message, {acknowledge})
      if (outcome.kind === 'stored' && !outcome.duplicate) void emails.flush()
      return outcome
    },
    content,
    buildWentLive: pages.noteLiveBuild,
    flush: emails.flush,
    deleteExpired: expiry.deleteExpired,
    async close() {
      emails.stop()
      expiry.stop()
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
