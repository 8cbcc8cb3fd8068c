import nodemailer from 'nodemailer'
import type {MessageStore, StoredMessage} from './store.ts'

export interface Notifier {
  /** Sends the e-mails that are due (at most 50 at a time); a failure leaves the message stored for a later try. */
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

interface NotifierOptions {
  smtpUrl: string
  /** The recipient, asked at each flush: the address of the build being served. */
  to: () => string
  from: string
  store: MessageStore
  retry?: RetryPolicy
  now?: () => Date
  log?: (line: string) => void
}

function mailText(message: StoredMessage): string {
  return [
    `A visitor wrote through the contact form on ${message.receivedAt}.`,
    '',
    `Name:    ${message.name || '(not given)'}`,
    `E-mail:  ${message.email || '(not given)'}`,
    `Phone:   ${message.phone || '(not given)'}`,
    `Subject: ${message.subject || '(not given)'}`,
    '',
    message.message,
    '',
    `Message id: ${message.id}`,
  ].join('\n')
}

/** Nodemailer's codes for a server that could not be reached or spoken to at all. */
const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH', 'ETLS', 'EPROXY'])
const unreachable = (error: unknown) => CONNECTION_ERRORS.has(String((error as {code?: unknown})?.code))

/** E-mails the support address about each new message, plain text only. */
export function smtpNotifier({
  smtpUrl,
  to,
  from,
  store,
  retry = DEFAULT_RETRY,
  now = () => new Date(),
  log = console.warn,
}: NotifierOptions): Notifier {
  const transport = nodemailer.createTransport(smtpUrl)
  let running: Promise<{sent: number; failed: number}> | undefined

  async function send(): Promise<{sent: number; failed: number}> {
    let sent = 0
    let failed = 0
    const recipient = to()
    for (const message of await store.dueForNotification(now().toISOString(), 50)) {
      try {
        await transport.sendMail({
          from,
          to: recipient,
          replyTo: message.email || undefined,
          subject: `Website message: ${message.subject || message.name || 'no subject'}`.slice(0, 200),
          text: mailText(message),
        })
      } catch (error) {
        failed++
        const reason = error instanceof Error ? error.message : String(error)
        // A mail server that cannot be reached fails every message alike: nothing is counted
        // against the message, and the rest wait for the next try.
        if (unreachable(error)) {
          log(
            `Contact message ${message.id} is stored; the mail server could not be reached (${reason}). It will be retried.`,
          )
          break
        }
        // A refusal of this one message must not hold back the others; it is retried later and
        // later, and given up after the last attempt.
        const attempts = message.notification.attempts + 1
        const next = afterRefusal(attempts, now(), retry)
        await store.recordNotificationFailure(message.id, {error: reason, ...next})
        log(
          next.gaveUpAt
            ? `Contact message ${message.id} is stored, but the mail server refused its e-mail ${attempts} times (${reason}); it is no longer retried. Read it with \`npm run messages -- list\` or in Studio and reply from there.`
            : `Contact message ${message.id} is stored; the mail server refused its e-mail (${reason}). Attempt ${attempts} of ${retry.maxAttempts}; next try after ${next.nextAttemptAt}.`,
        )
        continue
      }
      sent++
      // The e-mail went out: a store that fails to record it now is not the mail server refusing.
      await store
        .markNotified(message.id, now().toISOString())
        .catch((error: unknown) =>
          log(`Contact message ${message.id} was e-mailed, but could not be marked so: ${String(error)}`),
        )
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
