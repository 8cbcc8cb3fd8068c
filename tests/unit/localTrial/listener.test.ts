// The listener events of the local Content Lake, read as Studio reads them. Studio keeps its own
// copy of each document it shows and moves it forward with every mutation event: its buffered
// document applies the event's `mutations` with @sanity/mutator, its pair listener the event's
// `effects` with mendoza, and it follows `previousRev` to `resultRev` and `transition`. Each event
// shape is compared with @sanity/client's `MutationEvent` (the return type) and replayed both ways
// on the document as it was before: the result must be the document as the Content Lake now holds it.
import type {MutationEvent} from '@sanity/client'
import {Mutation} from '@sanity/mutator'
import {applyPatch} from 'mendoza'
import {describe, expect, it} from 'vitest'
import {applyActions} from '../../../localTrial/actions.ts'
import {applyMutations, LakeStore, listenerEvents, type Transaction} from '../../../localTrial/store.ts'
import type {SanityDocumentLike} from '../../../localTrial/queryApi.ts'
import {POLICY_VERSION_TYPE, versionId} from '../../../model/policyVersions.ts'
import {publishMutations} from '../../../studio/actions/recordVersions.ts'

const DRAFT = 'drafts.refundPolicy'
const PUBLISHED = 'refundPolicy'
const ids = {draftId: DRAFT, publishedId: PUBLISHED}
const seed = () => [{_id: PUBLISHED, _type: 'policy', title: 'Refunds'}]

/** Every document a transaction wrote, as a listener on `*[_id in $ids]` (Studio's pair listener) sees it. */
const pairEvents = (transaction: Transaction): MutationEvent[] =>
  listenerEvents(
    transaction,
    transaction.documentIDs.map((id) => ({
      id,
      before: Boolean(transaction.before.get(id)),
      after: Boolean(transaction.after.get(id)),
    })),
    {includeResult: false, includePreviousRevision: false},
  )

/** Studio's copy of a document after an event, by the event's mutations (as its buffered document does). */
const byMutations = (copy: SanityDocumentLike | null, event: MutationEvent) =>
  new Mutation(structuredClone(event) as never).apply(structuredClone(copy) as never) as unknown

/** Studio's copy after an event, by its mendoza effects (as its pair listener does). */
const byEffects = (copy: SanityDocumentLike | null, event: MutationEvent) =>
  applyPatch(structuredClone(copy), event.effects!.apply as never) as unknown

/** Checks what Studio makes of each event of `transaction`, and returns the events by document id. */
function replayed(store: LakeStore, transaction: Transaction): Record<string, MutationEvent> {
  const events = pairEvents(transaction)
  expect(events.map(({documentId}) => documentId)).toEqual(transaction.documentIDs)
  for (const [index, event] of events.entries()) {
    const before = transaction.before.get(event.documentId) ?? null
    const now = store.get(event.documentId) ?? null
    expect(event).toMatchObject({
      type: 'mutation',
      transactionId: transaction.id,
      resultRev: transaction.id,
      timestamp: transaction.timestamp,
      transactionTotalEvents: events.length,
      transactionCurrentEvent: index,
      visibility: 'query',
    })
    expect(event.previousRev).toBe(before?._rev)
    expect(byMutations(before, event), `${event.documentId} by its mutations`).toEqual(now)
    expect(byEffects(before, event), `${event.documentId} by its effects`).toEqual(now)
    // Each event names only the document it is about.
    for (const mutation of event.mutations) {
      const [body] = Object.values(mutation) as {_id?: string; id?: string}[]
      expect(body?._id ?? body?.id).toBe(event.documentId)
    }
  }
  return Object.fromEntries(events.map((event) => [event.documentId, event]))
}

const edit = (store: LakeStore, title: string) =>
  applyActions(store, 'editor', [{actionType: 'sanity.action.document.edit', ...ids, patch: {set: {title}}}])

describe("the local Content Lake's listener events, as Studio applies them", () => {
  it('an edit makes the draft appear, and the next edit updates it from the revision before', () => {
    const store = new LakeStore(seed(), 'editor')
    const first = replayed(store, edit(store, 'Refunds, first edit'))
    expect(first[DRAFT]).toMatchObject({transition: 'appear'})
    expect(first[DRAFT]).not.toHaveProperty('previousRev')
    const draftRev = store.get(DRAFT)!._rev
    const second = replayed(store, edit(store, 'Refunds, second edit'))
    expect(second[DRAFT]).toMatchObject({transition: 'update', previousRev: draftRev})
  })

  it('a publish is one transaction: the published document updates and the draft disappears, never the other way round', () => {
    const store = new LakeStore(seed(), 'editor')
    edit(store, 'Refunds and cancellations')
    const publish = applyActions(store, 'editor', [{actionType: 'sanity.action.document.publish', ...ids}])
    const events = replayed(store, publish)
    expect(events[PUBLISHED]).toMatchObject({transition: 'update'})
    expect(events[DRAFT]).toMatchObject({transition: 'disappear'})
    expect(store.get(PUBLISHED)).toMatchObject({_type: 'policy', title: 'Refunds and cancellations'})
  })

  it('an unpublish is one transaction: the published document disappears and the draft appears with its text', () => {
    const store = new LakeStore(seed(), 'editor')
    const unpublish = applyActions(store, 'editor', [
      {actionType: 'sanity.action.document.unpublish', ...ids},
    ])
    const events = replayed(store, unpublish)
    expect(events[PUBLISHED]).toMatchObject({transition: 'disappear'})
    expect(events[DRAFT]).toMatchObject({transition: 'appear'})
    expect(store.get(DRAFT)).toMatchObject({_type: 'policy', title: 'Refunds'})
  })

  it('a publish the Content Lake refuses changes neither document and sends no event', () => {
    const store = new LakeStore(seed(), 'editor')
    edit(store, 'Refunds and cancellations')
    const count = store.transactions.length
    expect(() =>
      applyActions(store, 'editor', [
        {actionType: 'sanity.action.document.publish', ...ids, ifPublishedRevisionId: 'an-old-revision'},
      ]),
    ).toThrow(/changed since it was read/)
    expect(store.transactions).toHaveLength(count)
    expect(store.get(DRAFT)?.title).toBe('Refunds and cancellations')
    expect(store.get(PUBLISHED)?.title).toBe('Refunds')
  })

  it('"Publish and record" publishes the policy, deletes its draft and creates the version, each event about its own document', async () => {
    const store = new LakeStore(seed(), 'editor')
    edit(store, 'Refunds and cancellations')
    // Another document in the same transaction: what the listener once sent with the draft's event.
    const version = {_id: versionId('refundPolicy', 2), _type: POLICY_VERSION_TYPE, number: 2}
    const transaction = await applyMutations(
      store,
      'editor',
      publishMutations(
        store.get(DRAFT) as never,
        PUBLISHED,
        [version as never],
        store.get(PUBLISHED) as never,
      ) as never,
    )
    const events = replayed(store, transaction)
    expect(events[DRAFT]).toMatchObject({transition: 'disappear'})
    expect(events[PUBLISHED]).toMatchObject({transition: 'update'})
    expect(events[version._id]).toMatchObject({transition: 'appear'})
    expect(store.get(PUBLISHED)).toMatchObject({_type: 'policy', title: 'Refunds and cancellations'})
    expect(store.get(version._id)).toMatchObject({_type: POLICY_VERSION_TYPE, number: 2})
  })

  it('discarding a draft makes it disappear', () => {
    const store = new LakeStore(seed(), 'editor')
    edit(store, 'Refunds and cancellations')
    const discard = applyActions(store, 'editor', [
      {actionType: 'sanity.action.document.discard', draftId: DRAFT},
    ])
    expect(replayed(store, discard)[DRAFT]).toMatchObject({transition: 'disappear'})
  })

  it("says a document left the query's set when an edit stops it matching, though it still exists", () => {
    const store = new LakeStore(seed(), 'editor')
    const transaction = edit(store, 'Refunds, edited')
    const [event] = listenerEvents(transaction, [{id: DRAFT, before: true, after: false}], {
      includeResult: true,
      includePreviousRevision: true,
    })
    expect(event).toMatchObject({transition: 'disappear', previous: null, result: store.get(DRAFT)})
  })
})
