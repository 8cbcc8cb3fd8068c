import {applyPatch} from 'mendoza'
import {describe, expect, it} from 'vitest'
import {applyActions} from '../../../localTrial/actions.ts'
import {applyMutations, documentEvents, LakeStore, mendozaPatch} from '../../../localTrial/store.ts'

const seed = () => [
  {_id: 'refundPolicy', _type: 'policy', title: 'Refunds', sections: [{_key: 'a', heading: 'Scope'}]},
  {_id: 'drafts.aboutPage', _type: 'aboutPage', title: 'About (draft)'},
]

describe("the local Content Lake's store", () => {
  it('writes effects that mendoza turns from the old document into the new one, and back', () => {
    const before = {_id: 'x', a: 1, b: {c: [1, 2]}, gone: true, z: 'same'}
    const after = {_id: 'x', a: 2, b: {c: [1, 2, 3]}, added: 'yes', z: 'same'}
    expect(applyPatch(before, mendozaPatch(before, after))).toEqual(after)
    expect(applyPatch(after, mendozaPatch(after, before))).toEqual(before)
    expect(applyPatch(null, mendozaPatch(null, after))).toEqual(after)
    expect(applyPatch(after, mendozaPatch(after, null))).toBeNull()
  })

  it('publishes a draft in one transaction: the published document replaces it, and keeps its creation time', () => {
    const store = new LakeStore(seed(), 'editor')
    const createdAt = store.get('refundPolicy')!._createdAt
    applyActions(store, 'editor', [
      {
        actionType: 'sanity.action.document.edit',
        draftId: 'drafts.refundPolicy',
        publishedId: 'refundPolicy',
        patch: {set: {title: 'Refunds and cancellations'}},
      },
    ])
    expect(store.get('drafts.refundPolicy')?.title).toBe('Refunds and cancellations')
    expect(store.get('refundPolicy')?.title).toBe('Refunds')
    const publish = applyActions(store, 'editor', [
      {
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.refundPolicy',
        publishedId: 'refundPolicy',
      },
    ])
    expect(store.get('drafts.refundPolicy')).toBeUndefined()
    expect(store.get('refundPolicy')).toMatchObject({
      title: 'Refunds and cancellations',
      _rev: publish.id,
      _createdAt: createdAt,
    })
    expect(documentEvents(store, 'drafts.refundPolicy').map(({type}) => type)).toEqual([
      'publishDocumentVersion',
      'createDocumentVersion',
      'createLiveDocument',
    ])
  })

  it('refuses an action it does not know, and changes nothing', () => {
    const store = new LakeStore(seed(), 'editor')
    expect(() =>
      applyActions(store, 'editor', [{actionType: 'sanity.action.document.somethingNew'}]),
    ).toThrow(/does not know the action "sanity.action.document.somethingNew"/)
    expect(store.transactions).toHaveLength(1)
  })

  it('applies mutations all or nothing: a stale revision refuses the whole transaction', async () => {
    const store = new LakeStore(seed(), 'editor')
    await expect(
      applyMutations(store, 'editor', [
        {patch: {id: 'refundPolicy', set: {title: 'New'}}},
        {patch: {id: 'drafts.aboutPage', ifRevisionID: 'an-old-revision', set: {title: 'New'}}},
      ]),
    ).rejects.toThrow(/unexpected revision/)
    expect(store.get('refundPolicy')?.title).toBe('Refunds')
    await applyMutations(store, 'editor', [{delete: {query: '*[_id in path("drafts.**")]'}}])
    expect(store.get('drafts.aboutPage')).toBeUndefined()
  })
})
