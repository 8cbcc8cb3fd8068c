import type {Notifier} from './notifier.ts'
import {StoreUnavailableError} from './recoveringStore.ts'

export interface OwedEmails {
  /** Sends the e-mails still owed now; never throws (a failure is logged, the e-mails wait). */
  flush(): Promise<void>
  /** Ends the repeated sending. */
  stop(): void
}

/**
 * The e-mails owed about stored messages (to customer care, and the sender's acknowledgement),
 * sent when asked (after each stored message, at start) and every `retryMs` without anyone
 * asking, so one refused while the mail server was down goes out once it is back. Without a
 * notifier (no SMTP_URL) nothing is owed.
 */
export function owedEmails({
  notifier,
  retryMs,
  log,
}: {
  notifier?: Pick<Notifier, 'flush'>
  retryMs?: number
  log: (line: string) => void
}): OwedEmails {
  const flush = async () => {
    await notifier?.flush().catch((error: unknown) => {
      // A shut store has said so in the log already, and the e-mails wait in it until it opens.
      if (!(error instanceof StoreUnavailableError)) log(`Contact e-mail retry failed: ${String(error)}`)
    })
  }
  const timer = notifier && retryMs ? setInterval(() => void flush(), retryMs) : undefined
  // The timer never keeps a process alive that has nothing else to do (a command, a test).
  timer?.unref()
  return {flush, stop: () => clearInterval(timer)}
}
