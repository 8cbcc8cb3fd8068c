import nodemailer from 'nodemailer'
import {DEFAULT_LANGUAGE} from '../../model/translations.ts'
import type {AcknowledgementWords} from './buildContent.ts'
import {
  isTicked,
  MAILS,
  referenceOf,
  type Mail,
  type MessageRecord,
  type MessageStore,
  type StoredMessage,
} from './store.ts'

export interface Notifier {
  /**
   * Sends the e-mails that are due (at most 50 of each kind at a time): the notifications to
   * customer care, then the acknowledgements to senders. A failure leaves the message stored for a later try.
   */
  flush(): Promise<{sent: number; failed: number}>
  /** Waits for a send in progress, so a message e-mailed just now is also marked as sent. */
  close(): Promise<void>
}

/** How refused e-mails are retried: at growing intervals, then given up and reported. */
export interface RetryPolicy {
  /** The wait after the first refusal; each further refusal doubles it. */
  firstWaitMs: number
  /** After this many refusals the e-mail is given up. */
  maxAttempts: number
}

const DEFAULT_RETRY: RetryPolicy = {firstWaitMs: 60_000, maxAttempts: 8}

/** What to record after the mail server refused a message's e-mail for the `attempts`-th time. */
function afterRefusal(attempts: number, now: Date, policy: RetryPolicy) {
  if (attempts >= policy.maxAttempts) return {gaveUpAt: now.toISOString()}
  return {nextAttemptAt: new Date(now.getTime() + policy.firstWaitMs * 2 ** (attempts - 1)).toISOString()}
}

export type {AcknowledgementWords}

interface NotifierOptions {
  smtpUrl: string
  /** Customer care's address, asked at each flush: the address of the build being served. */
  to: () => string
  from: string
  store: MessageStore
  /** The acknowledgement's words in a language (the message's), asked at each flush. */
  acknowledgement: (language: string) => AcknowledgementWords
  /** A language's name in English, for customer care ("Hindi"); undefined for one the build no longer offers. */
  languageName?: (language: string) => string | undefined
  retry?: RetryPolicy
  now?: () => Date
  log?: (line: string) => void
}

/** The language of a message's page. */
const languageOf = (message: StoredMessage) => message.consent.language

/** Which page the visitor wrote from, in English: "Written from the Hindi page (hi)." */
export function writtenFrom(code: string, name: string | undefined): string {
  return name
    ? `Written from the ${name} page (${code}).`
    : `Written from the page in the language "${code}".`
}

function mailText(message: StoredMessage, languageName: string | undefined): string {
  return [
    `A visitor wrote through the contact form on ${message.receivedAt}.`,
    writtenFrom(languageOf(message), languageName),
    '',
    `Name:    ${message.name || '(not given)'}`,
    `E-mail:  ${message.email || '(not given)'}`,
    `Phone:   ${message.phone || '(not given)'}`,
    `Subject: ${message.subject || '(not given)'}`,
    '',
    message.message,
    '',
    // What the notice beside the form promised about health details (the health box).
    isTicked(message.consent, 'healthDetails')
      ? 'Health details may be used: yes. The visitor ticked the box allowing us to arrange their care with the doctors and hospitals they choose, and to share the details with them for it; never with hotels.'
      : 'Health details may be used: no. Read the message and reply; ask the visitor before arranging care with its health details or sharing them.',
    "If the message is about another adult's health, ask that person or their lawful representative before acting on it.",
    "If the message is about or from a child (under 18), use it only to ask for, and verify, a parent's or lawful guardian's consent; if that is not verified, erase it with every copy within the time the Privacy Policy gives.",
    '',
    `Reference:  ${referenceOf(message.id)}`,
    `Message id: ${message.id}`,
  ].join('\n')
}

/**
 * An address as nodemailer takes it: an object with no name, so no display name, group or list
 * can ever be read into a header from what a visitor typed (the form takes only a bare address,
 * model/addressShapes.ts).
 */
type Address = {name: ''; address: string}
const bare = (email: string): Address => ({name: '', address: email})

/** One e-mail as it goes out. */
type Envelope = {to: string | Address; replyTo?: string | Address; subject: string; text: string}

/**
 * The acknowledgement repeats nothing the sender typed (not the name, subject or message), so the
 * form cannot be used to send someone else words of the sender's choosing; the rate limit bounds
 * how many go out.
 */
function acknowledgementText(message: MessageRecord, words: AcknowledgementWords): string {
  return `${words.body.trim()}\n\n${words.referenceLabel} ${referenceOf(message.id)}`
}

/** How the log names each e-mail. */
const ABOUT: Record<Mail, {what: string; went: string}> = {
  notification: {what: 'its e-mail', went: 'was e-mailed'},
  acknowledgement: {what: 'the acknowledgement to its sender', went: 'was acknowledged to its sender'},
}

/** Nodemailer's codes for a server that could not be reached or spoken to at all. */
const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH', 'ETLS', 'EPROXY'])
const unreachable = (error: unknown) => CONNECTION_ERRORS.has(String((error as {code?: unknown})?.code))

/**
 * E-mails the support address about each new message, and acknowledges it to the sender, plain
 * text only. Each e-mail has its own state in the store: one refused is retried on its own and never
 * holds back the other.
 */
export function smtpNotifier({
  smtpUrl,
  to,
  from,
  store,
  acknowledgement,
  languageName = (language) => (language === DEFAULT_LANGUAGE ? 'English' : undefined),
  retry = DEFAULT_RETRY,
  now = () => new Date(),
  log = console.warn,
}: NotifierOptions): Notifier {
  const transport = nodemailer.createTransport(smtpUrl)
  let running: Promise<{sent: number; failed: number}> | undefined

  async function send(): Promise<{sent: number; failed: number}> {
    let sent = 0
    let failed = 0
    const careAddress = to()
    const envelope: Record<Mail, (message: MessageRecord) => Envelope> = {
      notification: (message) => ({
        to: careAddress,
        replyTo: message.email ? bare(message.email) : undefined,
        subject: `Website message: ${message.subject || message.name || 'no subject'}`.slice(0, 200),
        text: mailText(message, languageName(languageOf(message))),
      }),
      acknowledgement: (message) => {
        const words = acknowledgement(languageOf(message))
        return {
          // Owed only to a sender who gave an address (src/contact/service.ts).
          to: bare(message.email),
          // A reply reaches customer care, not this server's sending address.
          replyTo: careAddress,
          subject: oneLine(words.subject),
          text: acknowledgementText(message, words),
        }
      },
    }
    for (const mail of MAILS) {
      for (const message of await store.dueFor(mail, now().toISOString(), 50)) {
        const outgoing = envelope[mail](message)
        try {
          await transport.sendMail({from, ...outgoing})
        } catch (error) {
          failed++
          // Kept whole with the message; in the log, a mail server's words lose any e-mail
          // address they repeat: the Privacy Policy says the server's log holds no one's details.
          const fullReason = error instanceof Error ? error.message : String(error)
          const reason = withoutAddresses(fullReason)
          // A mail server that cannot be reached fails every e-mail alike: nothing is counted
          // against the message, and the rest wait for the next try.
          if (unreachable(error)) {
            log(
              `Contact message ${message.id} is stored; the mail server could not be reached (${reason}). It will be retried.`,
            )
            return {sent, failed}
          }
          // A refusal of this one e-mail must not hold back the others; it is retried later and
          // later, and given up after the last attempt.
          const attempts = (message[mail]?.attempts ?? 0) + 1
          const next = afterRefusal(attempts, now(), retry)
          await store.recordRefusal(mail, message.id, {error: fullReason, ...next})
          log(
            next.gaveUpAt
              ? `Contact message ${message.id} is stored, but the mail server refused ${ABOUT[mail].what} ${attempts} times (${reason}); it is no longer retried. Read it with \`npm run messages -- show ${referenceOf(message.id)}\` (or in Studio's Inbox), answer it, then mark it handled: \`npm run messages -- handled ${referenceOf(message.id)}\`.`
              : `Contact message ${message.id} is stored; the mail server refused ${ABOUT[mail].what} (${reason}). Attempt ${attempts} of ${retry.maxAttempts}; next try after ${next.nextAttemptAt}.`,
          )
          continue
        }
        sent++
        // The e-mail went out: a store that fails to record it now is not the mail server refusing.
        await store
          .markSent(mail, message.id, now().toISOString())
          .catch((error: unknown) =>
            log(
              `Contact message ${message.id} ${ABOUT[mail].went}, but could not be marked so: ${String(error)}`,
            ),
          )
      }
    }
    return {sent, failed}
  }

  return {
    // One flush at a time; a call during a flush waits for it and then runs again.
    async flush() {
      while (running) await running.catch(() => undefined)
      running = send().finally(() => (running = undefined))
      return running
    },
    async close() {
      await running?.catch(() => undefined)
      transport.close()
    },
  }
}

/** A subject is one line: staff's words never add a header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200)

/** A mail server's words without the e-mail addresses they may repeat ("<asha@example.com>"). */
export const withoutAddresses = (text: string) =>
  text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]')
