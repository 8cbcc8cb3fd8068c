// Sanity's Actions API (POST /data/actions/<dataset>), which Studio uses to create, edit, publish,
// unpublish, discard and delete: each action is one transaction of the store.
import {Mutation} from '@sanity/mutator'
import type {SanityDocumentLike} from './queryApi.ts'
import {LakeError, type LakeStore, type Transaction} from './store.ts'

interface Action {
  actionType: string
  draftId?: string
  publishedId?: string
  versionId?: string
  attributes?: SanityDocumentLike
  patch?: Record<string, unknown>
  ifExists?: 'fail' | 'ignore'
  ifDraftRevisionId?: string
  ifPublishedRevisionId?: string
  includeDrafts?: string[]
}

type Write = (id: string, document: SanityDocumentLike | null) => void

/** The action types this stand-in carries out, by what each does to the documents. */
const ACTIONS: Record<
  string,
  (action: Action, read: (id: string) => SanityDocumentLike | null, write: Write, rev: string) => void
> = {
  'sanity.action.document.create': ({attributes, publishedId, ifExists}, read, write) => {
    if (!attributes?._id) throw new LakeError(400, 'create needs attributes with an _id')
    if (read(attributes._id)) {
      if (ifExists === 'ignore') return
      throw new LakeError(409, `Document by ID "${attributes._id}" already exists`)
    }
    if (publishedId && attributes._id === publishedId)
      throw new LakeError(400, 'create makes a draft, not a published document')
    write(attributes._id, attributes)
  },
  'sanity.action.document.edit': ({draftId, publishedId, patch}, read, write, rev) => {
    const base = read(draftId!) ?? read(publishedId!)
    if (!base) throw new LakeError(404, `Document "${publishedId}" has no draft or published version to edit`)
    const patched = new Mutation({
      mutations: [{patch: {...patch, id: draftId}} as never],
      resultRev: rev,
      timestamp: new Date().toISOString(),
    }).apply({...base, _id: draftId!} as never) as SanityDocumentLike
    write(draftId!, patched)
  },
  'sanity.action.document.publish': (
    {draftId, publishedId, ifDraftRevisionId, ifPublishedRevisionId},
    read,
    write,
  ) => {
    const draft = read(draftId!)
    if (!draft) throw new LakeError(409, `Draft "${draftId}" does not exist: nothing to publish`)
    if (ifDraftRevisionId && draft._rev !== ifDraftRevisionId)
      throw new LakeError(409, `Draft "${draftId}" changed since it was read`)
    if (ifPublishedRevisionId && read(publishedId!)?._rev !== ifPublishedRevisionId)
      throw new LakeError(409, `Document "${publishedId}" changed since it was read`)
    write(publishedId!, {
      ...draft,
      _id: publishedId!,
      _createdAt: read(publishedId!)?._createdAt ?? draft._createdAt,
    })
    write(draftId!, null)
  },
  'sanity.action.document.unpublish': ({draftId, publishedId}, read, write) => {
    const published = read(publishedId!)
    if (!published) throw new LakeError(409, `Document "${publishedId}" is not published`)
    if (!read(draftId!)) write(draftId!, {...published, _id: draftId!})
    write(publishedId!, null)
  },
  'sanity.action.document.discard': ({draftId, versionId}, read, write) => {
    const id = draftId ?? versionId!
    if (!read(id)) throw new LakeError(409, `Draft "${id}" does not exist: nothing to discard`)
    write(id, null)
  },
  'sanity.action.document.delete': ({publishedId, includeDrafts = []}, read, write) => {
    for (const id of [publishedId!, ...includeDrafts]) if (read(id)) write(id, null)
  },
  'sanity.action.document.replaceDraft': ({publishedId, attributes}, _read, write) => {
    if (!attributes?._id || !publishedId)
      throw new LakeError(400, 'replaceDraft needs publishedId and attributes')
    write(attributes._id, attributes)
  },
}

/** The action types this stand-in answers; any other is refused and reported as unknown. */
export const ACTION_TYPES = Object.keys(ACTIONS)

export function applyActions(
  store: LakeStore,
  author: string,
  actions: Action[],
  transactionId?: string,
): Transaction {
  for (const action of actions)
    if (!ACTIONS[action.actionType])
      throw new LakeError(400, `The local Content Lake does not know the action "${action.actionType}"`)
  // Sanity's translog and listeners show an action as the mutations it made.
  return store.commit(
    author,
    null,
    (write, rev) => {
      const current = new Map<string, SanityDocumentLike | null>()
      const read = (id: string) => (current.has(id) ? current.get(id)! : (store.get(id) ?? null))
      const record: Write = (id, document) => {
        current.set(id, document)
        write(id, document)
      }
      for (const action of actions) ACTIONS[action.actionType]!(action, read, record, rev)
    },
    transactionId,
  )
}
