import {getCollection, getEntry} from 'astro:content'
import type {z} from 'astro/zod'
import {
  isPolicyId,
  POLICY_ID_LIST,
  POLICY_TYPE,
  SINGLETON_ID_LIST,
  type PolicyId,
  type SingletonId,
} from '../../model/siteDocuments'
import {
  DEFAULT_LANGUAGE,
  isTranslatedType,
  translationStatus,
  type TranslationStatus,
} from '../../model/translations'
import {ENGLISH_FIGURE_WORDS, type FigureWordKey, type FigureWords} from '../../model/policyFigures'
import {figureWordsLacking, languageFigureWords} from '../../model/translatedFigures'
import {currentEnglishText, offeredLanguages, upcomingEnglishTexts, type SiteLanguage} from './languages'
import {isPublicSiteUrl} from './launchCheck'
import {BUILD_TIME} from './buildTime'
import type {PreviewLocals} from '../server/preview'
import type {Policy, PolicyVersion} from './schemas'
import {
  ALL_SITE_CONTENT_PARAMS,
  ALL_SITE_CONTENT_QUERY,
  SITE_CONTENT,
  type ContentPart,
  type ContentPartName,
  type TranslatableType,
  type Translation,
} from './siteContent'

/** A document of one part of the content, as its schema gives it. */
type Document<Name extends ContentPartName> = z.infer<(typeof SITE_CONTENT)[Name]['schema']>

/** Each singleton by its id: `content.siteSettings()`. */
type Singletons = {[Id in SingletonId]: () => Promise<Document<Id>>}

/** The getters of every singleton, each made by `getter`. */
const singletons = (getter: (id: SingletonId) => () => Promise<unknown>) =>
  Object.fromEntries(SINGLETON_ID_LIST.map((id) => [id, getter(id)])) as Singletons

/** A document staff translate: a translatable singleton, or a policy. */
export type TranslatableId = (SingletonId & TranslatableType) | PolicyId

/**
 * Whose words a page shows for one document: the translation (`language` is the page's), or the
 * English document (`language` is "en") with why the translation is not shown.
 */
export interface Shown {
  language: string
  status: TranslationStatus
}

/**
 * The content a page renders. One rendering path, two perspectives: a static build reads the
 * published documents its content collections loaded; a preview page (src/pages/preview) reads
 * published documents with staff's drafts laid over them, fetched for that request on the
 * server. Pages ask `contentFor(Astro.locals, language)` and never know which. In another
 * language, each translatable document is its translation when that may be shown, else English.
 */
export interface SiteContent extends Singletons {
  /** Drafts are shown: the page is a preview for staff. */
  readonly preview: boolean
  /** The moment a policy's history is judged by. */
  readonly now: Date
  /** The language the page is in ("en" at the spec's paths). */
  readonly language: string
  policy(id: PolicyId): Promise<Policy>
  policyVersions(): Promise<PolicyVersion[]>
  /** Every translation, in every language. */
  translations(): Promise<Translation[]>
  /** The languages the site offers besides English (English Site settings' enabled entries). */
  languages(): Promise<SiteLanguage[]>
  /** Whether a document's words on this page are its translation, and if not, why. */
  shownIn(id: TranslatableId): Promise<Shown>
  /** The page's words for the units of figures, and those its language lacks (none in English). */
  figureWords(): Promise<{words: FigureWords; missing: FigureWordKey[]}>
}

/** What the English content has before a language is laid over it. */
type EnglishContent = Omit<SiteContent, 'language' | 'languages' | 'shownIn' | 'figureWords'>

/** The loaders guarantee these documents exist; a miss here is a programming error. */
function found<T>(entry: T | undefined, id: string): T {
  if (!entry) throw new Error(`The build has no "${id}" document.`)
  return entry
}

let builtVersions: Promise<PolicyVersion[]> | undefined
let builtTranslations: Promise<Translation[]> | undefined

/** The build's content collections, in English. */
const builtEnglish: EnglishContent = {
  preview: false,
  now: BUILD_TIME,
  // A singleton's collection is named after it and holds it under its own id.
  ...singletons((id) => async () => found(await getEntry(id, id), id).data),
  policy: async (id) => found(await getEntry('policies', id), id).data,
  policyVersions: () =>
    (builtVersions ??= getCollection('policyVersions').then((entries) => entries.map(({data}) => data))),
  translations: () =>
    (builtTranslations ??= getCollection('translations').then((entries) => entries.map(({data}) => data))),
}

/**
 * A build for the public address shows reviewed translations of the current English text only;
 * any other build, and a preview for staff, also shows samples and translations awaiting review,
 * each with its line.
 */
const PUBLIC_BUILD = isPublicSiteUrl(import.meta.env.SITE)

const isTranslatableSingleton = (id: SingletonId): id is SingletonId & TranslatableType =>
  isTranslatedType(id)

/** The content in one language: each translatable document's translation when it may be shown. */
function inLanguage(english: EnglishContent, language: string, publicBuild: boolean): SiteContent {
  const languages = async () => offeredLanguages(await english.siteSettings())
  if (language === DEFAULT_LANGUAGE)
    return {
      ...english,
      language,
      languages,
      shownIn: async () => ({language, status: 'shown'}),
      figureWords: async () => ({words: ENGLISH_FIGURE_WORDS, missing: []}),
    }
  let figureWords: ReturnType<SiteContent['figureWords']> | undefined
  const figureWordsNow = async () => {
    const settings = (await english.translations()).find(
      (candidate): candidate is Extract<Translation, {type: 'siteSettings'}> =>
        candidate.language === language && candidate.type === 'siteSettings',
    )
    const result = languageFigureWords(
      settings && {translation: settings.translation, figureWords: settings.words.figureWords},
      {publicBuild},
    )
    // The language names a foreign country in the list of data processors (countryIn).
    return {...result, words: {...result.words, language}}
  }
  /** The English text a translation must translate: a policy's version in force, or a digest. */
  const judged = new Map<TranslatableId, Promise<{shown: Shown; translation?: Translation}>>()
  const judge = (id: TranslatableId) => {
    let verdict = judged.get(id)
    if (!verdict) judged.set(id, (verdict = judgeNow(id)))
    return verdict
  }
  const judgeNow = async (id: TranslatableId) => {
    const type = isPolicyId(id) ? POLICY_TYPE : id
    const translation = (await english.translations()).find(
      (candidate) => candidate.language === language && candidate.type === type && candidate.englishId === id,
    )
    const versions = await english.policyVersions()
    const current = currentEnglishText(id, {
      versions,
      now: english.now,
      digest: () => translation?.englishDigest ?? '',
    })
    const upcomingEnglish = upcomingEnglishTexts(id, {versions, now: english.now})
    const {status, show} = translationStatus(translation?.translation, current, {
      publicBuild,
      upcomingEnglish,
    })
    if (!show || !translation) return {shown: {language: DEFAULT_LANGUAGE, status}}
    // A translation that quotes a figure or period its language has no words for would carry
    // English mid-sentence: the page shows the English document.
    const facts = await english.companyFacts()
    const lacking = figureWordsLacking(
      translation.words,
      (await (figureWords ??= figureWordsNow())).missing,
      facts,
    )
    if (lacking.length > 0)
      return {shown: {language: DEFAULT_LANGUAGE, status: 'figureWordsMissing' as const}}
    return {shown: {language, status}, translation}
  }
  return {
    ...english,
    language,
    languages,
    ...singletons((id) =>
      isTranslatableSingleton(id)
        ? async () => (await judge(id)).translation?.words ?? english[id]()
        : english[id],
    ),
    policy: async (id) => ((await judge(id)).translation?.words as Policy | undefined) ?? english.policy(id),
    shownIn: async (id) => (await judge(id)).shown,
    figureWords: () => (figureWords ??= figureWordsNow()),
  }
}

const builtByLanguage = new Map<string, SiteContent>()

/** The build's content in a language: what visitors see. */
export function builtContentIn(language: string): SiteContent {
  let content = builtByLanguage.get(language)
  if (!content) builtByLanguage.set(language, (content = inLanguage(builtEnglish, language, PUBLIC_BUILD)))
  return content
}

/** The build's content in English. */
export const builtContent: SiteContent = builtContentIn(DEFAULT_LANGUAGE)

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
function previewContent(preview: PreviewLocals): EnglishContent {
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
    now: preview.now,
    ...singletons((id) => async () => parsed(SITE_CONTENT[id] as ContentPart, await value(id))),
    policy: async (id) => {
      const policy = (await many('policies')).find((candidate) => candidate._id === id)
      if (!policy) throw new PreviewContentError(`There is no "${id}" policy, published or draft.`)
      return policy
    },
    policyVersions: () => many('policyVersions'),
    translations: () => many('translations'),
  }
}

const previews = new WeakMap<PreviewLocals, {english: EnglishContent; byLanguage: Map<string, SiteContent>}>()

/**
 * The content for this request in a language: the build's, or on a preview page, staff's drafts.
 * A preview is for staff checking their work: it shows samples with their line, as a local build does.
 */
export function contentFor(locals: App.Locals | undefined, language: string = DEFAULT_LANGUAGE): SiteContent {
  const preview = locals?.preview
  if (!preview) return builtContentIn(language)
  let read = previews.get(preview)
  if (!read) previews.set(preview, (read = {english: previewContent(preview), byLanguage: new Map()}))
  let content = read.byLanguage.get(language)
  if (!content) read.byLanguage.set(language, (content = inLanguage(read.english, language, false)))
  return content
}

/** Reads every document a page may need, so a draft that cannot be shown is reported before rendering. */
export async function readAll(content: SiteContent): Promise<void> {
  await Promise.all([
    ...SINGLETON_ID_LIST.map((id) => content[id]()),
    ...POLICY_ID_LIST.map((id) => content.policy(id)),
    content.policyVersions(),
    content.translations(),
  ])
}
