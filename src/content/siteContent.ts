import {z} from 'astro/zod'
import {
  DOCUMENT_TYPE_TITLES,
  PAGE_DOCUMENT_IDS,
  pageDocumentFields,
  POLICY_ID_LIST,
  POLICY_TYPE,
  SINGLETONS,
  type PageDocumentFields,
  type PageDocumentId,
  type SingletonId,
} from '../../model/siteDocuments'
import {pageDocumentQuery} from '../../model/documentFields'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODE,
  REVIEW_STATES,
  TRANSLATED_TYPES,
  wordsDigest,
} from '../../model/translations'
import {
  companyFactsQuery,
  contactPageQuery,
  homePageQuery,
  policiesQuery,
  policyFiguresQuery,
  policyVersionsQuery,
  siteSettingsQuery,
} from './queries'
import {
  companyFactsSchema,
  contactPageSchema,
  homePageSchema,
  pageDocumentSchema,
  policyFiguresSchema,
  policySchema,
  policyVersionSchema,
  siteSettingsSchema,
  type PageDocument,
} from './schemas'

/** One part of the site's content: the query that reads it and the schema its documents meet. */
export interface ContentPart<S extends z.ZodType = z.ZodType> {
  query: string
  /** The ids the query names, as GROQ parameters. */
  params: Record<string, unknown>
  schema: S
  /** Documents the query must find; a build without one fails rather than show an empty page. */
  requiredIds: readonly string[]
  /** How staff know it, in a message about a draft that cannot be shown. */
  title: string
}

/** A singleton's part: its query names the id `$<id>Id` (src/content/queries.ts). */
const singleton = <S extends z.ZodType>(id: SingletonId, query: string, schema: S): ContentPart<S> => ({
  query,
  params: {[`${id}Id`]: id},
  schema,
  requiredIds: [id],
  title: SINGLETONS[id].title,
})

/** A page document's part, made from its row of the singletons table alone (model/documentFields.ts). */
const pageDocument = (id: PageDocumentId) =>
  singleton(id, pageDocumentQuery(id, pageDocumentFields(id)), pageDocumentSchema(pageDocumentFields(id)))

type PageDocumentParts = {
  [Id in PageDocumentId]: ContentPart<z.ZodType<PageDocument<PageDocumentFields<Id>>>>
}

/** Every page document's part, by its id. */
const PAGE_DOCUMENT_PARTS = Object.fromEntries(
  PAGE_DOCUMENT_IDS.map((id) => [id, pageDocument(id)]),
) as PageDocumentParts

/**
 * The singletons whose query and schema are written by hand (src/content/queries.ts,
 * src/content/schemas.ts): a singleton without a field table in its row must have its part here.
 */
const WRITTEN_SINGLETONS = {
  siteSettings: singleton('siteSettings', siteSettingsQuery, siteSettingsSchema),
  companyFacts: singleton('companyFacts', companyFactsQuery, companyFactsSchema),
  homePage: singleton('homePage', homePageQuery, homePageSchema),
  contactPage: singleton('contactPage', contactPageQuery, contactPageSchema),
  policyFigures: singleton('policyFigures', policyFiguresQuery, policyFiguresSchema),
} satisfies Record<Exclude<SingletonId, PageDocumentId>, ContentPart>

/**
 * The documents staff translate (model/translations.ts), by type, with the query and schema of
 * their English part: a translation is read with the same projection and parsed with the same
 * schema.
 */
const TRANSLATABLE = {
  siteSettings: {query: siteSettingsQuery, schema: siteSettingsSchema},
  contactPage: {query: contactPageQuery, schema: contactPageSchema},
  [POLICY_TYPE]: {query: policiesQuery, schema: policySchema},
} as const satisfies Record<TranslatableType, unknown>

export type TranslatableType = (typeof TRANSLATED_TYPES)[number]

/** Which documents are translations: the launch check reads them whole with the same filter. */
export const TRANSLATIONS_FILTER =
  'defined(language) && language != $defaultLanguage && _type in $translatableTypes'

/**
 * The id of the English document a translation translates: as the plugin's metadata document
 * links them, else a singleton's (its type) or the id before "__i18n_".
 */
const ENGLISH_ID = `coalesce(
    *[_type == "translation.metadata" && references(^._id)][0].translations[_key == $defaultLanguage || language == $defaultLanguage][0].value._ref,
    select(_type == "${POLICY_TYPE}" => string::split(_id, "__i18n_")[0], _type)
  )`

/** Every translation whole, with the id of what it translates: what the launch check reads. */
export const TRANSLATION_DOCUMENTS_QUERY = `*[${TRANSLATIONS_FILTER}] | order(_id asc){..., "englishId": ${ENGLISH_ID}}`

/** The parameters of the translations' queries. */
export const TRANSLATION_PARAMS = {defaultLanguage: DEFAULT_LANGUAGE, translatableTypes: TRANSLATED_TYPES}

/** A query's projection: everything from its first brace (no filter here holds one). */
const projection = (query: string) => query.slice(query.indexOf('{'))

/**
 * Every translation, with its words projected as its English part projects them, and the English
 * document it translates when that is a singleton (its id is its type), whose words' digest
 * tells whether the translation is of the current text. A policy's translation names the English
 * version it translates, so the page judges it against the history.
 */
function translationsQuery(): string {
  const words = Object.entries(TRANSLATABLE).map(
    ([type, {query}]) => `_type == "${type}" => ${projection(query)}`,
  )
  return `*[${TRANSLATIONS_FILTER}] | order(_id asc){
  _id,
  _type,
  language,
  translation{translates, review, reviewedBy, reviewedOn},
  "englishId": ${ENGLISH_ID},
  "english": select(_type != "${POLICY_TYPE}" => *[_id == ^._type][0]),
  "words": select(${words.join(',\n    ')})
}`
}

const translationRecordSchema = z.object({
  translates: z.union([z.string(), z.number()]).transform(String),
  review: z.enum(Object.keys(REVIEW_STATES) as [keyof typeof REVIEW_STATES]),
  reviewedBy: z
    .string()
    .nullish()
    .transform((name) => name ?? undefined),
  reviewedOn: z
    .string()
    .nullish()
    .transform((day) => day ?? undefined),
})

type Words<Type extends TranslatableType> = z.infer<(typeof TRANSLATABLE)[Type]['schema']>

/** A translation as the pages read it: its words, parsed as the English ones are. */
export type Translation = {
  [Type in TranslatableType]: {
    _id: string
    /** The id of the English document it translates. */
    englishId: string
    type: Type
    language: string
    translation?: z.infer<typeof translationRecordSchema>
    /** The digest of the English words it should translate (a singleton's). */
    englishDigest?: string
    words: Words<Type>
  }
}[TranslatableType]

const translationSchema = z
  .object({
    _id: z.string(),
    _type: z.enum(TRANSLATED_TYPES),
    language: z.string().regex(LANGUAGE_CODE, 'must be a language code such as "hi"'),
    translation: translationRecordSchema.nullish(),
    englishId: z.string(),
    english: z.record(z.string(), z.unknown()).nullish(),
    words: z.unknown(),
  })
  .transform((value, context): Translation => {
    const words = TRANSLATABLE[value._type].schema.safeParse(value.words)
    if (!words.success) {
      for (const issue of words.error.issues)
        context.addIssue({code: 'custom', message: issue.message, path: ['words', ...issue.path]})
      return z.NEVER
    }
    return {
      _id: value._id,
      englishId: value.englishId,
      type: value._type,
      language: value.language,
      ...(value.translation ? {translation: value.translation} : {}),
      ...(value.english ? {englishDigest: wordsDigest(value.english)} : {}),
      words: words.data,
    } as Translation
  })

/**
 * Everything the pages read, part by part. The build makes a content collection of each
 * (src/content.config.ts); a preview page reads them all from staff's drafts in one request
 * (src/content/entries.ts). Both parse with the same schemas.
 */
export const SITE_CONTENT = {
  ...WRITTEN_SINGLETONS,
  ...PAGE_DOCUMENT_PARTS,
  policies: {
    query: policiesQuery,
    params: {policyIds: POLICY_ID_LIST},
    schema: policySchema,
    requiredIds: POLICY_ID_LIST,
    title: DOCUMENT_TYPE_TITLES.policy,
  },
  /** Every recorded version of the policies; a policy may have none yet. */
  policyVersions: {
    query: policyVersionsQuery,
    params: {policyIds: POLICY_ID_LIST},
    schema: policyVersionSchema,
    requiredIds: [],
    title: DOCUMENT_TYPE_TITLES.policyVersion,
  },
  /** Every document in another language; pages ask for one with `contentFor(locals, language)`. */
  translations: {
    query: translationsQuery(),
    params: TRANSLATION_PARAMS,
    schema: translationSchema,
    requiredIds: [],
    title: 'Translation',
  },
} satisfies Record<SingletonId | 'policies' | 'policyVersions' | 'translations', ContentPart>

export type ContentPartName = keyof typeof SITE_CONTENT

/** Every part in one GROQ query: `{"siteSettings": <its query>, …}`, one request for a whole preview page. */
export const ALL_SITE_CONTENT_QUERY = `{${Object.entries(SITE_CONTENT)
  .map(([name, {query}]) => `"${name}": ${query}`)
  .join(',\n')}}`

/** The parameters of every part, for that one request; parts that share a name share its value. */
export const ALL_SITE_CONTENT_PARAMS = Object.assign(
  {},
  ...Object.values(SITE_CONTENT).map(({params}) => params),
) as Record<string, unknown>
