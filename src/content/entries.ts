import {getCollection, getEntry} from 'astro:content'
import type {z} from 'astro/zod'
import {POLICY_IDS, SINGLETON_IDS, type PolicyId} from '../../model/siteDocuments'
import type {PreviewLocals} from './preview'
import type {
  aboutPageSchema,
  CompanyFacts,
  contactPageSchema,
  HomePage,
  Policy,
  PolicyFigures,
  PolicyVersion,
  SiteSettings,
} from './schemas'
import {ALL_SITE_CONTENT_QUERY, SITE_CONTENT, type ContentPart, type ContentPartName} from './siteContent'

type AboutPage = z.infer<typeof aboutPageSchema>
type ContactPage = z.infer<typeof contactPageSchema>

/**
 * The content a page renders. One rendering path, two perspectives: a static build reads the
 * published documents its content collections loaded; a preview page (src/pages/preview) reads
 * published documents with staff's drafts laid over them, fetched for that request on the
 * server. Pages ask `contentFor(Astro.locals)` and never know which.
 */
export interface SiteContent {
  /** Drafts are shown: the page is a preview for staff. */
  readonly preview: boolean
  /** The moment a policy's history is judged by. */
  readonly now: Date
  siteSettings(): Promise<SiteSettings>
  homePage(): Promise<HomePage>
  aboutPage(): Promise<AboutPage>
  contactPage(): Promise<ContactPage>
  policyFigures(): Promise<PolicyFigures>
  companyFacts(): Promise<CompanyFacts>
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
  siteSettings: async () =>
    found(await getEntry('siteSettings', SINGLETON_IDS.siteSettings), SINGLETON_IDS.siteSettings).data,
  homePage: async () =>
    found(await getEntry('homePage', SINGLETON_IDS.homePage), SINGLETON_IDS.homePage).data,
  aboutPage: async () =>
    found(await getEntry('aboutPage', SINGLETON_IDS.aboutPage), SINGLETON_IDS.aboutPage).data,
  contactPage: async () =>
    found(await getEntry('contactPage', SINGLETON_IDS.contactPage), SINGLETON_IDS.contactPage).data,
  policyFigures: async () =>
    found(await getEntry('policyFigures', SINGLETON_IDS.policyFigures), SINGLETON_IDS.policyFigures).data,
  companyFacts: async () =>
    found(await getEntry('companyFacts', SINGLETON_IDS.companyFacts), SINGLETON_IDS.companyFacts).data,
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

/** A document of one part of the content, as its schema gives it. */
type Document<Name extends ContentPartName> = z.infer<(typeof SITE_CONTENT)[Name]['schema']>

/** Content read for one preview request: every part in one query, parsed as a build parses it. */
function previewContent(preview: PreviewLocals): SiteContent {
  let answer: Promise<Partial<Record<ContentPartName, unknown>>> | undefined
  const value = async (name: ContentPartName) => {
    answer ??= preview.source.fetch(ALL_SITE_CONTENT_QUERY) as Promise<
      Partial<Record<ContentPartName, unknown>>
    >
    return (await answer)[name]
  }
  /** A part that is one document (a singleton). */
  const one = async <Name extends ContentPartName>(name: Name) =>
    parsed(SITE_CONTENT[name] as ContentPart, await value(name)) as Document<Name>
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
    siteSettings: () => one('siteSettings'),
    homePage: () => one('homePage'),
    aboutPage: () => one('aboutPage'),
    contactPage: () => one('contactPage'),
    policyFigures: () => one('policyFigures'),
    companyFacts: () => one('companyFacts'),
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
    content.siteSettings(),
    content.homePage(),
    content.aboutPage(),
    content.contactPage(),
    content.policyFigures(),
    content.companyFacts(),
    ...Object.values(POLICY_IDS).map((id) => content.policy(id)),
    content.policyVersions(),
  ])
}
