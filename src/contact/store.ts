import type {ContactMessage} from './schema.ts'

export interface StoredMessage extends ContactMessage {
  /** Chosen by the form for each submission, so a retried send is stored once. */
  id: string
  receivedAt: string
}

/**
 * Where contact messages are kept. `save` resolves only once the message is durable; the
 * visitor is told "sent" after that and not before.
 */
export interface MessageStore {
  readonly description: string
  /** Stores the message; `stored: false` when a message with this id is already there. */
  save(message: StoredMessage): Promise<{stored: boolean}>
  /** Messages whose e-mail notification has not gone out yet, oldest first. */
  unnotified(limit: number): Promise<StoredMessage[]>
  markNotified(id: string, at: string): Promise<void>
  recordNotificationFailure(id: string, error: string): Promise<void>
  close(): void
}
