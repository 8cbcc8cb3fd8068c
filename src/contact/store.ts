import {samePhone} from '../../studio/shared/phoneNumbers.ts'
import type {ContactMessage} from './schema.ts'

/**
 * What the visitor agreed to when sending: proof of consent under the DPDP Act (s.6(10) puts the
 * burden of proving a notice and consent on the company).
 */
export interface ConsentRecord {
  /** When the visitor ticked the box and sent the form. */
  givenAt: string
  /** The notice they agreed to: the effective date of the Privacy Policy version the form's page showed. */
  privacyPolicyUpdated: string
  /** The words beside the box, exactly as shown. */
  wording: string
}

export interface StoredMessage extends ContactMessage {
  /** Chosen by the form for each submission, so a retried send is stored once. */
  id: string
  receivedAt: string
  consent: ConsentRecord
}

/** How the e-mail about a message went. */
export interface NotificationState {
  notifiedAt?: string
  /** Times the mail server refused it. */
  attempts: number
  lastError?: string
  /** Not retried before this time. */
  nextAttemptAt?: string
  /** Refused too often: reported and no longer retried. */
  gaveUpAt?: string
}

export interface MessageRecord extends StoredMessage {
  notification: NotificationState
}

/** Whom a request for access or erasure is about: the e-mail address or phone number they wrote from. */
export type Sender = {email: string; phone?: undefined} | {phone: string; email?: undefined}

/**
 * Where contact messages are kept. `save` resolves only once the message is durable; the
 * visitor is told "sent" after that and not before.
 */
export interface MessageStore {
  readonly description: string
  /** Stores the message; `stored: false` when a message with this id is already there. */
  save(message: StoredMessage): Promise<{stored: boolean}>
  /** Messages whose e-mail is due at `now`: not sent, not given up, not waiting for a later try; oldest first. */
  dueForNotification(now: string, limit: number): Promise<MessageRecord[]>
  markNotified(id: string, at: string): Promise<void>
  /** The mail server refused the message's e-mail: one more attempt, and when to try again or that it gave up. */
  recordNotificationFailure(
    id: string,
    failure: {error: string; nextAttemptAt?: string; gaveUpAt?: string},
  ): Promise<void>
  /** Deletes every message received before `cutoff`; says how many. */
  deleteReceivedBefore(cutoff: string): Promise<number>
  /** Every message from this sender, oldest first. */
  findFrom(sender: Sender): Promise<MessageRecord[]>
  /** Deletes every message from this sender; says how many. */
  deleteFrom(sender: Sender): Promise<number>
  /** Every message received at or after `since`, oldest first. */
  listSince(since: string): Promise<MessageRecord[]>
  close(): void
}

/**
 * Whether a message came from this sender; a blank address or number matches nothing. E-mail
 * addresses match whatever their case. Phone numbers match as the same E.164 number, a number
 * without its country code being Indian: "098765 43210" is "+91 98765 43210", and never a
 * number abroad that ends in the same digits (samePhone).
 */
export function isFrom(message: {email: string; phone: string}, sender: Sender): boolean {
  if (sender.email !== undefined) {
    const wanted = sender.email.trim().toLowerCase()
    return wanted !== '' && message.email.trim().toLowerCase() === wanted
  }
  return samePhone(message.phone, sender.phone)
}
