/**
 * Translations: which languages the site offers, and when a translation may be shown.
 *
 * English is the site's own language: its documents are the ones at the fixed ids, at the spec's
 * paths. A translation is a whole document of the same type in another language (Sanity's
 * document-internationalization plugin), so every field, limit and check of the English document
 * applies to it unchanged. Staff list the languages the site offers in Site settings; adding one
 * is a settings change plus translations, never code.
 *
 * A translation records what it translates and whether a named person has reviewed it. Legal text
 * in another language is a sample until then, and a public build never shows a translation that is
 * unreviewed, a sample, or of an older English text: the page shows the English text with one line
 * in the visitor's language saying so.
 */
import type {TextFields} from './textFields.ts'

/** The language of the documents at the fixed ids and of the pages at the spec's paths. */
export const DEFAULT_LANGUAGE = 'en'

/** The field the plugin keeps a document's language in. */
export const LANGUAGE_FIELD = 'language'

/**
 * A language code as the site's paths and `lang` attributes use it: a BCP 47 primary language
 * subtag ("hi", "te"), optionally with a region ("pt-br"), lower case.
 */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/

/** The path of a page in a language: English keeps the spec's path, others live under a prefix. */
export function pathIn(language: string, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path
  return path === '/' ? `/${language}` : `/${language}${path}`
}

/** Where a translation stands. */
export const REVIEW_STATES = {
  sample: 'Sample translation, awaiting review',
  awaitingReview: 'Awaiting review',
  reviewed: 'Reviewed',
} as const

export type ReviewState = keyof typeof REVIEW_STATES

/** What a translation document records about itself (its `translation` field). */
export interface TranslationRecord {
  /**
   * The English text it translates: for a policy, the number of the English version; for any
   * other document, the digest of the English document's words (`wordsDigest`) when it was
   * translated or last reviewed.
   */
  translates: string
  review: ReviewState
  /** Who reviewed it: a name, never a role. Required once reviewed. */
  reviewedBy?: string
  /** The day it was reviewed (YYYY-MM-DD). Required once reviewed. */
  reviewedOn?: string
  /**
   * For a document that is not a policy: the English document's revision reviewed against, so
   * Studio can show what changed in English since (a policy's versions are kept whole).
   */
  englishRev?: string
}

/**
 * Why a translation is not shown, or `shown`. `upcoming`: it translates a policy version announced
 * and not yet in force, and goes live with it on its date. `figureWordsMissing`: it quotes a figure
 * whose unit the language's Site settings translation gives no words for (model/translatedFigures.ts),
 * so it would carry English mid-sentence.
 */
export const TRANSLATION_STATUSES = [
  'shown',
  'sample',
  'awaitingReview',
  'stale',
  'upcoming',
  'missing',
  'figureWordsMissing',
] as const
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number]

/**
 * Whether a build shows a translation. A public build shows only a reviewed translation of the
 * current English text; a local build (staff checking their work, the bundled dataset) also shows
 * samples and translations awaiting review, each marked as such on the page. A translation of an
 * English text still to come (`upcomingEnglish`: a policy's announced versions) waits for it.
 */
export function translationStatus(
  record: TranslationRecord | undefined,
  currentEnglish: string,
  {publicBuild, upcomingEnglish = []}: {publicBuild: boolean; upcomingEnglish?: readonly string[]},
): {status: TranslationStatus; show: boolean} {
  if (!record) return {status: 'missing', show: false}
  if (record.translates !== currentEnglish)
    return {status: upcomingEnglish.includes(record.translates) ? 'upcoming' : 'stale', show: false}
  if (isReviewed(record)) return {status: 'shown', show: true}
  const status = record.review === 'sample' ? 'sample' : 'awaitingReview'
  return {status, show: !publicBuild}
}

const isReviewed = (record: TranslationRecord) =>
  record.review === 'reviewed' && Boolean(record.reviewedBy) && Boolean(record.reviewedOn)

/**
 * Whether a build may show a translation's words as far as its review goes, whatever English text
 * it was made for: for words that translate no English document, such as the units of figures.
 */
export const reviewAllowsShowing = (
  record: TranslationRecord | null | undefined,
  {publicBuild}: {publicBuild: boolean},
) => Boolean(record) && (isReviewed(record!) || !publicBuild)

/** Fields every document has that are not its words: a change to them changes no translation. */
const NOT_WORDS = new Set([
  '_id',
  '_type',
  '_rev',
  '_createdAt',
  '_updatedAt',
  '_originalId',
  LANGUAGE_FIELD,
  'translation',
])

/**
 * Fields of an English document that its translations do not translate: a change to them leaves
 * every translation current. Site settings' list of languages is read from the English document
 * only (each row holds its own language's lines), so adding Tamil keeps Hindi and Telugu shown.
 */
const NOT_TRANSLATED: Readonly<Record<string, readonly string[]>> = {siteSettings: ['languages']}

/** An English document's fields that its translations translate: what judges them current. */
export function translatedWords(document: Record<string, unknown>): Record<string, unknown> {
  const notTranslated = NOT_TRANSLATED[String(document._type)] ?? []
  return Object.fromEntries(
    Object.entries(document).filter(([key]) => !NOT_WORDS.has(key) && !notTranslated.includes(key)),
  )
}

/** The same value with object keys in one order, so equal documents serialise equally. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  )
}

/**
 * A short fingerprint of an English document's words: any change to them gives another. Studio
 * records it when a translation is reviewed; the build compares it with the English document it
 * reads. Not a security measure, a change detector (cyrb53, which needs no crypto in the browser).
 */
export function wordsDigest(document: Record<string, unknown>): string {
  const text = JSON.stringify(canonical(translatedWords(document)))
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}

/** English as Studio's translation menu lists it, before the languages Site settings list. */
export const ENGLISH = {id: DEFAULT_LANGUAGE, title: 'English'} as const

/** The document types translated as whole documents, each translation a document of the same type. */
export const TRANSLATED_TYPES = ['siteSettings', 'contactPage', 'policy'] as const

/** Whether staff translate documents of this type. */
export const isTranslatedType = (type: string): type is (typeof TRANSLATED_TYPES)[number] =>
  (TRANSLATED_TYPES as readonly string[]).includes(type)

/**
 * The languages Site settings list, as Studio's translation menu lists them (English, `ENGLISH`,
 * comes first). Every listed language is offered to translators, turned on or not: a language is
 * translated before it is turned on. Run with `{siteSettingsId}` (model/siteDocuments.ts).
 */
export const SETTINGS_LANGUAGES_QUERY = `*[_id == $siteSettingsId][0].languages[defined(code)]{"id": code, "title": coalesce(englishName, code)}`

/** One language of the list in Site settings, as the dataset holds it. */
export interface LanguageEntry {
  code: string
  name: string
  englishName: string
  enabled: boolean
  notTranslatedLine: string
  sampleLine: string
  englishTextLink: string
}

/** The list's fields that are not words: how Studio titles and explains them. */
export const LANGUAGE_SETTINGS = {
  code: {
    title: 'Code',
    description:
      'The short code in the address and for browsers and screen readers: "hi" for Hindi, "te" for Telugu, "ta" for Tamil. Lower case; English ("en") is the site\'s own language and is not listed.',
  },
  enabled: {
    title: 'Turned on',
    description:
      'Turned on: its pages are built and listed. A page whose translation is missing, awaiting review or older than the English text shows English with the line below; a public build refuses sample translations.',
  },
} as const

/** The words of one language of the list, written in that language except the English name. */
export const LANGUAGE_WORDS = {
  name: {
    title: 'Name',
    description: 'The language\'s own name, written in it and shown in the language switcher, e.g. "हिन्दी".',
    max: 40,
  },
  englishName: {
    title: 'Name in English',
    description: 'For staff: how Studio lists the language, e.g. "Hindi".',
    max: 40,
  },
  notTranslatedLine: {
    title: 'Line for a page not translated',
    description:
      'In this language: shown above the English text of a page that has no usable translation yet (none, not reviewed, or of an older English text).',
    max: 200,
    rows: 2,
  },
  sampleLine: {
    title: 'Line for a translation not reviewed',
    description:
      "In this language: shown above a translation not yet reviewed; say that the English text prevails. Only staff's local builds show such a translation; the public site shows English instead.",
    max: 200,
    rows: 2,
  },
  englishTextLink: {
    title: 'Link to the English text',
    description:
      'In this language: the words of the link after that line, which opens the same page in English, e.g. "Read the English text".',
    max: 60,
  },
} satisfies TextFields

/**
 * What is wrong with a language's code in the list, or undefined. `codes` is every code in the list,
 * this one included: a code may appear once.
 */
export function languageCodeProblem(code: string | undefined, codes: readonly (string | undefined)[]) {
  if (!code) return 'Enter the language\'s code, e.g. "hi".'
  if (!LANGUAGE_CODE.test(code)) return 'Use a lower-case language code such as "hi", "te" or "pt-br".'
  if (code === DEFAULT_LANGUAGE) return "English is the site's own language: leave it out of the list."
  if (codes.filter((other) => other === code).length > 1) return `"${code}" is in the list twice.`
  return undefined
}

/** A translation's id, `<English id>__i18n_<language>`: the English document it translates. */
export const englishIdOf = (translationId: string) => translationId.split('__i18n_')[0]!

/**
 * The bundled dataset after an English edit made by hand: each sample translation of a document
 * that is not a policy records the fingerprint of its English document as it now is (`changed`).
 * A translation a person reviewed or is to review is left as it is, and listed in `stale` when the
 * edit made it out of date: it says what English it was reviewed against, and only a person
 * checking it against the change may record the new text (Studio's review), else visitors would
 * read a reviewed translation of words the English no longer says. A policy translation records an
 * English version number, which no edit of the text changes.
 */
export function refingerprinted<Document extends {_id: string; _type: string; translation?: unknown}>(
  documents: Document[],
): {documents: Document[]; changed: string[]; stale: string[]} {
  const byId = new Map(documents.map((document) => [document._id, document]))
  const changed: string[] = []
  const stale: string[] = []
  const updated = documents.map((document) => {
    const record = document.translation as TranslationRecord | undefined
    const english = byId.get(englishIdOf(document._id))
    if (!record || document._type === 'policy' || !english || english === document) return document
    const translates = wordsDigest(english)
    if (record.translates === translates) return document
    if (record.review !== 'sample') {
      stale.push(document._id)
      return document
    }
    changed.push(document._id)
    return {...document, translation: {...record, translates}}
  })
  return {documents: updated, changed, stale}
}
