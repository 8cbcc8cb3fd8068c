/**
 * What the publish actions of policies, Policy figures and Company facts read, plan and write.
 * Kept apart from the React action so the rules can be tested without a Studio: which versions a
 * publish records, and the one transaction that publishes the draft and records them together.
 */
import type {Mutation} from '@sanity/client'
import type {CompanyFactsDocument} from '../../model/companyFacts'
import {
  changesPolicy,
  earliestWithNotice,
  indiaToday,
  isPolicyId,
  latestVersion,
  nextVersionNumber,
  noticeDaysIn,
  planPolicyPublish,
  planQuotedValuesPublish,
  policiesChangedBy,
  POLICY_VERSION_TYPE,
  quotesFor,
  type ChangeNote,
  type PolicyVersionDocument,
  type PolicyWording,
  type PublishPlan,
} from '../../model/policyVersions'
import {POLICY_IDS, SINGLETON_IDS, type PolicyId} from '../../model/siteDocuments'

/** The document types whose publish may record policy versions. */
export const VERSION_RECORDING_TYPES = new Set<string>(['policy', 'policyFigures', 'companyFacts'])

export interface StoredDocument {
  _id: string
  _type: string
  _rev?: string
  [field: string]: unknown
}

/** What a publish is planned against, besides the draft: the history and the published values. */
export interface PublishContext {
  /**
   * The latest version of each policy, and its latest one still standing when a later one was
   * withdrawn: all the planner needs of the history (the base of a change, and the next number).
   */
  versions: PolicyVersionDocument[]
  figures: Record<string, unknown>
  facts: CompanyFactsDocument
}

/** What a publish reads from the Content Lake: the context, and the draft and published document it replaces. */
export interface PublishRead extends PublishContext {
  /**
   * The Content Lake's time when it answered (GROQ `now()`): the publish that follows is announced
   * on its day, never on the day of the browser's clock, which may be wrong.
   */
  now: Date
  /** The draft as the Content Lake holds it; null once it was published or discarded. */
  draft: StoredDocument | null
  /** The published document's revision, locked so a publish never overwrites one it did not see. */
  published: {_rev?: string} | null
}

const notDraftOrRelease = '!(_id in path("drafts.**")) && !(_id in path("versions.**"))'
const latestOf = (policy: PolicyId, filter = '') =>
  `*[_type == "${POLICY_VERSION_TYPE}" && policy == "${policy}" && ${notDraftOrRelease}${filter}] | order(number desc)[0]`
const latestOfEach = Object.values(POLICY_IDS).flatMap((policy) => [
  latestOf(policy),
  latestOf(policy, ' && !defined(withdrawnAt)'),
])

/** Asked with the raw perspective, so the draft is found by its own id and everything else is the published document. */
export const PUBLISH_READ_QUERY = `{
  "now": now(),
  "draft": *[_id == $draftId][0],
  "published": *[_id == $publishedId][0]{_rev},
  "versions": [${latestOfEach.join(', ')}][defined(@)],
  "figures": *[_id == "${SINGLETON_IDS.policyFigures}"][0],
  "facts": *[_id == "${SINGLETON_IDS.companyFacts}"][0]
}`

export const publishReadParams = (publishedId: string) => ({draftId: `drafts.${publishedId}`, publishedId})

/**
 * The answer to PUBLISH_READ_QUERY; Policy figures or Company facts not yet published read as
 * empty. An answer without the Content Lake's time is refused: no version is announced on a guess.
 */
export function publishRead(answer: {
  now?: string | null
  draft?: StoredDocument | null
  published?: {_rev?: string} | null
  versions?: PolicyVersionDocument[] | null
  figures?: Record<string, unknown> | null
  facts?: CompanyFactsDocument | null
}): PublishRead {
  const now = new Date(answer.now ?? '')
  if (Number.isNaN(now.getTime())) throw new Error('the Content Lake did not say what time it is')
  return {
    now,
    draft: answer.draft ?? null,
    published: answer.published ?? null,
    // A policy whose latest version stands is read twice: once is enough.
    versions: [...new Map((answer.versions ?? []).map((version) => [version._id, version])).values()],
    figures: answer.figures ?? {},
    facts: answer.facts ?? {},
  }
}

/** The policy a draft is, if it is one of the site's policies. */
const policyOf = (draft: StoredDocument) => {
  const id = draft._id.replace(/^drafts\./, '')
  return isPolicyId(id) ? id : undefined
}

const quotesValues = (draft: StoredDocument) =>
  draft._type === 'policyFigures' || draft._type === 'companyFacts'

/** The figures and facts as they read once the draft is published: a draft of either replaces the published one. */
const valuesAfter = (draft: StoredDocument, {figures, facts}: PublishContext) => ({
  figures: draft._type === 'policyFigures' ? draft : figures,
  facts: draft._type === 'companyFacts' ? (draft as CompanyFactsDocument) : facts,
})

/**
 * The versions publishing `draft` records, by the shared rules; a refusal lists what staff must
 * fix. A policy the site does not show (not one of the fixed ids) records nothing.
 */
export function planPublish(
  draft: StoredDocument,
  context: PublishContext,
  note: Partial<ChangeNote>,
  now: Date,
): PublishPlan {
  if (quotesValues(draft))
    return planQuotedValuesPublish({
      versions: context.versions,
      ...valuesAfter(draft, context),
      figuresBefore: context.figures,
      note,
      now,
    })
  const policy = policyOf(draft)
  if (!policy) return {ok: true, versions: []}
  const {versions, figures, facts} = context
  return planPolicyPublish({
    policy,
    draft: draft as unknown as PolicyWording,
    versions,
    figures,
    facts,
    note,
    now,
  })
}

/** The policies that get a new version, and its number: what the dialog lists while staff write their note. */
export function versionsToRecord(
  draft: StoredDocument,
  context: PublishContext,
): {policy: PolicyId; number: number}[] {
  if (quotesValues(draft))
    return policiesChangedBy({versions: context.versions, ...valuesAfter(draft, context)}).map(
      ({latest, number}) => ({policy: latest.policy, number}),
    )
  const policy = policyOf(draft)
  if (!policy) return []
  const latest = latestVersion(context.versions, policy)
  const wording = draft as unknown as PolicyWording
  const quotes = quotesFor(wording, context.figures, context.facts)
  return changesPolicy(latest, wording, quotes)
    ? [{policy, number: nextVersionNumber(context.versions, policy)}]
    : []
}

/**
 * The first day the change may apply from without a reason for short notice, for the dialog;
 * undefined when every policy it records gets its first version, which replaces no earlier text.
 */
export function noticeFrom(draft: StoredDocument, context: PublishContext, now: Date): string | undefined {
  const replacesText = versionsToRecord(draft, context).some(({number}) => number > 1)
  if (!replacesText) return undefined
  // The notice period in force before the publish, never the draft's own figure.
  return earliestWithNotice({now, latest: true, noticeDays: noticeDaysIn(context.figures)})
}

/**
 * The day the dialog proposes: the first one the rules allow without a reason, which is the notice
 * period from today, or the day of a version already announced for a policy the change records,
 * when that is later (a change recorded after it cannot apply before it).
 */
export function proposedDate(draft: StoredDocument, context: PublishContext, now: Date): string {
  const announced = versionsToRecord(draft, context).map(
    ({policy}) => latestVersion(context.versions, policy)?.effectiveDate ?? '',
  )
  return [noticeFrom(draft, context, now) ?? indiaToday(now), ...announced].sort().at(-1)!
}

/**
 * Why `draft` may not be published as the document `publishedId` of type `type`, if it may not: it
 * is stored under another id, is another type's, or holds fields that type does not define (a
 * version's number and summary in a policy, say). Publishing it would replace the published
 * document with something the site cannot build, so the publish is refused before it is sent.
 */
export function foreignDraftProblem(
  draft: StoredDocument,
  {publishedId, type, fields}: {publishedId: string; type: string; fields: ReadonlySet<string>},
): string | undefined {
  if (draft._id !== `drafts.${publishedId}` || draft._type !== type)
    return `The draft open here is a ${draft._type} stored as ${draft._id}, not a draft of this ${type}.`
  const unknown = Object.keys(draft).filter((key) => !key.startsWith('_') && !fields.has(key))
  if (unknown.length > 0) return `The draft holds fields a ${type} does not have (${unknown.join(', ')}).`
  return undefined
}

/** What staff read when a draft is refused so: nothing was published, and what to do. */
export const foreignDraftMessage = (problem: string) =>
  `Not published: ${problem} Publishing it would replace the published document. ` +
  'Reload the page; if the draft still shows unknown fields, discard it and make the change again.'

/** A reference to a document that was a draft when it was chosen becomes a strong one on publish, as in Sanity's own publish. */
function strengthenOnPublish(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strengthenOnPublish)
  if (typeof value !== 'object' || value === null) return value
  const node = value as Record<string, unknown>
  if (typeof node._ref === 'string' && typeof node._strengthenOnPublish === 'object') {
    const {_strengthenOnPublish: strengthen, ...reference} = node
    if ((strengthen as {weak?: boolean}).weak) return reference
    delete reference._weak
    return reference
  }
  return Object.fromEntries(Object.entries(node).map(([key, field]) => [key, strengthenOnPublish(field)]))
}

/**
 * One transaction: the draft becomes the published document and is deleted, and each version is
 * created. `create` fails when the id exists, so two staff recording the same version number at
 * once cannot both succeed; the revision locks fail it when the draft or the published document
 * changed since it was read. A failure changes nothing, so the draft is never lost.
 */
export function publishMutations(
  draft: StoredDocument,
  publishedId: string,
  versions: readonly PolicyVersionDocument[],
  published?: {_rev?: string} | null,
): Mutation[] {
  const {_rev: draftRev, _updatedAt: _u, _createdAt: _c, ...fields} = draft
  const document = {...(strengthenOnPublish(fields) as StoredDocument), _id: publishedId}
  const lock = (id: string, revision: string | undefined): Mutation[] =>
    revision ? [{patch: {id, ifRevisionID: revision, unset: ['_revision_lock_pseudo_field_']}}] : []
  return [
    ...lock(draft._id, draftRev),
    ...(published
      ? [...lock(publishedId, published._rev), {createOrReplace: document}]
      : [{create: document} satisfies Mutation]),
    {delete: {id: draft._id}},
    ...versions.map((version): Mutation => ({create: {...version}})),
  ]
}

/**
 * Recording a version of what is already published, with nothing to publish: for a policy, or a
 * figure or fact it quotes, published without Studio's publish action (the API, an import), and
 * for a policy's first version. `create` fails if someone records the same version meanwhile.
 */
export function recordMutations(versions: readonly PolicyVersionDocument[]): Mutation[] {
  return versions.map((version): Mutation => ({create: {...version}}))
}

/** A failed publish explained to staff: nothing was published, and the draft is as it was. */
export function commitErrorMessage(error: unknown): string {
  const status = (error as {statusCode?: number} | null)?.statusCode
  if (status === 409)
    return (
      'Someone else published this document, or recorded a version of the same policy, at the same moment. ' +
      'Nothing was published and your draft is unchanged: close this dialog and publish again.'
    )
  const reason = error instanceof Error ? error.message : String(error)
  return `Publishing failed (${reason}). Nothing was published and your draft is unchanged; try again.`
}
