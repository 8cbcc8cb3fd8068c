import type {MessageStore} from './store.ts'

/** How to open a store that can fail to open (the SQLite file), and what to tell staff when it does. */
export interface StoreOpener {
  /** Names the store in the log before it is open: "SQLite file /srv/site/data/contact-messages.sqlite". */
  description: string
  open(): MessageStore
  /** What to check when it cannot be opened, said once in the log. */
  advice: string
  /** Whether an error from the open store means its connection is spent and must be opened again. */
  isBroken(error: unknown): boolean
}

/** The store is not open now: the message is refused with 503 and nothing is lost on the visitor's side. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError'
}

export interface RecoveryOptions {
  /** The pause before the first new try; it doubles after each failure, up to `maxRetryMs`. */
  firstRetryMs?: number
  maxRetryMs?: number
  log?: (line: string) => void
  /** Called when the store opens after having been shut, so what was owed meanwhile is done now. */
  onRecovered?: () => void
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`)

/**
 * A store that never takes the server down with it. It opens the store at once; when that fails,
 * or an operation later shows the connection is spent (a damaged or vanished file, a disk error),
 * it logs what is wrong and tries to open it again in the background, after 5 s, then twice as
 * long after each failure up to 5 minutes. Meanwhile every operation throws StoreUnavailableError,
 * which the contact service answers with 503, and the pages are served as ever.
 *
 * An operation that fails for another reason (a full disk, a busy file) fails alone: the
 * connection is still good, and closing it would not help.
 */
export function recoveringStore(
  opener: StoreOpener,
  {firstRetryMs = 5_000, maxRetryMs = 300_000, log = console.warn, onRecovered}: RecoveryOptions = {},
): MessageStore {
  const name = `The contact message store (${opener.description})`
  let store: MessageStore | undefined
  let retry: NodeJS.Timeout | undefined
  let pauseMs = firstRetryMs
  let closed = false
  /** The log said the store is shut, and has not yet said it is open again. */
  let down = false

  const open = () => {
    try {
      store = opener.open()
    } catch (error) {
      const next = tryAgainLater()
      log(
        down
          ? `${name} still cannot be opened: ${String(error)}. Next try in ${next}.`
          : `${name} cannot be opened: ${String(error)}. The pages are served; the contact form answers 503 until the store opens. ${opener.advice} Next try in ${next}.`,
      )
      down = true
      return
    }
    if (down) {
      down = false
      log(`${name} is open again; the contact form takes messages.`)
      onRecovered?.()
    }
  }

  /** Schedules the next try, each one waiting longer, so a store that stays broken costs little. */
  const tryAgainLater = () => {
    const waitMs = pauseMs
    pauseMs = Math.min(pauseMs * 2, maxRetryMs)
    retry = setTimeout(() => {
      retry = undefined
      open()
    }, waitMs)
    // A store being retried is no reason to keep a stopping process alive.
    retry.unref()
    return seconds(waitMs)
  }

  /** Runs an operation on the open store; a spent connection is closed and opened again later. */
  const within = async <R>(operation: (store: MessageStore) => Promise<R>): Promise<R> => {
    const current = store
    if (!current)
      throw new StoreUnavailableError(`${name} is ${closed ? 'closed' : 'not open; it is being retried'}.`)
    try {
      const result = await operation(current)
      pauseMs = firstRetryMs
      return result
    } catch (error) {
      if (!opener.isBroken(error)) throw error
      // Another operation may have found it spent already, or the server closed it meanwhile.
      if (store === current) {
        store = undefined
        down = true
        closeQuietly(current)
        log(
          `${name} failed: ${String(error)}. It is closed and opened again in ${tryAgainLater()}; until then the contact form answers 503. ${opener.advice}`,
        )
      }
      throw new StoreUnavailableError(`${name} failed and is being opened again.`, {cause: error})
    }
  }

  open()
  return {
    description: opener.description,
    save: (message, options) => within((store) => store.save(message, options)),
    dueFor: (mail, now, limit) => within((store) => store.dueFor(mail, now, limit)),
    markSent: (mail, id, at) => within((store) => store.markSent(mail, id, at)),
    recordRefusal: (mail, id, failure) => within((store) => store.recordRefusal(mail, id, failure)),
    deleteReceivedBefore: (cutoff) => within((store) => store.deleteReceivedBefore(cutoff)),
    findFrom: (sender) => within((store) => store.findFrom(sender)),
    deleteFrom: (sender) => within((store) => store.deleteFrom(sender)),
    listSince: (since) => within((store) => store.listSince(since)),
    findByReference: (reference) => within((store) => store.findByReference(reference)),
    setHandled: (id, handled) => within((store) => store.setHandled(id, handled)),
    countUnseen: (waitingSince) => within((store) => store.countUnseen(waitingSince)),
    close() {
      closed = true
      clearTimeout(retry)
      if (store) closeQuietly(store)
      store = undefined
    },
  }
}

/** A spent connection may refuse even to close; it is being let go either way. */
function closeQuietly(store: MessageStore) {
  try {
    store.close()
  } catch {
    // Nothing to do: the next open starts afresh.
  }
}
