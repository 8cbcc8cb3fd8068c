import {createHash} from 'node:crypto'
import type {ContactContent} from './buildContent.ts'
import {ServedConsents, type ShownConsent} from './consent.ts'
import {
  validateContactMessage,
  type ContactFieldErrors,
  type ContactMessage,
  type TickedBoxes,
} from './schema.ts'
import type {ConsentRecord, StoredMessage} from './store.ts'

/** A post to the contact form, as the island or a plain form post sends it, not yet trusted. */
export type Submission = {
  fields: unknown
  /** The honeypot: a field people never see, so never fill. */
  website?: unknown
  submissionId?: unknown
  /** The Privacy Policy version the form's page showed (schema.ts, PRIVACY_VERSION_FIELD). */
  privacyVersion?: unknown
  /** The language of the form's page (schema.ts, LANGUAGE_FIELD): its words are recorded. */
  language?: unknown
  /** The digest of the words beside the boxes on the form's page (schema.ts, WORDINGS_FIELD). */
  wordings?: unknown
}

/** What became of a post: the contact service's answer, which the HTTP layer (http.ts) puts in words. */
export type Outcome =
  | {kind: 'stored'; id: string; reference: string; duplicate: boolean}
  | {kind: 'invalid'; fieldErrors: ContactFieldErrors}
  | {kind: 'rejected'}
  /** The island sent a submission id it had sent before, with other words: never stored over the first. */
  | {kind: 'changed'}
  /** The page's words, notice and language are no pairing a recent build served (src/contact/consent.ts). */
  | {kind: 'outdated'}
  | {kind: 'rateLimited'; retryAfterSeconds: number}
  | {kind: 'unavailable'}

/**
 * The pages a message may come from: the live build's, read from `content` at each message (a
 * rebuild may have swapped it), and those of the few builds before it (`shownBefore`, oldest first).
 */
export interface ServedPages {
  /** Remembers the pages of the build being served now, as pages a message may come from. */
  noteLiveBuild(): void
  find: ServedConsents['find']
}

export function servedPages(
  content: () => ContactContent,
  shownBefore: readonly (readonly ShownConsent[])[],
): ServedPages {
  const served = new ServedConsents(shownBefore)
  const noteLiveBuild = () => served.add(content().shown)
  // The build live now is the first met.
  noteLiveBuild()
  return {noteLiveBuild, find: (digest, version, language) => served.find(digest, version, language)}
}

/** A post the service takes: the message to store. */
export interface AcceptedSubmission {
  message: Omit<StoredMessage, 'id'>
}

/**
 * Whether a post is a message to store, and what of it is stored. Refused: a filled honeypot
 * (rejected), a page no recent build served (outdated), fields that break the form's rules
 * (invalid). Taken: the fields as the rules clean them, the consent in the words of the page the
 * visitor saw (never words the post claims), and the send's name and digest so a repeat is
 * stored once. The rate limit is the caller's: it counts every post, refused ones too.
 */
export function acceptSubmission(
  submission: Submission,
  {pages, now}: {pages: ServedPages; now: () => Date},
): AcceptedSubmission | Extract<Outcome, {kind: 'rejected' | 'outdated' | 'invalid'}> {
  if (typeof submission.website === 'string' && submission.website.trim() !== '') return {kind: 'rejected'}
  // No minimum fill time: the page is static and a plain form post carries nothing the server
  // issued, so any time would be the client's own claim (docs/contact-api.md, "What refuses robots").

  // The live build's pages are among those served.
  pages.noteLiveBuild()
  // The page the visitor saw: its words are what they agreed to, and nothing else is recorded.
  // A pairing of words, notice and language no recent build served is refused, never guessed.
  const page = pages.find(submission.wordings, submission.privacyVersion, submission.language)
  if (!page) return {kind: 'outdated'}
  const validation = validateContactMessage(
    submission.fields,
    page.boxes.map(({box}) => box),
  )
  if (!validation.ok) return {kind: 'invalid', fieldErrors: validation.fieldErrors}

  const receivedAt = now().toISOString()
  const consent: ConsentRecord = {
    language: page.language,
    givenAt: receivedAt,
    privacyPolicyUpdated: page.privacyPolicyUpdated,
    boxes: page.boxes.map(({box, wording}) => ({box, wording, ticked: validation.ticked[box]})),
    notice: page.notice,
  }
  // The island names each send, so that one repeated after a timeout is stored once; the
  // digest of what it sent tells a repeat from the same name with other words.
  const key = submissionKeyOf(submission.submissionId)
  const sent = key ? {key, digest: submissionDigest(validation, consent)} : undefined
  return {message: {receivedAt, ...validation.message, consent, ...(sent ? {submission: sent} : {})}}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The island's name for a send, when it is one (a UUID, in any case); anything else names nothing. */
export const submissionKeyOf = (submissionId: unknown): string | undefined =>
  typeof submissionId === 'string' && UUID.test(submissionId) ? submissionId.toLowerCase() : undefined

/**
 * The digest of everything a send asks to store: what a repeat must match to be taken for it. The
 * time it arrived is left out: a send repeated after a timeout arrives later with the same words.
 */
export function submissionDigest(
  validation: {message: ContactMessage; ticked: TickedBoxes},
  consent: ConsentRecord,
): string {
  const {givenAt: _, ...shown} = consent
  return createHash('sha256')
    .update(JSON.stringify([validation.message, validation.ticked, shown]))
    .digest('hex')
}
