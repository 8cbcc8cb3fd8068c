import {normalEmail} from '../../model/addressShapes.ts'
import type {ConsentBox, ConsentBoxRecord} from '../../model/contactForm.ts'
import {samePhone} from '../../model/phoneNumbers.ts'
import type {ContactMessage} from './schema.ts'

/**
 * What the visitor agreed to when sending: proof of consent under the DPDP Act (s.6(10) puts the
 * burden of proving a notice and consent on the company). Every wording is one a page showed: the
 * page the form came from, which a recent build served (src/contact/consent.ts).
 */
export interface ConsentRecord {
  /** The language of the page the form was on ("hi"), whose words the wordings below are. */
  language: string
  /** When the visitor ticked the box and sent the form. */
  givenAt: string
  /** The notice they agreed to: the effective date of the Privacy Policy version the form's page showed. */
  privacyPolicyUpdated: string
  /** Each box the page showed, in page order: its words exactly as shown, and whether it was ticked. */
  boxes: ConsentBoxRecord[]
  /** The privacy notice above the boxes, as the page printed it: what the first box agrees to. */
  notice: string
}

/** Whether the visitor ticked this box; a box their page did not show was not. */
export const isTicked = (consent: ConsentRecord, box: ConsentBox) =>
  consent.boxes.some((shown) => shown.box === box && shown.ticked)

export interface StoredMessage extends ContactMessage {
  /** Made by the server for each message; its first eight characters are the reference. */
  id: string
  receivedAt: string
  consent: ConsentRecord
  /**
   * The form's own name for this send (the island's submissionId), kept so that a send repeated
   * after a timeout is stored once; with the digest of what it sent, so that the same name with
   * other words is refused, never taken for the first copy. Absent for a form post.
   */
  submission?: Submission
}

/** A send as the island names it, and the digest of everything it sent (submissionDigest). */
export interface Submission {
  key: string
  digest: string
}

/**
 * What `save` did: stored the message, or found one already there with the same submission key,
 * id or reference, and stored nothing. `existing` is that message: its id, and its submission if
 * it had one, so the service can tell a repeated send from a changed one or a reference taken.
 */
export type SaveResult = {stored: true} | {stored: false; existing: {id: string; submission?: Submission}}

/** How an e-mail about a message went. */
export interface NotificationState {
  /** When it went out. */
  notifiedAt?: string
  /** Times the mail server refused it. */
  attempts: number
  lastError?: string
  /** Not retried before this time. */
  nextAttemptAt?: string
  /** Refused too often: reported and no longer retried. */
  gaveUpAt?: string
}

/**
 * The two e-mails about a message, each with its own state, so that one refused never holds back
 * the other: the notification to customer care, and the acknowledgement to the sender.
 */
export const MAILS = ['notification', 'acknowledgement'] as const
export type Mail = (typeof MAILS)[number]

export interface MessageRecord extends StoredMessage {
  notification: NotificationState
  /**
   * The automatic acknowledgement to the sender's e-mail address. Absent when none is owed: the
   * sender gave no e-mail address, the site sends no e-mail, or the caps were reached.
   */
  acknowledgement?: NotificationState
  /** When someone recorded that the message was answered (`npm run messages -- handled`, or Studio). */
  handledAt?: string
  /** Who recorded it, when they said. */
  handledBy?: string
}

/** That someone answered a message: when, and who, if they said. */
export interface Handled {
  at: string
  by?: string
}

/**
 * Messages nobody may have seen, counted for the health check (src/server/health.ts): not marked
 * handled, and the e-mail to customer care about them given up, or still unsent though the
 * message arrived before a time. (The acknowledgement to the sender does not count: customer care
 * has the message.) Counts only: the health check never reads a message.
 */
export interface UnseenCounts {
  /** Messages whose e-mail to customer care was given up. */
  emailGivenUp: number
  /** Messages received before `waitingSince` whose e-mail to customer care is not sent and not given up. */
  emailWaiting: number
}

/** Whether a message is owed an acknowledgement, given when it is stored. */
export interface SaveOptions {
  acknowledge: boolean
}

/**
 * A message's reference, given to the sender at once and quoted back to staff: the first eight
 * characters of its id, in capitals, short enough to read out on the phone.
 */
export const referenceOf = (id: string): string => id.slice(0, 8).toUpperCase()
/** What a reference looks like; nothing else in an address is taken for one. */
export const REFERENCE_PATTERN = /^[0-9A-F]{8}$/

/**
 * The reference staff typed, as they may copy it: in either case, or the whole message id
 * ("0a1b2c3d-…"). Undefined for anything else.
 */
export function readReference(typed: string): string | undefined {
  const text = typed.trim().toUpperCase()
  const reference = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/.test(text)
    ? referenceOf(text)
    : text
  return REFERENCE_PATTERN.test(reference) ? reference : undefined
}

/** Whom a request for access or erasure is about: the e-mail address or phone number they wrote from. */
export type Sender = {email: string; phone?: undefined} | {phone: string; email?: undefined}

/**
 * Where contact messages are kept. `save` resolves only once the message is durable; the
 * visitor is told "sent" after that and not before.
 */
export interface MessageStore {
  readonly description: string
  /**
   * Stores the message, owing it an acknowledgement if `acknowledge`; `stored: false`, with the
   * message already there, when one has the same submission key, the same id or the same
   * reference: references are unique, and a retried send is stored once.
   */
  save(message: StoredMessage, options?: SaveOptions): Promise<SaveResult>
  /** Messages whose e-mail of this kind is due at `now`: owed, not sent, not given up, not waiting for a later try; oldest first. */
  dueFor(mail: Mail, now: string, limit: number): Promise<MessageRecord[]>
  markSent(mail: Mail, id: string, at: string): Promise<void>
  /** The mail server refused this e-mail about the message: one more attempt, and when to try again or that it gave up. */
  recordRefusal(
    mail: Mail,
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
  /** The messages whose reference (referenceOf) is this one: one, unless two ids began alike. */
  findByReference(reference: string): Promise<MessageRecord[]>
  /** Records that someone answered the message, or (null) that it still needs an answer. */
  setHandled(id: string, handled: Handled | null): Promise<void>
  /** The messages not handled whose e-mail was given up, or has waited since before `waitingSince`. */
  countUnseen(waitingSince: string): Promise<UnseenCounts>
  close(): void
}

/**
 * Whether a message came from this sender; a blank address or number matches nothing. E-mail
 * addresses match as normalised, whatever their case (the form stores a bare address,
 * model/addressShapes.ts). Phone numbers match as the same E.164 number, a number
 * without its country code being Indian: "098765 43210" is "+91 98765 43210", and never a
 * number abroad that ends in the same digits (samePhone).
 */
export function isFrom(message: {email: string; phone: string}, sender: Sender): boolean {
  if (sender.email !== undefined) {
    const wanted = normalEmail(sender.email).toLowerCase()
    return wanted !== '' && normalEmail(message.email).toLowerCase() === wanted
  }
  return samePhone(message.phone, sender.phone)
}
