import {StoreUnavailableError} from './recoveringStore.ts'
import type {MessageStore} from './store.ts'

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

/**
 * The contact service's answer to the health check: whether the store reads and takes messages,
 * and how many messages may be going unseen. It reads the store and never writes; whether saves
 * fail is the saver's to say (messageSaver.ts), asked through `refusingWrites`.
 */
export function contactHealthCheck({
  store,
  email,
  maxMailWaitMs,
  refusingWrites,
  now,
  log,
}: {
  store: Pick<MessageStore, 'countUnseen' | 'description'>
  email: ContactHealth['email']
  /** How long an e-mail may wait after its message arrived before it counts as waiting too long. */
  maxMailWaitMs: number
  refusingWrites: () => boolean
  now: () => Date
  log: (line: string) => void
}): () => Promise<ContactHealth> {
  /** The failure to read the store was said in the log, and it has not been read since. */
  let unreadable = false
  return async () => {
    try {
      const counts = await store.countUnseen(new Date(now().getTime() - maxMailWaitMs).toISOString())
      unreadable = false
      const state = refusingWrites() ? 'refusingWrites' : 'open'
      // Without e-mail, no message is ever e-mailed: none is waiting for it.
      return email === 'on'
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
}
