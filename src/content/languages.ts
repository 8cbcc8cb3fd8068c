import {z} from 'astro/zod'
import {timeline, upcomingThatApply} from '../../model/policyVersions'
import {isPolicyId} from '../../model/siteDocuments'
import {DEFAULT_LANGUAGE, LANGUAGE_CODE} from '../../model/translations'

/**
 * The languages the site offers besides English: the enabled entries of English Site settings'
 * `languages` list. Read from the document as published, whatever else it holds, so the routes,
 * the switcher and the launch check agree on one list.
 */
export interface SiteLanguage {
  /** "hi": the prefix of its paths and its `lang` attribute. */
  code: string
  /** Its own name, as the switcher shows it ("हिन्दी"). */
  name: string
  /** One line in the language: this page is shown in English, not yet translated. */
  notTranslatedLine: string
  /** One line in the language: this translation is a sample or awaits review, and the English text prevails. */
  sampleLine: string
  /** The words of the link to the English text after that line. */
  englishTextLink: string
}

const line = z.string().trim().min(1)
const languageEntry = z.object({
  code: z.string().regex(LANGUAGE_CODE),
  name: line,
  enabled: z.boolean(),
  notTranslatedLine: line,
  sampleLine: line,
  englishTextLink: line,
})

/**
 * The enabled languages of English Site settings, without English. An entry that cannot be used
 * (no code, no lines) is left out rather than published half-made: Studio's validation names it.
 */
export function offeredLanguages(settings: unknown): SiteLanguage[] {
  const list = (settings as {languages?: unknown} | null)?.languages
  if (!Array.isArray(list)) return []
  const offered: SiteLanguage[] = []
  for (const item of list) {
    const entry = languageEntry.safeParse(item)
    if (!entry.success || !entry.data.enabled || entry.data.code === DEFAULT_LANGUAGE) continue
    if (offered.some(({code}) => code === entry.data.code)) continue
    const {code, name, notTranslatedLine, sampleLine, englishTextLink} = entry.data
    offered.push({code, name, notTranslatedLine, sampleLine, englishTextLink})
  }
  return offered
}

/** `og:locale` of a language: "hi" is read in India, "hi_IN"; a code with a region keeps it. */
export function ogLocale(code: string): string {
  const [language, region] = code.split('-')
  return `${language}_${(region ?? 'in').toUpperCase()}`
}

/** A page whose document is not translated at all (yet): English words in every language. */
export const UNTRANSLATED = {language: DEFAULT_LANGUAGE, status: 'missing'} as const

/**
 * The English text a translation of `id` must translate for this build to show it: a policy's
 * version in force, or the digest of any other document's English words (model/translations.ts).
 * The pages and the launch check both judge by it, so they cannot disagree.
 */
export function currentEnglishText(
  id: string,
  {versions, now, digest}: {versions: readonly PolicyVersionDates[]; now: Date; digest: () => string},
): string {
  if (!isPolicyId(id)) return digest()
  const current = timeline(
    versions.filter((version) => version.policy === id),
    now,
  ).current
  return String(current?.number ?? '')
}

/** What `currentEnglishText` reads of a policy version. */
interface PolicyVersionDates {
  policy: string
  number: number
  effectiveDate: string
  recordedAt: string
}

/**
 * The English texts still to come that a translation of `id` may already translate: a policy's
 * versions announced and not yet in force, by number, less any that a later-recorded version
 * replaces on its day. A reviewed translation of one goes live with it, on its date. Other
 * documents have none.
 */
export function upcomingEnglishTexts(
  id: string,
  {versions, now}: {versions: readonly PolicyVersionDates[]; now: Date},
): string[] {
  if (!isPolicyId(id)) return []
  return upcomingThatApply(
    versions.filter((version) => version.policy === id),
    now,
  ).map((version) => String(version.number))
}
