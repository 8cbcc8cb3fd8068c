import type {ContactContent} from '../../src/contact/service'
import {isFrom, type MessageRecord, type MessageStore} from '../../src/contact/store'

export interface MemoryStore extends MessageStore {
  /** Every stored message by id, in the order they were stored, with its e-mail's state. */
  readonly messages: Map<string, MessageRecord>
  readonly closed: boolean
  /** Makes every later `save` throw, as a store that cannot be reached does. */
  breakSaves(error?: Error): void
}

/** A MessageStore in memory, keeping the same promises as the SQLite and Sanity stores. */
export function memoryStore(): MemoryStore {
  const messages = new Map<string, MessageRecord>()
  let saveError: Error | undefined
  let closed = false
  const kept = (id: string) => {
    const message = messages.get(id)
    if (!message) throw new Error(`No message ${id} in the store`)
    return message
  }
  const oldestFirst = (list: MessageRecord[]) =>
    list.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt)).map((message) => structuredClone(message))
  const remove = (list: MessageRecord[]) => {
    for (const {id} of list) messages.delete(id)
    return list.length
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
      messages.set(message.id, {...structuredClone(message), notification: {attempts: 0}})
      return {stored: true}
    },
    async dueForNotification(now, limit) {
      return oldestFirst(
        [...messages.values()].filter(
          ({notification: n}) => !n.notifiedAt && !n.gaveUpAt && (!n.nextAttemptAt || n.nextAttemptAt <= now),
        ),
      ).slice(0, limit)
    },
    async markNotified(id, at) {
      kept(id).notification.notifiedAt = at
    },
    async recordNotificationFailure(id, {error, nextAttemptAt, gaveUpAt}) {
      const {notification} = kept(id)
      notification.attempts++
      notification.lastError = error
      if (nextAttemptAt) notification.nextAttemptAt = nextAttemptAt
      if (gaveUpAt) notification.gaveUpAt = gaveUpAt
    },
    async deleteReceivedBefore(cutoff) {
      return remove([...messages.values()].filter((message) => message.receivedAt < cutoff))
    },
    async findFrom(sender) {
      return oldestFirst([...messages.values()].filter((message) => isFrom(message, sender)))
    },
    async deleteFrom(sender) {
      return remove([...messages.values()].filter((message) => isFrom(message, sender)))
    },
    async listSince(since) {
      return oldestFirst([...messages.values()].filter((message) => message.receivedAt >= since))
    },
    close() {
      closed = true
    },
  }
}

/** What a build's content gives the contact service, as the bundled dataset has it. */
export function contactContent(overrides: Partial<ContactContent> = {}): ContactContent {
  return {
    customerCareEmail: 'care@medistay.example',
    consentWording: 'I agree that MediStay India may use what I write here, including any health details.',
    privacyPolicyUpdated: '2026-11-23',
    retentionMonths: 12,
    ...overrides,
  }
}
