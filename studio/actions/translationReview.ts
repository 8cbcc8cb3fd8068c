/**
 * Marking a translation reviewed, and the badge that says where a translation stands. Kept apart
 * from the React action and badge so the rules can be tested without a Studio: which English
 * document a translation translates, which English text a review is recorded against, what is
 * wrong with the reviewer's name and day, the record written, and the badge shown.
 *
 * A review records the English text it was made against (docs/languages.md): for a policy, the
 * number of the English version in force, as the build judges it; for any other document, the
 * digest of the published English document's words. Staff never type either: the action reads it.
 */
import {documentChanges, policyDiff, versionText, type FieldChange} from '../../model/policyDiff'
import {
  indiaToday,
  inForceInsteadOf,
  isCalendarDate,
  timeline,
  upcomingThatApply,
  type PolicyVersionDocument,
} from '../../model/policyVersions'
import {
  DOCUMENT_TYPE_TITLES,
  documentTitle,
  isPolicyId,
  POLICY_TYPE,
  POLICY_VERSION_TYPE,
  publishedId,
  SINGLETONS,
} from '../../model/siteDocuments'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_FIELD,
  translationStatus,
  wordsDigest,
  type TranslationRecord,
} from '../../model/translations'

import {figureWordsIn, figureWordTitles} from '../../model/policyFigures'

export const MARK_REVIEWED_TITLE = 'Mark as reviewed'

/** Whether a document is a translation: its language is set and is not English. */
export function isTranslationDocument(document: Record<string, unknown> | null | undefined): boolean {
  const language = document?.[LANGUAGE_FIELD]
  return typeof language === 'string' && language !== '' && language !== DEFAULT_LANGUAGE
}

/**
 * The English document's id when the plugin's metadata does not say: a singleton's is its type; a
 * policy translation made outside Studio (the bundled dataset's "privacyPolicy__i18n_hi") names its
 * policy before "__i18n_". Null when there is no telling (a policy translation the plugin made).
 */
export function englishFallbackId(type: string, translationId: string): string | null {
  if (Object.hasOwn(SINGLETONS, type)) return type
  if (type !== POLICY_TYPE) return null
  const id = publishedId(translationId)
  const [base] = id.split('__i18n_')
  return id.includes('__i18n_') && isPolicyId(base) ? base : null
}

/** The English entry of the plugin's metadata document that lists this translation. */
const METADATA_ENGLISH_ID = `*[_type == "translation.metadata" && $id in translations[].value._ref][0].translations[_key == $english || ${LANGUAGE_FIELD} == $english][0].value._ref`

/**
 * What a review is recorded against, asked with the published perspective: the English
 * document's id (as the metadata links it, else `$fallbackId`; "" when neither says), the English document as published
 * now, and, for a policy, its versions. Run with `reviewReadParams`.
 */
export const REVIEW_READ_QUERY = `{"englishId": coalesce(${METADATA_ENGLISH_ID}, $fallbackId)}{
  englishId,
  "english": *[_id == ^.englishId][0],
  "versions": *[_type == "${POLICY_VERSION_TYPE}" && policy == ^.englishId]{policy, number, effectiveDate, recordedAt}
}`

/** The documents whose change may change REVIEW_READ_QUERY's answer, for a listener. */
export const REVIEW_LISTEN_QUERY = `*[_type in [$type, "${POLICY_VERSION_TYPE}", "translation.metadata"]]`

/** The parameters of REVIEW_READ_QUERY (and REVIEW_LISTEN_QUERY); "" for no fallback, which no id is. */
export const reviewReadParams = (type: string, translationId: string) => ({
  id: publishedId(translationId),
  english: DEFAULT_LANGUAGE,
  fallbackId: englishFallbackId(type, translationId) ?? '',
  type,
})

/** REVIEW_READ_QUERY's answer. */
export interface ReviewRead {
  englishId?: string | null
  english?: Record<string, unknown> | null
  versions?: {policy?: string; number: number; effectiveDate: string; recordedAt: string}[] | null
}

/** An English text a review can be recorded against. */
export interface ReviewChoice {
  /** What `translation.translates` records: a policy's version number, else a digest. */
  translates: string
  /** Which English text, in staff's words. */
  against: string
}

/** The English text a review is recorded against, or why there is none to record against. */
export type ReviewTarget =
  | (ReviewChoice & {
      ok: true
      englishId: string
      /** The published English document's revision, for a document that is not a policy. */
      englishRev?: string
      /** For a policy with a version still to come: what happens when it applies. */
      note?: string
      /**
       * A policy's versions announced and not yet in force, soonest first: a review against one
       * goes live with it, on its date, so a translation never falls back to English that day.
       */
      later: ReviewChoice[]
    })
  | {ok: false; problem: string}

/** The English text a translation of `type` is reviewed against now. */
export function reviewTarget(read: ReviewRead | null | undefined, type: string, now: Date): ReviewTarget {
  const englishId = read?.englishId
  const typeTitle = (DOCUMENT_TYPE_TITLES as Record<string, string>)[type] ?? type
  if (!englishId)
    return {
      ok: false,
      problem: `The English ${typeTitle.toLowerCase()} this translates could not be found. A translation is made from the English document's Translations menu, which links the two; ask the developers to link this one.`,
    }
  const title = documentTitle(englishId) ?? typeTitle
  if (type === POLICY_TYPE) {
    const versions = read?.versions ?? []
    const {current} = timeline(versions, now)
    // A version a later one replaces on its day never goes live: a review against it never would.
    const upcoming = upcomingThatApply(versions, now)
    if (!current)
      return {
        ok: false,
        problem: `The English ${title} has no version in force yet, so there is no English text to review against. Record its version first.`,
      }
    const next = upcoming.at(-1)
    return {
      ok: true,
      englishId,
      translates: String(current.number),
      against: `version ${current.number} of the English ${title}, in force since ${current.effectiveDate}`,
      later: upcoming.map((version) => ({
        translates: String(version.number),
        against: `version ${version.number} of the English ${title}, announced to apply from ${version.effectiveDate}`,
      })),
      ...(next
        ? {
            note: `Version ${next.number} applies from ${next.effectiveDate}. A review against the version in force is shown until then; from that day the site shows English until the translation is brought up to date and reviewed again. Translate version ${next.number} and review it against that version instead, and the translation goes live with it on that day.`,
          }
        : {}),
    }
  }
  if (!read?.english)
    return {
      ok: false,
      problem: `The English ${title} is not published yet, so there is no English text to review against. Publish it first.`,
    }
  return {
    ok: true,
    englishId,
    translates: wordsDigest(read.english),
    against: `the English ${title} as published now`,
    ...(typeof read.english._rev === 'string' ? {englishRev: read.english._rev} : {}),
    later: [],
  }
}

/** The choice a review records: the one staff picked, if it is still offered, else none. */
export function chosenTarget(
  target: Extract<ReviewTarget, {ok: true}>,
  translates: string | undefined,
): ReviewChoice | undefined {
  return [target, ...target.later].find((choice) => choice.translates === (translates ?? target.translates))
}

/** What the reviewer fills in. */
export interface ReviewForm {
  reviewedBy: string
  reviewedOn: string
}

/** Words that name a role or a team, not a person. */
const ROLE_WORDS = new Set([
  'admin',
  'administrator',
  'agency',
  'company',
  'department',
  'desk',
  'editor',
  'legal',
  'manager',
  'office',
  'officer',
  'reviewer',
  'staff',
  'support',
  'team',
  'translator',
  'translation',
  'translations',
  'us',
  'we',
])

/** A name as it is recorded: trimmed, with single spaces. */
export const reviewerName = (name: string) => name.trim().replace(/\s+/g, ' ')

/** What is wrong with the reviewer's name, or undefined. */
export function reviewerProblem(name: string): string | undefined {
  const recorded = reviewerName(name)
  if (!recorded) return 'Enter the full name of the person who reviewed the translation.'
  if (/[@\d]/.test(recorded) || !/\p{L}.*\p{L}/u.test(recorded))
    return 'Enter a person\'s full name, such as "Priya Raman": not an email address or a number.'
  const words = recorded
    .toLowerCase()
    .split(/[\s.,&/-]+/)
    .filter(Boolean)
  if (words.some((word) => ROLE_WORDS.has(word)))
    return 'Enter the name of the person who reviewed it, not a role or a team: a review is the word of a named person.'
  return undefined
}

/** What is wrong with the day of the review, or undefined: a real day, not after today in India. */
export function reviewDayProblem(day: string, now: Date): string | undefined {
  if (!isCalendarDate(day)) return 'Choose the day the review was finished.'
  const today = indiaToday(now)
  if (day > today)
    return `A review cannot be recorded for a day still to come: choose ${today} (today in India) or earlier.`
  return undefined
}

/** What keeps a review from being recorded. */
export const reviewProblems = (form: ReviewForm, now: Date): string[] =>
  [reviewerProblem(form.reviewedBy), reviewDayProblem(form.reviewedOn, now)].filter(
    (problem): problem is string => problem !== undefined,
  )

/**
 * The `translation` record a review writes. For a document that is not a policy it keeps the
 * English revision reviewed, so Studio can later show what changed in English since.
 */
export const reviewedRecord = (
  translates: string,
  form: ReviewForm,
  englishRev?: string,
): TranslationRecord => ({
  translates,
  review: 'reviewed',
  reviewedBy: reviewerName(form.reviewedBy),
  reviewedOn: form.reviewedOn,
  ...(englishRev ? {englishRev} : {}),
})

/** A badge as Studio shows it (sanity's DocumentBadgeDescription). */
export interface ReviewBadge {
  label: string
  title: string
  color: 'success' | 'warning' | 'danger'
}

/**
 * A Site settings translation lacking words for the units of figures: the policies of its
 * language that count in those units show English until they are filled in. None when complete.
 */
export function figureWordsBadge(settings: Record<string, unknown> | null | undefined): ReviewBadge | null {
  const {missing} = figureWordsIn(settings?.figureWords as Partial<Record<string, string>> | undefined)
  if (missing.length === 0) return null
  return {
    label: 'Figure words missing',
    title: `Pages in this language that need these words (a figure’s or a Company fact period’s unit, the mark of a sample period) show English until their words are filled in under “Policy dates and figures”: ${figureWordTitles(missing)}.`,
    color: 'warning',
  }
}

/**
 * The badge of a translation: "Stale" when it records another English text than the current one
 * (`currentEnglish`: the version in force or the published English digest; undefined while it is
 * unknown), else its review state as the build judges it.
 */
export function reviewBadge(
  record: Partial<TranslationRecord> | null | undefined,
  currentEnglish: string | undefined,
  upcoming: readonly {number: number; effectiveDate: string}[] = [],
): ReviewBadge {
  if (!record?.review)
    return {
      label: 'Not reviewed',
      title: 'This translation records no review: the public site shows the English text instead.',
      color: 'warning',
    }
  const translates = record.translates === undefined ? '' : String(record.translates)
  const {status} = translationStatus(
    {...record, review: record.review, translates},
    currentEnglish ?? translates,
    {publicBuild: true, upcomingEnglish: upcoming.map(({number}) => String(number))},
  )
  switch (status) {
    case 'upcoming': {
      const version = upcoming.find(({number}) => String(number) === translates)
      return {
        label:
          record.review === 'reviewed'
            ? `Reviewed for version ${translates}`
            : `Translates version ${translates}, not reviewed`,
        title: `Translates version ${translates} of the English text, announced to apply from ${version?.effectiveDate}: the public site shows it from that day, with its English. Until then the page shows English.`,
        color: record.review === 'reviewed' ? 'success' : 'warning',
      }
    }
    case 'stale':
      return {
        label: 'Stale',
        title:
          'The English text changed after this translation was made or reviewed: the public site shows English until it is brought up to date and marked reviewed again.',
        color: 'danger',
      }
    case 'shown':
      return {
        label: 'Reviewed',
        title: `Reviewed by ${record.reviewedBy} on ${record.reviewedOn}, against the current English text.`,
        color: 'success',
      }
    case 'sample':
      return {
        label: 'Sample',
        title: 'A sample translation, never reviewed: the public site shows English instead.',
        color: 'warning',
      }
    default:
      return {
        label: 'Awaiting review',
        title: 'Not yet reviewed by a named person: the public site shows English instead.',
        color: 'warning',
      }
  }
}

/**
 * The current English text a translation is judged against, as the build judges it: a policy's
 * version in force, else the published English document's digest; "" when there is none (the
 * build then judges every translation stale), undefined when the English document is unknown.
 */
export function currentEnglish(read: ReviewRead | null | undefined, type: string, now: Date) {
  if (!read?.englishId) return undefined
  if (type === POLICY_TYPE) return String(timeline(read.versions ?? [], now).current?.number ?? '')
  return read.english ? wordsDigest(read.english) : ''
}

/**
 * A policy's versions announced and not yet in force that will apply, as the build judges them;
 * none for other documents.
 */
export function upcomingEnglish(read: ReviewRead | null | undefined, type: string, now: Date) {
  if (!read?.englishId || type !== POLICY_TYPE) return []
  return upcomingThatApply(read.versions ?? [], now)
}

/**
 * The English text a stale translation is compared with: for a policy, the version in force on
 * the day the reviewed one applied or was to apply (it replaced it); else the current English.
 */
export function englishReplacing(
  read: ReviewRead | null | undefined,
  type: string,
  translates: string | undefined,
  now: Date,
): string | undefined {
  if (type !== POLICY_TYPE || !read?.englishId || !translates) return currentEnglish(read, type, now)
  const instead = inForceInsteadOf(Number(translates), read.versions ?? [], now)
  return instead ? String(instead.number) : currentEnglish(read, type, now)
}

/**
 * The English text a translation was reviewed against, to compare with the text it is reviewed
 * against now: for a policy, both recorded versions (asked by number); for another document, the
 * English document at the revision the review recorded (Sanity's history).
 */
export const REVIEWED_VERSIONS_QUERY = `*[_type == "${POLICY_VERSION_TYPE}" && policy == $policy && number in $numbers]`

/**
 * What changed in English between the text a translation records and `translates` (the text in
 * force, or a later version staff review against): the change pages' word-by-word differences for
 * a policy; for another document, its texts compared one by one. Undefined when nothing is known
 * to compare (never reviewed, or the earlier English text is not at hand).
 */
export function englishChangesSince(
  input:
    | {kind: 'policy'; from?: PolicyVersionDocument; to?: PolicyVersionDocument}
    | {kind: 'document'; from?: Record<string, unknown> | null; to?: Record<string, unknown> | null},
): EnglishChanges | undefined {
  if (!input.from || !input.to) return undefined
  if (input.kind === 'policy')
    return {kind: 'policy', diff: policyDiff(versionText(input.from), versionText(input.to))}
  return {kind: 'document', fields: documentChanges(input.from, input.to)}
}

export type EnglishChanges =
  {kind: 'policy'; diff: ReturnType<typeof policyDiff>} | {kind: 'document'; fields: FieldChange[]}
