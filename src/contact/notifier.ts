import nodemailer from 'nodemailer'
import type {MessageStore, StoredMessage} from './store.ts'

export interface Notifier {
  /** Sends every stored message not yet e-mailed; a failure leaves it stored for the next try. */
  flush(): Promise<{sent: number; failed: number}>
  /** Waits for a send in progress, so a message e-mailed just now is also marked as sent. */
  close(): Promise<void>
}

interface NotifierOptions {
  smtpUrl: string
  /** The recipient, asked at each flush: the address of the build being served. */
  to: () => string
  from: string
  store: MessageStore
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
export function smtpNotifier({smtpUrl, to, from, store, log = console.warn}: NotifierOptions): Notifier {
  const transport = nodemailer.createTransport(smtpUrl)
  let running: Promise<{sent: number; failed: number}> | undefined

  async function send(): Promise<{sent: number; failed: number}> {
    let sent = 0
    let failed = 0
    const recipient = to()
    for (const message of await store.unnotified(50)) {
      try {
        await transport.sendMail({
          from,
          to: recipient,
          replyTo: message.email || undefined,
          subject: `Website message: ${message.subject || message.name || 'no subject'}`.slice(0, 200),
          text: mailText(message),
        })
        await store.markNotified(message.id, new Date().toISOString())
        sent++
      } catch (error) {
        failed++
        const reason = error instanceof Error ? error.message : String(error)
        await store.recordNotificationFailure(message.id, reason)
        log(
          `Contact message ${message.id} is stored; its e-mail could not be sent yet (${reason}). It will be retried.`,
        )
        // A mail server that cannot be reached fails every message alike: wait for the next try.
        // A refusal of this one message must not hold back the others.
        if (unreachable(error)) break
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
