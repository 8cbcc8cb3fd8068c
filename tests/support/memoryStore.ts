import type {MessageStore, StoredMessage} from '../../src/contact/store'

/** A message as the in-memory store keeps it, with what the notifier recorded about it. */
export interface KeptMessage extends StoredMessage {
  notifiedAt: string | null
  notificationAttempts: number
  lastNotificationError: string | null
}

export interface MemoryStore extends MessageStore {
  /** Every stored message by id, in the order they were stored. */
  readonly messages: Map<string, KeptMessage>
  readonly closed: boolean
  /** Makes every later `save` throw, as a store that cannot be reached does. */
  breakSaves(error?: Error): void
}

/** A MessageStore in memory, keeping the same promises as the SQLite and Sanity stores. */
export function memoryStore(): MemoryStore {
  const messages = new Map<string, KeptMessage>()
  let saveError: Error | undefined
  let closed = false
  const kept = (id: string) => {
    const message = messages.get(id)
    if (!message) throw new Error(`No message ${id} in the store`)
    return message
  }
  return {
    description: 'the in-memory test store',
    messages,
    get closed() {
      return closed
    },
    breakSaves(error = new Error('the store cannot be reached')) {
      saveError = error
    },
    async save(message) {
      if (saveError) throw saveError
      if (messages.has(message.id)) return {stored: false}
      messages.set(message.id, {
        ...message,
        notifiedAt: null,
        notificationAttempts: 0,
        lastNotificationError: null,
      })
      return {stored: true}
    },
    async unnotified(limit) {
      return [...messages.values()]
        .filter((message) => message.notifiedAt === null)
        .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
        .slice(0, limit)
        .map(({notifiedAt: _n, notificationAttempts: _a, lastNotificationError: _e, ...message}) => message)
    },
    async markNotified(id, at) {
      kept(id).notifiedAt = at
    },
    async recordNotificationFailure(id, error) {
      const message = kept(id)
      message.notificationAttempts++
      message.lastNotificationError = error
    },
    close() {
      closed = true
    },
  }
}
