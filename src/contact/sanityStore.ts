import {sanityClient, type SanityTarget} from '../lib/sanityClient.ts'
import {isFrom, type MessageRecord, type MessageStore, type Sender, type StoredMessage} from './store.ts'

// An id with a dot lies under a path: such documents are never readable without a token, even
// in a public dataset, so visitors' messages stay private while the site's content is public.
const documentId = (id: string) => `contactMessage.${id}`

const RECORD_FIELDS = `
  "id": coalesce(submissionId, _id), receivedAt, name, email, phone, subject, message,
  "consent": {"givenAt": coalesce(consent.givenAt, ""), "privacyPolicyUpdated": coalesce(consent.privacyPolicyUpdated, ""), "wording": coalesce(consent.wording, "")},
  "notification": {
    "attempts": coalesce(notificationAttempts, 0),
    notifiedAt, "lastError": lastNotificationError, "nextAttemptAt": nextNotificationAt, "gaveUpAt": notificationGivenUpAt
  }`
const RECORD = `{${RECORD_FIELDS}}`
const DUE = `*[_type == "contactMessage" && !defined(notifiedAt) && !defined(notificationGivenUpAt)
  && (!defined(nextNotificationAt) || nextNotificationAt <= $now)] | order(receivedAt asc)[0...$limit]${RECORD}`
const EXPIRED = `*[_type == "contactMessage" && receivedAt < $cutoff]._id`
// Matched in JavaScript, as the SQLite store does, so both stores find the same messages.
const ALL = `*[_type == "contactMessage"] | order(receivedAt asc){_id, ${RECORD_FIELDS}}`
const SINCE = `*[_type == "contactMessage" && receivedAt >= $since] | order(receivedAt asc)${RECORD}`

/** GROQ answers a missing field with null; a record leaves it out. */
const withoutNulls = (record: MessageRecord): MessageRecord => ({
  ...record,
  notification: Object.fromEntries(
    Object.entries(record.notification).filter(([, value]) => value !== null),
  ) as MessageRecord['notification'],
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
    async save(message: StoredMessage) {
      const document = {
        _id: documentId(message.id),
        _type: 'contactMessage',
        submissionId: message.id,
        ...withoutId(message),
      }
      const {results} = await client.mutate([{createIfNotExists: document}], {
        visibility: 'sync',
        returnDocuments: false,
      })
      return {stored: results[0]?.operation === 'create'}
    },
    async dueForNotification(now, limit) {
      return (await client.fetch<MessageRecord[]>(DUE, {now, limit})).map(withoutNulls)
    },
    async markNotified(id, at) {
      // Visible before the next flush reads the Inbox, so no message is e-mailed twice.
      await client.patch(documentId(id)).set({notifiedAt: at}).commit({visibility: 'sync'})
    },
    async recordNotificationFailure(id, {error, nextAttemptAt, gaveUpAt}) {
      await client
        .patch(documentId(id))
        .setIfMissing({notificationAttempts: 0})
        .inc({notificationAttempts: 1})
        .set({
          lastNotificationError: error.slice(0, 500),
          ...(nextAttemptAt ? {nextNotificationAt: nextAttemptAt} : {}),
          ...(gaveUpAt ? {notificationGivenUpAt: gaveUpAt} : {}),
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
    close() {},
  }
}

function withoutId({id: _id, ...rest}: StoredMessage) {
  return rest
}
