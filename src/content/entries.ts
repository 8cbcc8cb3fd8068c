import {getCollection, getEntry} from 'astro:content'
import type {z} from 'astro/zod'
import {POLICY_ID_LIST, SINGLETON_ID_LIST, type PolicyId, type SingletonId} from '../../model/siteDocuments'
import type {PreviewLocals} from './preview'
import type {Policy, PolicyVersion} from './schemas'
import {
  ALL_SITE_CONTENT_PARAMS,
  ALL_SITE_CONTENT_QUERY,
  SITE_CONTENT,
  type ContentPart,
  type ContentPartName,
} from './siteContent'

/** A document of one part of the content, as its schema gives it. */
type Document<Name extends ContentPartName> = z.infer<(typeof SITE_CONTENT)[Name]['schema']>

/** Each singleton by its id: `content.siteSettings()`. */
type Singletons = {[Id in SingletonId]: () => Promise<Document<Id>>}

/** The getters of every singleton, each made by `getter`. */
const singletons = (getter: (id: SingletonId) => () => Promise<unknown>) =>
  Object.fromEntries(SINGLETON_ID_LIST.map((id) => [id, getter(id)])) as Singletons

/**
 * The content a page renders. One rendering path, two perspectives: a static build reads the
 * published documents its content collections loaded; a preview page (src/pages/preview) reads
 * published documents with staff's drafts laid over them, fetched for that request on the
 * server. Pages ask `contentFor(Astro.locals)` and never know which.
 */
export interface SiteContent extends Singletons {
  /** Drafts are shown: the page is a preview for staff. */
  readonly preview: boolean
  /** The moment a policy's history is judged by. */
  readonly now: Date
  policy(id: PolicyId): Promise<Policy>
  policyVersions(): Promise<PolicyVersion[]>
}

/**
 * The moment this build judges every policy's history by: the version in force is the latest
 * one whose date has come. One value for the whole build, so every page agrees; the production
 * server rebuilds when the next version's date arrives (src/server/schedule.ts).
 */
export const BUILD_TIME = new Date()

/** The loaders guarantee these documents exist; a miss here is a programming error. */
function found<T>(entry: T | undefined, id: string): T {
  if (!entry) throw new Error(`The build has no "${id}" document.`)
  return entry
}

let builtVersions: Promise<PolicyVersion[]> | undefined

/** The build's content collections: what visitors see. */
export const builtContent: SiteContent = {
  preview: false,
  now: BUILD_TIME,
  // A singleton's collection is named after it and holds it under its own id.
  ...singletons((id) => async () => found(await getEntry(id, id), id).data),
  policy: async (id) => found(await getEntry('policies', id), id).data,
  policyVersions: () =>
    (builtVersions ??= getCollection('policyVersions').then((entries) => entries.map(({data}) => data))),
}

/** A draft that cannot be shown, in words for the preview page: which document, which field. */
export class PreviewContentError extends Error {
  override name = 'PreviewContentError'
}

function parsed<S extends z.ZodType>(part: ContentPart<S>, value: unknown): z.infer<S> {
  const id = (value as {_id?: unknown} | null)?._id
  const what = typeof id === 'string' && part.requiredIds.length !== 1 ? `${part.title} "${id}"` : part.title
  if (value === null || value === undefined)
    throw new PreviewContentError(`${what}: there is no such document, published or draft.`)
  const result = part.schema.safeParse(value)
  if (result.success) return result.data
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`,
  )
  throw new PreviewContentError(`${what} cannot be shown yet. ${problems.join('; ')}.`)
}

/** Content read for one preview request: every part in one query, parsed as a build parses it. */
function previewContent(preview: PreviewLocals): SiteContent {
  let answer: Promise<Partial<Record<ContentPartName, unknown>>> | undefined
  const value = async (name: ContentPartName) => {
    answer ??= preview.source.fetch(ALL_SITE_CONTENT_QUERY, ALL_SITE_CONTENT_PARAMS) as Promise<
      Partial<Record<ContentPartName, unknown>>
    >
    return (await answer)[name]
  }
  /** A part that is a list of documents. */
  const many = async <Name extends ContentPartName>(name: Name) => {
    const list = await value(name)
    return (Array.isArray(list) ? list : []).map((item) =>
      parsed(SITE_CONTENT[name] as ContentPart, item),
    ) as Document<Name>[]
  }
  return {
    preview: true,
    now: new Date(),
    ...singletons((id) => async () => parsed(SITE_CONTENT[id] as ContentPart, await value(id))),
    policy: async (id) => {
      const policy = (await many('policies')).find((candidate) => candidate._id === id)
      if (!policy) throw new PreviewContentError(`There is no "${id}" policy, published or draft.`)
      return policy
    },
    policyVersions: () => many('policyVersions'),
  }
}

const previews = new WeakMap<PreviewLocals, SiteContent>()

/** The content for this request: the build's, or on a preview page, staff's drafts. */
export function contentFor(locals: App.Locals | undefined): SiteContent {
  const preview = locals?.preview
  if (!preview) return builtContent
  let content = previews.get(preview)
  if (!content) previews.set(preview, (content = previewContent(preview)))
  return content
}

/** Reads every document a page may need, so a draft that cannot be shown is reported before rendering. */
export async function readAll(content: SiteContent): Promise<void> {
  await Promise.all([
    ...SINGLETON_ID_LIST.map((id) => content[id]()),
    ...POLICY_ID_LIST.map((id) => content.policy(id)),
    content.policyVersions(),
  ])
}
