import {createClient} from '@sanity/client'
import type {MessageStore, StoredMessage} from './store.ts'

interface SanityStoreConfig {
  projectId: string
  dataset: string
  apiVersion: string
  token: string
  apiHost?: string
}

// An id with a dot lies under a path: such documents are never readable without a token, even
// in a public dataset, so visitors' messages stay private while the site's content is public.
const documentId = (id: string) => `contactMessage.${id}`

const UNNOTIFIED = `*[_type == "contactMessage" && !defined(notifiedAt)] | order(receivedAt asc)[0...$limit]{
  "id": coalesce(submissionId, _id), receivedAt, name, email, phone, subject, message
}`

/**
 * Messages as `contactMessage` documents that staff read in Studio's Inbox. `createIfNotExists`
 * with the submission's id stores a retried send once (the second reports operation "none");
 * with visibility "sync" the mutation answers only after it is committed.
 */
export function sanityMessageStore(config: SanityStoreConfig): MessageStore {
  const client = createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    token: config.token,
    useCdn: false,
    perspective: 'raw',
    maxRetries: 2,
    ...(config.apiHost ? {apiHost: config.apiHost, useProjectHostname: false} : {}),
  })
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
    async unnotified(limit) {
      return client.fetch<StoredMessage[]>(UNNOTIFIED, {limit})
    },
    async markNotified(id, at) {
      // Visible before the next flush reads the Inbox, so no message is e-mailed twice.
      await client.patch(documentId(id)).set({notifiedAt: at}).commit({visibility: 'sync'})
    },
    async recordNotificationFailure(id, error) {
      await client
        .patch(documentId(id))
        .setIfMissing({notificationAttempts: 0})
        .inc({notificationAttempts: 1})
        .set({lastNotificationError: error.slice(0, 500)})
        .commit({visibility: 'async'})
    },
    close() {},
  }
}

function withoutId({id: _id, ...rest}: StoredMessage) {
  return rest
}
