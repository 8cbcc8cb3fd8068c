// The state of the local Content Lake: documents in memory, changed only by transactions, each
// kept in a transaction log with its effects, as Sanity's history API serves them.
import type {MutationEvent, Mutation as ClientMutation, SanityDocument} from '@sanity/client'
import {Mutation} from '@sanity/mutator'
import {evaluate} from 'groq-js'
import {parseQuery, type SanityDocumentLike} from './queryApi.ts'

/** A refusal the HTTP API reports with this status and body, as Sanity's does. */
export class LakeError extends Error {
  readonly status: number
  readonly body: Record<string, unknown>
  constructor(status: number, description: string, type = 'mutationError') {
    super(description)
    this.status = status
    this.body = {description, type}
  }
}

/** A mendoza patch (the format of Sanity's `effects`), from one value of a document to another. */
export type MendozaPatch = unknown[]

/** What one transaction did to one document: the patch forward and the one back. */
export interface Effect {
  apply: MendozaPatch
  revert: MendozaPatch
}

export interface Transaction {
  id: string
  timestamp: string
  author: string
  /** The mutations, as Sanity's translog lists them (an action is listed as the mutations it made). */
  mutations: unknown[]
  documentIDs: string[]
  effects: Record<string, Effect>
  /** Each changed document after the transaction (null: deleted), for revisions and listeners. */
  after: Map<string, SanityDocumentLike | null>
  before: Map<string, SanityDocumentLike | null>
}

// Mendoza opcodes (github.com/sanity-io/mendoza): a whole value, or an object's fields set and deleted.
const VALUE = 0
const SET_FIELD = 17
const DELETE_FIELD = 19

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The patch that turns `from` into `to`, field by field (mendoza's ObjectSetFieldValue/DeleteField). */
export function mendozaPatch(from: object | null, to: object | null): MendozaPatch {
  if (from === null || to === null) return [VALUE, to]
  const patch: MendozaPatch = []
  const before = from as Record<string, unknown>
  const after = to as Record<string, unknown>
  // A deleted field is named by its index among the input's keys, sorted: delete from the last.
  const keys = Object.keys(before).sort()
  for (let index = keys.length - 1; index >= 0; index--)
    if (!(keys[index]! in after)) patch.push(DELETE_FIELD, index)
  for (const [key, value] of Object.entries(after))
    if (!same(before[key], value)) patch.push(SET_FIELD, value, key)
  return patch
}

/** A draft or release version's published id: `drafts.x` and `versions.r.x` are versions of `x`. */
export const publishedIdOf = (id: string) => id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')

export class LakeStore {
  readonly documents = new Map<string, SanityDocumentLike>()
  readonly transactions: Transaction[] = []
  private readonly subscribers = new Set<(transaction: Transaction) => void>()
  private counter = 0

  constructor(seed: SanityDocumentLike[], author: string) {
    const now = new Date().toISOString()
    this.commit(
      author,
      seed.map((document) => ({createOrReplace: {_createdAt: now, _updatedAt: now, ...document}})),
      (write) => {
        for (const document of seed) write(document._id, {_createdAt: now, _updatedAt: now, ...document})
      },
    )
  }

  /** Calls `listener` with every transaction from now on; returns the way to stop. */
  subscribe(listener: (transaction: Transaction) => void): () => void {
    this.subscribers.add(listener)
    return () => this.subscribers.delete(listener)
  }

  get(id: string): SanityDocumentLike | undefined {
    return this.documents.get(id)
  }

  all(): SanityDocumentLike[] {
    return [...this.documents.values()]
  }

  /**
   * Runs `change` as one transaction: every write it makes applies together or, if it throws, none
   * does. Each written document gets the transaction's id as its revision and `_updatedAt`.
   */
  commit(
    author: string,
    /** The mutations the transaction lists; null: the writes, as createOrReplace and delete. */
    mutations: unknown[] | null,
    change: (write: (id: string, document: SanityDocumentLike | null) => void, id: string) => void,
    transactionId?: string,
  ): Transaction {
    const id = transactionId || `lake-${(++this.counter).toString().padStart(6, '0')}`
    const timestamp = new Date().toISOString()
    const before = new Map<string, SanityDocumentLike | null>()
    const after = new Map<string, SanityDocumentLike | null>()
    change((documentId, document) => {
      if (!before.has(documentId)) before.set(documentId, this.documents.get(documentId) ?? null)
      after.set(
        documentId,
        document && {
          ...document,
          _id: documentId,
          _rev: id,
          // A replaced or published document keeps the time it was first created.
          _createdAt:
            (document._createdAt as string | undefined) ??
            this.documents.get(documentId)?._createdAt ??
            timestamp,
          _updatedAt: timestamp,
        },
      )
    }, id)
    const effects: Record<string, Effect> = {}
    for (const [documentId, document] of after) {
      const previous = before.get(documentId) ?? null
      if (document) this.documents.set(documentId, document)
      else this.documents.delete(documentId)
      effects[documentId] = {
        apply: mendozaPatch(previous, document),
        revert: mendozaPatch(document, previous),
      }
    }
    const transaction: Transaction = {
      id,
      timestamp,
      author,
      mutations:
        mutations ??
        [...after].map(([documentId, document]) =>
          document ? {createOrReplace: document} : {delete: {id: documentId}},
        ),
      documentIDs: [...after.keys()],
      effects,
      after,
      before,
    }
    this.transactions.push(transaction)
    for (const subscriber of this.subscribers) subscriber(transaction)
    return transaction
  }

  /** The document as it was right after the transaction `revision`, or at `time`; undefined if it did not exist. */
  revisionOf(
    id: string,
    {revision, time}: {revision?: string; time?: string},
  ): SanityDocumentLike | undefined {
    let found: SanityDocumentLike | null | undefined
    for (const transaction of this.transactions) {
      if (time !== undefined && transaction.timestamp > time) break
      if (transaction.after.has(id)) found = transaction.after.get(id)
      if (revision !== undefined && transaction.id === revision) break
    }
    return found ?? undefined
  }
}

/** The id a mutation of Sanity's mutate API writes to (`create*` name it in the document, `patch` and `delete` by `id`). */
function targetOf(mutation: unknown): string | undefined {
  const [body] = Object.values(mutation as Record<string, {_id?: string; id?: string}>)
  return body?._id ?? body?.id
}

/** What a listener asked for (GET /data/listen/<dataset>): the document after, the one before. */
export interface ListenerOptions {
  includeResult: boolean
  includePreviousRevision: boolean
}

/** A document a transaction wrote, and whether a listener's query matched it before and after. */
export interface Matched {
  id: string
  before: boolean
  after: boolean
}

/**
 * The mutation events a listener gets for one transaction, one per document its query matched
 * before or after (`transition` says which: it came into the query's set, left it, or stayed), in the shape of @sanity/client's `MutationEvent`. Each carries only the
 * mutations that wrote that document: Studio applies an event's mutations to its own copy of the
 * document (@sanity/mutator, as its BufferedDocument does), so a mutation of another document
 * in the same transaction (a publish's delete of the draft, a version's create) would land on it.
 */
export function listenerEvents(
  transaction: Transaction,
  matched: readonly Matched[],
  {includeResult, includePreviousRevision}: ListenerOptions,
): MutationEvent[] {
  return matched.map(({id: documentId, before: wasMatched, after: isMatched}, index): MutationEvent => {
    const before = transaction.before.get(documentId) ?? null
    const after = transaction.after.get(documentId) ?? null
    return {
      type: 'mutation',
      eventId: `${transaction.id}#${documentId}`,
      documentId,
      transactionId: transaction.id,
      identity: transaction.author,
      mutations: transaction.mutations.filter(
        (mutation) => targetOf(mutation) === documentId,
      ) as ClientMutation[],
      ...(before ? {previousRev: before._rev as string} : {}),
      resultRev: transaction.id,
      ...(includeResult && after ? {result: after as SanityDocument} : {}),
      ...(includePreviousRevision ? {previous: before as SanityDocument | null} : {}),
      effects: transaction.effects[documentId],
      timestamp: transaction.timestamp,
      transition: !wasMatched ? 'appear' : !isMatched ? 'disappear' : 'update',
      visibility: 'query',
      transactionTotalEvents: matched.length,
      // Zero-based, as @sanity/client's MutationEvent documents it.
      transactionCurrentEvent: index,
    }
  })
}

/** The mutations of Sanity's mutate API applied to the store as one transaction, as the Content Lake would. */
export async function applyMutations(
  store: LakeStore,
  author: string,
  given: Record<string, unknown>[],
  transactionId?: string,
): Promise<Transaction> {
  // A delete by query (Studio's preview secrets delete expired ones so) deletes what the query
  // matches now: each becomes a delete by id.
  const mutations: Record<string, unknown>[] = []
  for (const mutation of given) {
    const query = (mutation.delete as {query?: string; params?: Record<string, unknown>} | undefined)?.query
    if (!query) {
      mutations.push(mutation)
      continue
    }
    const params = (mutation.delete as {params?: Record<string, unknown>}).params ?? {}
    const matched = await (await evaluate(parseQuery(query, params), {dataset: store.all(), params})).get()
    for (const document of [matched ?? []].flat() as SanityDocumentLike[])
      mutations.push({delete: {id: document._id}})
  }
  return store.commit(
    author,
    mutations,
    (write, id) => {
      const current = new Map<string, SanityDocumentLike | null>()
      const read = (documentId: string) =>
        current.has(documentId) ? current.get(documentId)! : (store.get(documentId) ?? null)
      for (const mutation of mutations) {
        const [kind, body] = Object.entries(mutation)[0] ?? []
        const target = (body ?? {}) as {_id?: string; id?: string; ifRevisionID?: string}
        const documentId = target._id ?? target.id
        if (!kind || !documentId)
          throw new LakeError(400, `The local Content Lake cannot apply ${JSON.stringify(mutation)}`)
        const previous = read(documentId)
        if (kind === 'create' && previous)
          throw new LakeError(409, `Document by ID "${documentId}" already exists`)
        if (kind === 'patch' && !previous)
          throw new LakeError(404, `Document "${documentId}" not found and cannot be patched`)
        if (target.ifRevisionID && previous?._rev !== target.ifRevisionID)
          throw new LakeError(
            409,
            `Document "${documentId}" has unexpected revision ID ("${String(previous?._rev)}"), expected "${target.ifRevisionID}"`,
          )
        const next = new Mutation({
          mutations: [mutation as never],
          resultRev: id,
          timestamp: new Date().toISOString(),
        }).apply(previous as never) as SanityDocumentLike | null
        current.set(documentId, next)
        write(documentId, next)
      }
    },
    transactionId,
  )
}

/**
 * What happened to a document and its draft, newest first, in the shape of Studio's events API
 * (GET /data/history/<dataset>/events/documents/<id>): created, published, unpublished, discarded,
 * deleted. Studio reads the edits in between from the transaction log itself.
 */
export function documentEvents(store: LakeStore, requestedId: string): Record<string, unknown>[] {
  const documentId = publishedIdOf(requestedId)
  const versionId = `drafts.${documentId}`
  const events: Record<string, unknown>[] = []
  for (const transaction of store.transactions) {
    const {id, timestamp, author, before, after} = transaction
    const base = {timestamp, author, documentId}
    const draftBefore = before.get(versionId)
    const draftAfter = after.get(versionId)
    const publishedChanged = after.has(documentId)
    const publishedAfter = after.get(documentId)
    const publishedBefore = before.get(documentId)
    if (publishedChanged && publishedAfter && draftBefore && after.has(versionId) && !draftAfter)
      events.push({
        ...base,
        type: 'publishDocumentVersion',
        revisionId: id,
        versionId,
        versionRevisionId: draftBefore._rev,
        publishCause: 'document.publish',
      })
    else if (publishedChanged && !publishedAfter && draftAfter)
      events.push({...base, type: 'unpublishDocument', versionId, versionRevisionId: id})
    else if (publishedChanged && !publishedAfter) events.push({...base, type: 'deleteDocumentGroup'})
    else if (publishedChanged)
      events.push({
        ...base,
        type: publishedBefore ? 'updateLiveDocument' : 'createLiveDocument',
        revisionId: id,
      })
    else if (after.has(versionId) && !draftBefore && draftAfter)
      events.push({
        ...base,
        type: 'createDocumentVersion',
        versionId,
        versionRevisionId: id,
        revisionId: store.revisionOf(documentId, {revision: id})?._rev,
      })
    else if (after.has(versionId) && draftBefore && !draftAfter)
      events.push({...base, type: 'deleteDocumentVersion', versionId, versionRevisionId: draftBefore._rev})
  }
  return events.toReversed()
}

/** The transaction log of some documents as /data/history/…/transactions answers it. */
export function transactionLog(store: LakeStore, documentIds: string[], search: URLSearchParams) {
  const wanted = new Set(documentIds)
  let log = store.transactions.filter((transaction) => transaction.documentIDs.some((id) => wanted.has(id)))
  const from = search.get('fromTransaction')
  const to = search.get('toTransaction')
  if (from)
    log = log.slice(
      Math.max(
        0,
        log.findIndex((transaction) => transaction.id === from),
      ),
    )
  if (to) {
    const end = log.findIndex((transaction) => transaction.id === to)
    if (end >= 0) log = log.slice(0, end + 1)
  }
  if (search.get('reverse') === 'true') log = log.toReversed()
  const limit = Number(search.get('limit') ?? 'NaN')
  if (Number.isInteger(limit)) log = log.slice(0, limit)
  const identifiedOnly = search.get('includeIdentifiedDocumentsOnly') === 'true'
  return log.map((transaction) => {
    const documentIDs = identifiedOnly
      ? transaction.documentIDs.filter((id) => wanted.has(id))
      : transaction.documentIDs
    return {
      id: transaction.id,
      timestamp: transaction.timestamp,
      author: transaction.author,
      documentIDs,
      ...(search.get('excludeMutations') === 'true' ? {} : {mutations: transaction.mutations}),
      effects: Object.fromEntries(documentIDs.map((id) => [id, transaction.effects[id]])),
    }
  })
}
