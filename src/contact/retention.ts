import {StoreUnavailableError} from './recoveringStore.ts'
import type {MessageStore} from './store.ts'

export interface Retention {
  /** Deletes the messages older than the retention period; says how many. */
  deleteExpired(): Promise<number>
  /** Ends the repeated deletion. */
  stop(): void
}

/**
 * The retention period kept: messages older than the build's retention (the Privacy Policy's
 * promise) are deleted when asked, and every `everyMs` without anyone asking, so a server that
 * runs for months keeps its promise.
 */
export function retention({
  store,
  retentionMonths,
  everyMs,
  now,
  log,
}: {
  store: Pick<MessageStore, 'deleteReceivedBefore'>
  /** The period in the build being served: staff may change it with a publish. */
  retentionMonths: () => number
  /** How often expired messages are deleted; without it, only on deleteExpired. */
  everyMs?: number
  now: () => Date
  log: (line: string) => void
}): Retention {
  const deleteExpired = async () => {
    const months = retentionMonths()
    // Never everything at once: a period of no months is a mistake, not an instruction.
    if (!(months >= 1)) throw new Error(`A retention of ${months} months deletes nothing.`)
    const cutoff = monthsBefore(now(), months)
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
  const timer = everyMs
    ? setInterval(
        () =>
          void deleteExpired().catch((error: unknown) =>
            log(`Deleting old contact messages failed: ${String(error)}`),
          ),
        everyMs,
      )
    : undefined
  // The timer never keeps a process alive that has nothing else to do (a command, a test).
  timer?.unref()
  return {deleteExpired, stop: () => clearInterval(timer)}
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
