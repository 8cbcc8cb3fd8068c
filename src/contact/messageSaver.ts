import {StoreUnavailableError} from './recoveringStore.ts'
import {referenceOf, type MessageStore, type StoredMessage} from './store.ts'
import type {Outcome} from './submission.ts'

/** New ids tried for one message before giving up: a reference taken twice in a row is a broken random source. */
const MAX_ID_ATTEMPTS = 5

export interface MessageSaver {
  /**
   * Stores an accepted message under a new id of the server's, and says what the visitor is
   * answered: stored (a repeat of a send already stored answers with the first copy), changed (the
   * same send's name with other words), or unavailable. Never throws: a store that fails is logged.
   */
  save(
    message: Omit<StoredMessage, 'id'>,
    options: {acknowledge: boolean},
  ): Promise<Extract<Outcome, {kind: 'stored' | 'changed' | 'unavailable'}>>
  /**
   * Whether the last save failed in a store that still reads (a full disk answers every count and
   * refuses every message): the health check says so until a save succeeds.
   */
  readonly refusingWrites: boolean
}

/** The one writer of new messages to the store. */
export function messageSaver({
  store,
  newId,
  log,
}: {
  store: Pick<MessageStore, 'save' | 'description'>
  newId: () => string
  log: (line: string) => void
}): MessageSaver {
  let refusingWrites = false
  return {
    get refusingWrites() {
      return refusingWrites
    },
    async save(message, {acknowledge}) {
      const sent = message.submission
      try {
        // The id, and so the reference, is the server's: never the client's choice, never another's.
        for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
          const id = newId()
          const saved = await store.save({id, ...message}, {acknowledge})
          refusingWrites = false
          if (saved.stored) return {kind: 'stored', id, reference: referenceOf(id), duplicate: false}
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
        if (!(error instanceof StoreUnavailableError)) refusingWrites = true
        log(`A contact message could not be stored in ${store.description}: ${String(error)}`)
        return {kind: 'unavailable'}
      }
    },
  }
}
