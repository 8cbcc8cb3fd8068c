import {CONTACT_MESSAGE_TYPE} from '../../model/siteDocuments.ts'
import {handledPatch} from '../../model/contactMessages.ts'
import {sanityClient, type SanityTarget} from '../lib/sanityClient.ts'
import {
  isFrom,
  type Mail,
  type MessageRecord,
  type MessageStore,
  type NotificationState,
  referenceOf,
  type Sender,
  type StoredMessage,
  type Submission,
  type UnseenCounts,
} from './store.ts'

// An id with a dot lies under a path: such documents are never readable without a token, even
// in a public dataset, so visitors' messages stay private while the site's content is public.
const documentId = (id: string) => `contactMessage.${id}`

/** Each e-mail's state fields on a contactMessage document, and which documents owe it. */
const MAIL_FIELDS = {
  notification: {
    owed: 'true',
    sentAt: 'notifiedAt',
    attempts: 'notificationAttempts',
    lastError: 'lastNotificationError',
    nextAttemptAt: 'nextNotificationAt',
    gaveUpAt: 'notificationGivenUpAt',
  },
  acknowledgement: {
    owed: 'acknowledgementOwed == true',
    sentAt: 'acknowledgedAt',
    attempts: 'acknowledgementAttempts',
    lastError: 'lastAcknowledgementError',
    nextAttemptAt: 'nextAcknowledgementAt',
    gaveUpAt: 'acknowledgementGivenUpAt',
  },
} as const satisfies Record<Mail, Record<string, string>>

const mailState = (f: (typeof MAIL_FIELDS)[Mail]) =>
  `{"attempts": coalesce(${f.attempts}, 0), "notifiedAt": ${f.sentAt}, "lastError": ${f.lastError}, "nextAttemptAt": ${f.nextAttemptAt}, "gaveUpAt": ${f.gaveUpAt}}`

const RECORD_FIELDS = `
  "id": submissionId, receivedAt, name, email, phone, subject, message, submission,
  "consent": {
    "language": consent.language, "givenAt": consent.givenAt,
    "privacyPolicyUpdated": consent.privacyPolicyUpdated,
    "boxes": consent.boxes[]{box, wording, ticked}, "notice": consent.notice
  },
  "notification": ${mailState(MAIL_FIELDS.notification)},
  "acknowledgement": select(${MAIL_FIELDS.acknowledgement.owed} => ${mailState(MAIL_FIELDS.acknowledgement)}),
  handledAt, handledBy`
const RECORD = `{${RECORD_FIELDS}}`
const due = (
  f: (typeof MAIL_FIELDS)[Mail],
) => `*[_type == "contactMessage" && ${f.owed} && !defined(${f.sentAt}) && !defined(${f.gaveUpAt})
  && (!defined(${f.nextAttemptAt}) || ${f.nextAttemptAt} <= $now)] | order(receivedAt asc)[0...$limit]${RECORD}`
/** The message a new one would repeat (same submission key) or clash with (same id or reference). */
const CLASH = `*[_type == "contactMessage" && (submission.key == $key || submissionId == $id
  || string::startsWith(lower(submissionId), $reference))]
  | order(select(submission.key == $key => 0, 1) asc)[0]{"id": submissionId, submission}`
const EXPIRED = `*[_type == "contactMessage" && receivedAt < $cutoff]._id`
// Matched in JavaScript, as the SQLite store does, so both stores find the same messages.
const ALL = `*[_type == "contactMessage"] | order(receivedAt asc){_id, ${RECORD_FIELDS}}`
const SINCE = `*[_type == "contactMessage" && receivedAt >= $since] | order(receivedAt asc)${RECORD}`
// Ids are stored in lower case; a reference is their first eight characters in capitals.
const BY_REFERENCE = `*[_type == "contactMessage" && string::startsWith(submissionId, $prefix)] | order(receivedAt asc){_id, ${RECORD_FIELDS}}`
const n = MAIL_FIELDS.notification
const NOT_HANDLED = `_type == "contactMessage" && !defined(handledAt)`
const UNSEEN = `{
  "emailGivenUp": count(*[${NOT_HANDLED} && defined(${n.gaveUpAt})]),
  "emailWaiting": count(*[${NOT_HANDLED} && !defined(${n.sentAt}) && !defined(${n.gaveUpAt}) && receivedAt < $waitingSince])
}`

const present = (state: NotificationState) =>
  Object.fromEntries(Object.entries(state).filter(([, value]) => value !== null)) as NotificationState

/** GROQ answers a missing field with null; a record leaves it out. */
const withoutNulls = ({
  acknowledgement,
  submission,
  handledAt,
  handledBy,
  ...record
}: MessageRecord): MessageRecord => ({
  ...record,
  ...(submission ? {submission} : {}),
  notification: present(record.notification),
  ...(acknowledgement ? {acknowledgement: present(acknowledgement)} : {}),
  ...(handledAt ? {handledAt} : {}),
  ...(handledBy ? {handledBy} : {}),
})

/**
 * Messages as `contactMessage` documents that staff read in Studio's Inbox. `createIfNotExists`
 * with the submission's id stores a retried send once (the second reports operation "none");
 * with visibility "sync" the mutation answers only after it is committed.
 */
export function sanityMessageStore(config: SanityTarget & {token: string}): MessageStore {
  const client = sanityClient(config, {perspective: 'raw', maxRetries: 2})
  /** Deletes the documents in one transaction; says how many. */
  const remove = async (ids: string[]) => {
    if (ids.length === 0) return 0
    await client.mutate(
      ids.map((id) => ({delete: {id}})),
      {visibility: 'sync', returnDocuments: false},
    )
    return ids.length
  }
  const findFrom = async (sender: Sender) =>
    (await client.fetch<(MessageRecord & {_id: string})[]>(ALL)).filter((message) => isFrom(message, sender))

  return {
    description: `Sanity dataset "${config.dataset}" of project ${config.projectId}`,
    async save(message: StoredMessage, {acknowledge} = {acknowledge: false}) {
      // Looked up first: two sends of one message at the same instant may both be stored, which
      // is all a repeat can do here (Sanity has no unique field but the document id).
      const found = await client.fetch<{id: string; submission?: Submission | null} | null>(CLASH, {
        key: message.submission?.key ?? '',
        id: message.id,
        reference: referenceOf(message.id).toLowerCase(),
      })
      if (found)
        return {
          stored: false,
          existing: {id: found.id, ...(found.submission ? {submission: found.submission} : {})},
        }
      const {consent, ...rest} = withoutId(message)
      const document = {
        _id: documentId(message.id),
        _type: CONTACT_MESSAGE_TYPE,
        submissionId: message.id,
        ...rest,
        // An array of objects in Sanity needs a key for each; the box's name is one.
        consent: {...consent, boxes: consent.boxes.map((box) => ({_key: box.box, ...box}))},
        ...(acknowledge ? {acknowledgementOwed: true} : {}),
      }
      const {results} = await client.mutate([{createIfNotExists: document}], {
        visibility: 'sync',
        returnDocuments: false,
      })
      if (results[0]?.operation !== 'create') return {stored: false, existing: {id: message.id}}
      return {stored: true}
    },
    async dueFor(mail, now, limit) {
      return (await client.fetch<MessageRecord[]>(due(MAIL_FIELDS[mail]), {now, limit})).map(withoutNulls)
    },
    async markSent(mail, id, at) {
      // Visible before the next flush reads the Inbox, so no message is e-mailed twice.
      await client
        .patch(documentId(id))
        .set({[MAIL_FIELDS[mail].sentAt]: at})
        .commit({visibility: 'sync'})
    },
    async recordRefusal(mail, id, {error, nextAttemptAt, gaveUpAt}) {
      const f = MAIL_FIELDS[mail]
      await client
        .patch(documentId(id))
        .setIfMissing({[f.attempts]: 0})
        .inc({[f.attempts]: 1})
        .set({
          [f.lastError]: error.slice(0, 500),
          ...(nextAttemptAt ? {[f.nextAttemptAt]: nextAttemptAt} : {}),
          ...(gaveUpAt ? {[f.gaveUpAt]: gaveUpAt} : {}),
        })
        .commit({visibility: 'sync'})
    },
    async deleteReceivedBefore(cutoff) {
      return remove(await client.fetch<string[]>(EXPIRED, {cutoff}))
    },
    async findFrom(sender) {
      return (await findFrom(sender)).map(({_id: _, ...record}) => withoutNulls(record))
    },
    async deleteFrom(sender) {
      return remove((await findFrom(sender)).map((message) => message._id))
    },
    async listSince(since) {
      return (await client.fetch<MessageRecord[]>(SINCE, {since})).map(withoutNulls)
    },
    async findByReference(reference) {
      const found = await client.fetch<(MessageRecord & {_id: string})[]>(BY_REFERENCE, {
        prefix: reference.toLowerCase(),
      })
      return found.map(({_id: _, ...record}) => withoutNulls(record))
    },
    async setHandled(id, handled) {
      const {set, unset} = handledPatch(handled)
      const patch = client.patch(documentId(id))
      if (Object.keys(set).length > 0) patch.set(set)
      if (unset.length > 0) patch.unset(unset)
      await patch.commit({visibility: 'sync'})
    },
    async countUnseen(waitingSince) {
      return client.fetch<UnseenCounts>(UNSEEN, {waitingSince})
    },
    close() {},
  }
}

function withoutId({id: _id, ...rest}: StoredMessage) {
  return rest
}
