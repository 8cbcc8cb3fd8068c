/**
 * Policy versions: the public record of every policy's wording over time. Publishing a changed
 * policy in Studio, or a changed figure or company fact that a policy quotes, records an
 * immutable version holding the full text, the figures and facts as they read that day, the
 * date from which it applies and the staff's summary of the change. The site shows the version
 * in force, announces the next one, and keeps every earlier one at a permanent address.
 *
 * Studio (the publish actions), the build and the server share these rules. Plain Node imports
 * this file too, so its imports carry their `.ts` extension.
 */
import {
  COMPANY_FACT_KEYS,
  COMPANY_FACTS,
  factText,
  type CompanyFactKey,
  type CompanyFactsDocument,
  type FactDefinition,
} from './companyFacts.ts'
import {formatDate, type HistoryDay} from './dates.ts'
import {isCompletePeriod, type Period} from './periods.ts'
import {formatFigure, POLICY_FIGURE_KEYS, type PolicyFigureKey} from './policyFigures.ts'
import {fillTemplate, templateProblem} from './templates.ts'
import {documentTitle, POLICY_ID_LIST, POLICY_VERSION_TYPE, type PolicyId} from './siteDocuments.ts'

export {isPolicyId, POLICY_VERSION_TYPE} from './siteDocuments.ts'

/** Versions are numbered from 1 for each policy; the number is part of the version's address. */
export const versionId = (policy: PolicyId, number: number) => `${POLICY_VERSION_TYPE}-${policy}-${number}`

/** The facts the Grievance Officer card prints. */
export const GRIEVANCE_CARD_FACTS: readonly CompanyFactKey[] = [
  'grievanceOfficerName',
  'grievanceOfficerDesignation',
  'grievanceOfficerEmail',
  'grievanceOfficerPhone',
  'grievanceOfficerAddress',
]

/** The wording of a policy: what a version freezes and what the differences view compares. */
export interface PolicyWording {
  title: string
  description: string
  intro?: unknown[] | null
  sections: {_key: string; _type?: string; heading: string; body: unknown[]}[]
}

export interface QuotedFigure {
  _key: string
  _type?: 'quotedFigure'
  figure: PolicyFigureKey
  /** As the version printed it: "20%", "3–5 weeks". */
  text: string
}

export interface QuotedFact {
  _key: string
  _type?: 'quotedFact'
  fact: CompanyFactKey
  /** As the version printed it in English. */
  text: string
  /**
   * A period fact as the version stated it, number and unit, so that the value, not only its
   * English words, is on record. None for a fact that is not a period.
   */
  period?: Period
}

/** The figures and facts a text quotes, as they read when the version was recorded. */
export interface Quotes {
  figures: QuotedFigure[]
  facts: QuotedFact[]
}

export interface PolicyVersionDocument extends PolicyWording, Quotes {
  _id: string
  _type: typeof POLICY_VERSION_TYPE
  policy: PolicyId
  number: number
  /** The calendar day, in India, from which this wording applies. */
  effectiveDate: string
  /** What changed, in the staff's words. */
  summary: string
  /** When it was recorded, by the publish that created it: when it was announced. */
  recordedAt: string
  /**
   * Why it applies sooner than the notice period after it was announced, when it does: every reason
   * that is true of it, in the order of `SHORT_NOTICE_REASON_KEYS`.
   */
  shortNoticeReasons?: ShortNoticeReason[]
  /** The law that requires it, when `requiredByLaw` is among the reasons: "rule 8(3) of …". */
  shortNoticeLaw?: string
  /**
   * The notice period (days) in force when it was announced, as the publish judged it: the build
   * checks the version against it, so a later change of the figure never condemns an older version.
   */
  noticeDays?: number
  /**
   * When staff withdrew it before it applied (the Content Lake's time): it never applies, and the
   * history says so. Set only by "Withdraw announced change"; absent on every version still standing.
   */
  withdrawnAt?: string
  /** Why it was withdrawn, in the staff's words: shown to readers with the version. */
  withdrawnNote?: string
  /**
   * Dated notes of correction staff added after it was recorded, oldest first: where the record
   * turned out incomplete, a note says so beside it, and the record itself is never edited.
   */
  notes?: VersionNote[]
}

/** A note of correction on a recorded version, added by "Add a note of correction" in Studio. */
export interface VersionNote {
  _key: string
  _type?: 'versionNote'
  /** When it was added, at the Content Lake's time. */
  addedAt: string
  /** The note, in the staff's English words. */
  text: string
}

/**
 * The only reasons a change may apply sooner than the notice period (the figure
 * `policyChangeNoticeDays`) after it is announced: the list the Terms (§13) and the Privacy Policy
 * (§10) give, "a correction, clearer wording or a new right for you, or a change the law requires
 * from an earlier date", whose new version "says which of these reasons applies". A change records
 * every one that is true of it, and readers see them all.
 */
export const SHORT_NOTICE_REASONS = {
  correction: {
    title: 'A correction',
    description:
      'It puts right a mistake or an omission in the text, taking away no right and adding no purpose for your data.',
  },
  clearerWording: {
    title: 'Clearer wording',
    description: 'It says more clearly what the text already meant.',
  },
  newRight: {
    title: 'A new right for customers',
    description: 'It only gives more rights, for example a lower fee or a longer time to ask.',
  },
  requiredByLaw: {
    title: 'The law requires it from an earlier date',
    description: 'A law, rule or order that applies whatever we announce: name it below.',
  },
} as const satisfies Record<string, {title: string; description: string}>
export type ShortNoticeReason = keyof typeof SHORT_NOTICE_REASONS
export const SHORT_NOTICE_REASON_KEYS = Object.keys(SHORT_NOTICE_REASONS) as ShortNoticeReason[]

/** The longest name of a law staff may give: readers see it in the sentence after the summary. */
export const SHORT_NOTICE_LAW_MAX = 200
export const SHORT_NOTICE_LAW_EXAMPLE = 'rule 8(3) of the Digital Personal Data Protection Rules, 2025'

/** The change staff describe when they publish. */
export interface ChangeNote {
  effectiveDate: string
  summary: string
  /** Given only for a date sooner than the notice period allows: every reason true of the change. */
  shortNoticeReasons?: ShortNoticeReason[]
  /** Which law requires it, when `requiredByLaw` is among the reasons. */
  shortNoticeLaw?: string
}

/** The reasons a note or a version gives, known ones only, each once, in the table's order. */
export const shortNoticeReasonsOf = (recorded: {shortNoticeReasons?: readonly string[] | null}) =>
  SHORT_NOTICE_REASON_KEYS.filter((reason) => recorded.shortNoticeReasons?.includes(reason))

/** A reason list that says the law requires the change without naming the law; the words to fix it. */
export function shortNoticeLawProblem(recorded: {
  shortNoticeReasons?: readonly string[] | null
  shortNoticeLaw?: string | null
}): string | undefined {
  if (!recorded.shortNoticeReasons?.includes('requiredByLaw')) return undefined
  const law = recorded.shortNoticeLaw?.trim() ?? ''
  if (law.length === 0)
    return `Name the law that requires the change, for example “${SHORT_NOTICE_LAW_EXAMPLE}”: readers see it with the version.`
  if (law.length > SHORT_NOTICE_LAW_MAX)
    return `Shorten the name of the law to at most ${SHORT_NOTICE_LAW_MAX} characters.`
  return undefined
}

export const SUMMARY_MIN = 10
export const SUMMARY_MAX = 800

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null

/** Every figure and fact a text quotes: inline references, and the facts a Grievance Officer card prints. */
export function quotedKeys(wording: unknown): {figures: PolicyFigureKey[]; facts: CompanyFactKey[]} {
  const figures = new Set<PolicyFigureKey>()
  const facts = new Set<CompanyFactKey>()
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk)
    if (!isNode(value)) return
    if (value._type === 'figureRef' && typeof value.figure === 'string')
      figures.add(value.figure as PolicyFigureKey)
    if (value._type === 'factRef' && typeof value.fact === 'string') facts.add(value.fact as CompanyFactKey)
    if (value._type === 'grievanceContact') GRIEVANCE_CARD_FACTS.forEach((fact) => facts.add(fact))
    Object.values(value).forEach(walk)
  }
  walk(wording)
  return {
    figures: POLICY_FIGURE_KEYS.filter((key) => figures.has(key)),
    facts: COMPANY_FACT_KEYS.filter((key) => facts.has(key)),
  }
}

/** The figures and facts a text quotes, printed from the documents as they are now. */
export function quotesFor(wording: unknown, figures: Node, facts: CompanyFactsDocument): Quotes {
  const keys = quotedKeys(wording)
  return {
    figures: keys.figures.map((figure) => ({
      _key: figure,
      _type: 'quotedFigure',
      figure,
      text: formatFigure(figure, figures[figure] as never),
    })),
    facts: keys.facts.map((fact) => {
      const quoted: QuotedFact = {_key: fact, _type: 'quotedFact', fact, text: factText(facts, fact)}
      const period = (COMPANY_FACTS[fact] as FactDefinition).period?.(facts)
      return isCompletePeriod(period) ? {...quoted, period: frozenPeriod(period)} : quoted
    }),
  }
}

/** A period as a version records it: its parts only. */
const frozenPeriod = ({count, unit, sample}: Period): Period => ({
  _type: 'period',
  count,
  unit,
  ...(sample ? {sample: true} : {}),
})

/** Serialised with sorted keys, so that two equal values compare equal however they were built. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isNode(value))
    return `{${Object.keys(value)
      .filter(
        (key) =>
          value[key] !== undefined &&
          value[key] !== null &&
          !['_rev', '_updatedAt', '_createdAt'].includes(key),
      )
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/** What visitors read of a policy: its title and text; the search description is not part of it. */
export type ReadText = Pick<PolicyWording, 'title' | 'intro' | 'sections'>

/** Figures and facts as printed, however they are stored. */
export interface PrintedQuotes {
  figures: readonly {figure: PolicyFigureKey; text: string}[]
  facts: readonly {fact: CompanyFactKey; text?: string | null}[]
}

const readText = (wording: ReadText) => ({
  title: wording.title,
  intro: wording.intro?.length ? wording.intro : [],
  sections: wording.sections ?? [],
})

export const sameWording = (a: ReadText, b: ReadText) => canonical(readText(a)) === canonical(readText(b))

const printedQuotes = (quotes: PrintedQuotes) => ({
  figures: Object.fromEntries(quotes.figures.map(({figure, text}) => [figure, text])),
  facts: Object.fromEntries(quotes.facts.map(({fact, text}) => [fact, text])),
})

export const sameQuotes = (a: PrintedQuotes, b: PrintedQuotes) =>
  canonical(printedQuotes(a)) === canonical(printedQuotes(b))

// ---------------------------------------------------------------------------------------------
// Dates. An effective date is a calendar day in India: the version applies from midnight IST, or
// from when it was published if that is later the same day (`appliesFrom`).

const IST_OFFSET = '+05:30'
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Whether `date` is a day that exists, written YYYY-MM-DD: "2025-02-30" and "2025-13-01" are not. */
export function isCalendarDate(date: string): boolean {
  if (!DATE.test(date)) return false
  // A month or day out of range is an invalid Date, whose toISOString() throws.
  const day = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date)
}

/** The moment a version dated `date` takes effect: midnight at the start of that day in India. */
export const effectiveFrom = (date: string) => new Date(`${date}T00:00:00${IST_OFFSET}`)

/** Today's date in India, as YYYY-MM-DD. */
export const indiaToday = (now: Date) =>
  new Date(now.getTime() + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10)

/** The day `days` after a date. */
export function daysAfter(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/** The day before a date, for "in force until". */
export function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() - 1)
  return day.toISOString().slice(0, 10)
}

// ---------------------------------------------------------------------------------------------
// A policy's history at a moment.

interface Dated {
  number: number
  effectiveDate: string
}

/** A version as the history reads it: its date, when it was published, and when it was withdrawn, if it was. */
interface Recorded extends Dated {
  recordedAt: string
  withdrawnAt?: string | null
}

/** Whether staff withdrew a version before it applied: it never applies, and no change builds on it. */
export const isWithdrawn = (version: {withdrawnAt?: string | null}) => Boolean(version.withdrawnAt)

/** The versions still standing: every one not withdrawn. */
const standing = <V extends {withdrawnAt?: string | null}>(versions: readonly V[]) =>
  versions.filter((version) => !isWithdrawn(version))

/**
 * The moment a version applies from: the start of its day in India, or the moment it was published
 * when that is later. A version published on the day it applies never applied before it was
 * published: that morning, readers had the version before it.
 */
export function appliesFrom(version: {effectiveDate: string; recordedAt: string}): Date {
  const start = effectiveFrom(version.effectiveDate)
  const published = new Date(version.recordedAt)
  // An unreadable time (NaN) compares false: the day's start.
  return published > start ? published : start
}

export interface Timeline<V extends Recorded> {
  /** Oldest first. */
  versions: V[]
  /** The version in force: the highest-numbered one whose moment (`appliesFrom`) has come. */
  current?: V
  /** Versions whose moment is still to come, soonest first; never a withdrawn one. */
  upcoming: V[]
  /** Versions withdrawn before they applied, oldest first: listed, never in force nor to come. */
  withdrawn: V[]
  /**
   * From when each version applies, by number, as pages print it: its day, with the time when it
   * took over from another version during that day. A withdrawn version's is the day it was to apply.
   */
  from: Map<number, HistoryDay>
  /**
   * Until when each version applied, by number; absent for the current and upcoming ones. The day
   * before the next version's, when that one began at midnight; else that day and the time it began.
   */
  until: Map<number, HistoryDay>
}

/** Whether a moment is the start of its day in India. */
const atMidnight = (moment: Date) => moment.getTime() === effectiveFrom(indiaToday(moment)).getTime()

/**
 * A moment of the history as a page prints it: its day in India, with the time only when it is not
 * the day's start (another version applied earlier that day), so that a page stays quiet otherwise.
 */
const historyDay = (moment: Date): HistoryDay =>
  atMidnight(moment) ? {day: indiaToday(moment)} : {day: indiaToday(moment), at: moment}

export function timeline<V extends Recorded>(versions: readonly V[], now: Date): Timeline<V> {
  const sorted = [...versions].sort((a, b) => a.number - b.number)
  const starts = new Map(sorted.map((version) => [version.number, appliesFrom(version)]))
  const start = (version: V) => starts.get(version.number)!
  const kept = standing(sorted)
  const inForce = kept.filter((version) => start(version) <= now)
  const current = inForce.at(-1)
  const upcoming = kept.filter((version) => start(version) > now)
  // A policy's first version replaced none: its day alone says when it began.
  const from = new Map(
    sorted.map((version) => [
      version.number,
      version === kept[0] ? {day: indiaToday(start(version))} : historyDay(start(version)),
    ]),
  )
  const until = new Map<number, HistoryDay>()
  inForce.forEach((version, index) => {
    const next = inForce[index + 1]
    if (!next) return
    // Replaced at the moment it was to begin, it never applied: its one day is shown as it began.
    if (start(next) <= start(version)) until.set(version.number, from.get(version.number)!)
    else if (atMidnight(start(next))) until.set(version.number, {day: dayBefore(indiaToday(start(next)))})
    else until.set(version.number, historyDay(start(next)))
  })
  return {versions: sorted, current, upcoming, withdrawn: sorted.filter(isWithdrawn), from, until}
}

/**
 * The history word for the day a version applies from: a version still to come "takes effect", in
 * the future tense in every language; only one whose moment has come is "in effect from".
 */
export const effectiveWord = (history: {upcoming: readonly Dated[]}, version: Dated) =>
  history.upcoming.some((upcoming) => upcoming.number === version.number)
    ? ('takesEffect' as const)
    : ('effectiveFrom' as const)

/**
 * The versions still to come that visitors will read: not one replaced on or before its day by a
 * version recorded after it (the version in force is the highest-numbered one whose day has come).
 */
export function upcomingThatApply<V extends Recorded>(versions: readonly V[], now: Date): V[] {
  return timeline(versions, now).upcoming.filter(
    (version) =>
      !versions.some(
        (later) => later.number > version.number && later.effectiveDate <= version.effectiveDate,
      ),
  )
}

/**
 * The version in force on the day version `number` applies from, or now if that day has passed:
 * the one that replaced it, when it no longer applies or never will.
 */
export function inForceInsteadOf<V extends Recorded>(
  number: number,
  versions: readonly V[],
  now: Date,
): V | undefined {
  const version = versions.find((candidate) => candidate.number === number)
  if (!version) return undefined
  const from = appliesFrom(version)
  return timeline(versions, from > now ? from : now).current
}

/** When the next version of any policy takes effect: the moment the site must be rebuilt. */
export function nextChangeAt(versions: readonly Recorded[], now: Date): Date | undefined {
  const upcoming = standing(versions)
    .map(appliesFrom)
    .filter((start) => start > now)
    .sort((a, b) => a.getTime() - b.getTime())
  return upcoming[0]
}

// ---------------------------------------------------------------------------------------------
// Recording versions when staff publish.

/** What is wrong with a change note, in words for the publish dialog; empty when it may be recorded. */
export function changeNoteProblems(
  note: Partial<ChangeNote>,
  context: {
    now: Date
    latest?: Dated & {policy?: string}
    /** The notice period in days (the figure policyChangeNoticeDays); none for a policy's first version. */
    noticeDays?: number
  },
): string[] {
  const problems: string[] = []
  const summary = note.summary?.trim() ?? ''
  if (summary.length === 0)
    problems.push('Write a summary of what changed: it is shown with the new version.')
  else if (summary.length < SUMMARY_MIN)
    problems.push(
      `The summary is too short to tell readers what changed (at least ${SUMMARY_MIN} characters).`,
    )
  else if (summary.length > SUMMARY_MAX)
    problems.push(
      `Shorten the summary to at most ${SUMMARY_MAX} characters; the full text is in the version.`,
    )
  const date = note.effectiveDate ?? ''
  const today = indiaToday(context.now)
  if (!isCalendarDate(date)) problems.push('Choose the date from which the change applies.')
  else if (date < today)
    problems.push(
      `The change cannot apply from a past date: choose ${formatDate(today)} (today in India) or later.`,
    )
  else if (context.latest && date < context.latest.effectiveDate) {
    // The version in force on a day is the highest-numbered one dated on or before it: a change
    // dated before the announced one would be undone by it on its day, which no reason can allow.
    const title = documentTitle(context.latest.policy ?? '') ?? 'This policy'
    const {number} = context.latest
    // Written as the pages write dates, as every date staff read in the publish dialog is.
    const effectiveDate = formatDate(context.latest.effectiveDate)
    problems.push(
      `${title} already has version ${number}, announced to take effect on ${effectiveDate}. ` +
        'A change recorded after it cannot apply earlier, even with a reason for short notice: ' +
        `on ${effectiveDate} version ${number}, written without this change, would replace it. ` +
        `Choose ${effectiveDate} or later. If this change must apply sooner, first withdraw version ${number} ` +
        '("Withdraw announced change" in this policy\'s menu of actions), then publish this change, and ' +
        'publish the announced one again, with its full notice.',
    )
  } else {
    const earliest = earliestWithNotice(context)
    // Reasons are needed, and recorded, only for a date sooner than the notice period allows.
    if (earliest && date < earliest) {
      if (shortNoticeReasonsOf(note).length === 0)
        problems.push(
          `A change is announced at least ${context.noticeDays} clear days before it applies, counted from the day ` +
            `after it is announced: choose ${formatDate(earliest)} or later, or tick every reason why this one may apply sooner.`,
        )
      const law = shortNoticeLawProblem(note)
      if (law) problems.push(law)
    }
  }
  if (note.shortNoticeReasons?.some((reason) => !SHORT_NOTICE_REASON_KEYS.includes(reason)))
    problems.push('Choose why the change may apply sooner, from the reasons listed.')
  return problems
}

/**
 * The first day a change announced now may apply from without a reason for short notice: the
 * notice period after today in India. A policy's first version replaces nothing, so needs none.
 */
export function earliestWithNotice(context: {
  now: Date
  latest?: unknown
  noticeDays?: number
}): string | undefined {
  if (!context.latest || !context.noticeDays) return undefined
  return firstDayAfterNotice(indiaToday(context.now), context.noticeDays)
}

/**
 * The first day a change announced on `announced` may apply from: the policies promise notice "at
 * least N days before they apply", and days are clear days, counted from the day after the
 * announcement (General Clauses Act s.9), so N whole days lie between the two. Announced on 25
 * November with 30 days' notice, a change applies from 26 December at the earliest.
 */
export const firstDayAfterNotice = (announced: string, noticeDays: number): string =>
  daysAfter(announced, noticeDays + 1)

/**
 * The note as the version records it: reasons for short notice only when the date needs them, so
 * that no version claims to have been rushed when it was announced in time; the law's name only
 * with the reason that it requires the change.
 */
export function noteAsRecorded(
  note: ChangeNote,
  context: {now: Date; latest?: unknown; noticeDays?: number},
): ChangeNote {
  const earliest = earliestWithNotice(context)
  const {shortNoticeReasons: _reasons, shortNoticeLaw, ...rest} = note
  const reasons = shortNoticeReasonsOf(note)
  if (!earliest || note.effectiveDate >= earliest || reasons.length === 0) return rest
  return {
    ...rest,
    shortNoticeReasons: reasons,
    ...(reasons.includes('requiredByLaw') ? {shortNoticeLaw: shortNoticeLaw?.trim() ?? ''} : {}),
  }
}

/** Whether a version records why it applied with short notice. */
const recordsShortNotice = (version: {shortNoticeReasons?: readonly string[] | null}) =>
  shortNoticeReasonsOf(version).length > 0

/**
 * Every recorded version that breaks the notice rule: announced (recorded) fewer days before it
 * applies than the notice period in force then, with no reason for short notice. A version that
 * does not record the period it was judged by is judged by `noticeDays`, the figure today. A
 * policy's first version replaces nothing and needs no notice. One message each, naming the policy
 * and the version, for a build that refuses them.
 */
export function noticeBreaches(
  versions: readonly (Dated & {
    policy: string
    recordedAt: string
    shortNoticeReasons?: readonly string[] | null
    shortNoticeLaw?: string | null
    noticeDays?: number | null
    withdrawnAt?: string | null
  })[],
  noticeDays: number | undefined,
): string[] {
  // A withdrawn version never applied: it took nothing away, however short its notice was.
  versions = standing(versions)
  return [...versions]
    .sort((a, b) => a.policy.localeCompare(b.policy) || a.number - b.number)
    .flatMap((version) => {
      const days = version.noticeDays ?? noticeDays
      const first = !versions.some(
        (other) => other.policy === version.policy && other.number < version.number,
      )
      const title = documentTitle(version.policy) ?? version.policy
      // Readers would read that the law requires it, and not which law: Studio never records that.
      if (shortNoticeLawProblem(version))
        return [
          `${title}, version ${version.number}: records that the law requires it to apply sooner, but not which law ` +
            `(${SHORT_NOTICE_LAW_MAX} characters at most). A version is never edited: delete it and record the change again, naming the law.`,
        ]
      const recorded = new Date(version.recordedAt)
      if (first || recordsShortNotice(version) || !days || Number.isNaN(recorded.getTime())) return []
      const announced = indiaToday(recorded)
      const earliest = firstDayAfterNotice(announced, days)
      if (version.effectiveDate >= earliest) return []
      return [
        `${title}, version ${version.number}: announced on ${announced} and in force from ${version.effectiveDate}, ` +
          `sooner than the notice period of ${days} clear days allows (${earliest} at the earliest), and it records ` +
          'no reason for short notice. A version is never edited: delete it and record the change again, ' +
          'with a date the notice period allows or the reason it may apply sooner.',
      ]
    })
}

/** The notice period a change is held to: the figure as Policy figures give it, if it is a number. */
export const noticeDaysIn = (figures: Node): number | undefined =>
  typeof figures.policyChangeNoticeDays === 'number' ? figures.policyChangeNoticeDays : undefined

/**
 * The highest-numbered version of a policy still standing, if it has any: what its text says now or
 * will say, and the base the next change is checked against. A withdrawn one is never the base.
 */
export const latestVersion = <V extends Dated & {policy: string; withdrawnAt?: string | null}>(
  versions: readonly V[],
  policy: PolicyId,
) =>
  standing(versions)
    .filter((version) => version.policy === policy)
    .sort((a, b) => a.number - b.number)
    .at(-1)

/**
 * The number the next version of a policy gets: one after every recorded one, withdrawn ones
 * included, so that a version's address never comes to mean another text.
 */
export const nextVersionNumber = (versions: readonly (Dated & {policy: string})[], policy: PolicyId) =>
  Math.max(0, ...versions.filter((version) => version.policy === policy).map(({number}) => number)) + 1

/** The version a publish records, given the wording and the quotes it will have from now on. */
export function newVersion(input: {
  policy: PolicyId
  wording: PolicyWording
  quotes: Quotes
  note: ChangeNote
  previous?: {number: number}
  /** Its number, when it is not the one after `previous` (a withdrawn version came between). */
  number?: number
  now: Date
  /** The notice period in force before the publish, recorded with the version. */
  noticeDays?: number
}): PolicyVersionDocument {
  const number = input.number ?? (input.previous?.number ?? 0) + 1
  const {title, description, intro, sections} = input.wording
  return {
    _id: versionId(input.policy, number),
    _type: POLICY_VERSION_TYPE,
    policy: input.policy,
    number,
    effectiveDate: input.note.effectiveDate,
    summary: input.note.summary.trim(),
    recordedAt: input.now.toISOString(),
    ...(input.note.shortNoticeReasons?.length ? {shortNoticeReasons: input.note.shortNoticeReasons} : {}),
    ...(input.note.shortNoticeLaw ? {shortNoticeLaw: input.note.shortNoticeLaw} : {}),
    ...(input.noticeDays !== undefined ? {noticeDays: input.noticeDays} : {}),
    title,
    description,
    intro: intro?.length ? intro : [],
    sections,
    figures: input.quotes.figures,
    facts: input.quotes.facts,
  }
}

/** Whether publishing this wording with these quotes changes what the policy's latest version says. */
export function changesPolicy(
  latest: (ReadText & PrintedQuotes) | undefined,
  wording: ReadText,
  quotes: PrintedQuotes,
): boolean {
  return !latest || !sameWording(latest, wording) || !sameQuotes(latest, quotes)
}

export type PublishPlan = {ok: true; versions: PolicyVersionDocument[]} | {ok: false; problems: string[]}

/**
 * What a publish is planned from: the versions so far, the figures and facts it publishes, the
 * staff's note, and the time of the publish as the Content Lake tells it (never the browser's clock:
 * it is the day the change is announced on).
 */
interface PublishInput {
  versions: readonly PolicyVersionDocument[]
  figures: Node
  facts: CompanyFactsDocument
  note: Partial<ChangeNote>
  now: Date
}

/**
 * The figures in force before the publish: the notice period is theirs, never the draft's, so a
 * draft that shortens the notice period cannot use its own figure for the change it makes.
 */
interface InForceBefore {
  figuresBefore: Node
}

/** A change to one policy: its new wording or quotes, checked against the version before it. */
interface Change {
  policy: PolicyId
  wording: PolicyWording
  quotes: Quotes
  /** The latest version still standing: the change is checked against it. */
  latest?: PolicyVersionDocument
  /** The number the new version gets. */
  number: number
}

/**
 * The versions that record these changes, all under the one note staff wrote; refused, with every
 * problem named once, if the note does not fit one of them.
 */
function planChanges(
  changes: readonly Change[],
  input: Pick<PublishInput, 'note' | 'now'> & InForceBefore,
): PublishPlan {
  const noticeDays = noticeDaysIn(input.figuresBefore)
  const contexts = changes.map(({latest}) => ({now: input.now, latest, noticeDays}))
  const problems = contexts.flatMap((context) => changeNoteProblems(input.note, context))
  if (problems.length > 0) return {ok: false, problems: [...new Set(problems)]}
  return {
    ok: true,
    versions: changes.map(({policy, wording, quotes, number}, index) =>
      newVersion({
        policy,
        wording,
        quotes,
        note: noteAsRecorded(input.note as ChangeNote, contexts[index]!),
        number,
        now: input.now,
        noticeDays,
      }),
    ),
  }
}

/**
 * Publishing a policy: a version is recorded when the wording, or a quoted value, differs from
 * the latest version. A change without a summary or a usable date is refused.
 */
export function planPolicyPublish(
  input: PublishInput & {policy: PolicyId; draft: PolicyWording},
): PublishPlan {
  const latest = latestVersion(input.versions, input.policy)
  const quotes = quotesFor(input.draft, input.figures, input.facts)
  if (!changesPolicy(latest, input.draft, quotes)) return {ok: true, versions: []}
  // A policy's publish changes no figure: the published figures are the ones in force before it.
  const number = nextVersionNumber(input.versions, input.policy)
  return planChanges([{policy: input.policy, wording: input.draft, quotes, latest, number}], {
    ...input,
    figuresBefore: input.figures,
  })
}

/**
 * The policies a new set of figures or company facts changes: those whose latest version quotes
 * a value that would now read differently. A policy with no version yet records its first one
 * when it is next published.
 */
export function policiesChangedBy(
  input: Pick<PublishInput, 'versions' | 'figures' | 'facts'>,
): {latest: PolicyVersionDocument; quotes: Quotes; number: number}[] {
  return POLICY_ID_LIST.flatMap((policy) => {
    const latest = latestVersion(input.versions, policy)
    if (!latest) return []
    const quotes = quotesFor(latest, input.figures, input.facts)
    const number = nextVersionNumber(input.versions, policy)
    return sameQuotes(latest, quotes) ? [] : [{latest, quotes, number}]
  })
}

/**
 * Publishing Policy figures or Company facts: every policy that quotes a changed value gets a
 * version with its latest wording and the new values, all with the one date and summary staff give.
 */
export function planQuotedValuesPublish(input: PublishInput & InForceBefore): PublishPlan {
  const changes = policiesChangedBy(input).map(({latest, quotes, number}) => ({
    policy: latest.policy,
    wording: latest,
    quotes,
    latest,
    number,
  }))
  return planChanges(changes, input)
}

// ---------------------------------------------------------------------------------------------
// Withdrawing an announced change before it applies ("Withdraw announced change" in Studio).

/** The reason staff give for a withdrawal is shown to readers with the version: a short paragraph. */
export const WITHDRAWN_NOTE_MIN = SUMMARY_MIN
export const WITHDRAWN_NOTE_MAX = 500

/**
 * What a withdrawal of a policy's announced changes would withdraw: every version still to come,
 * and the version in force the policy stays at. Nothing when no change is announced, or when none
 * is in force yet (a policy's first version has nothing to fall back to).
 */
export function withdrawable<V extends Recorded & {policy: string}>(
  versions: readonly V[],
  policy: PolicyId,
  now: Date,
): {inForce: V; announced: V[]} | undefined {
  const history = timeline(
    versions.filter((version) => version.policy === policy),
    now,
  )
  if (!history.current || history.upcoming.length === 0) return undefined
  return {inForce: history.current, announced: history.upcoming}
}

/** What is wrong with the reason staff give for a withdrawal; empty when it may be recorded. */
export function withdrawnNoteProblems(note: string | undefined): string[] {
  const reason = note?.trim() ?? ''
  if (reason.length === 0) return ['Say why the change is withdrawn: readers see it with the version.']
  if (reason.length < WITHDRAWN_NOTE_MIN)
    return [`The reason is too short to tell readers why (at least ${WITHDRAWN_NOTE_MIN} characters).`]
  if (reason.length > WITHDRAWN_NOTE_MAX)
    return [`Shorten the reason to at most ${WITHDRAWN_NOTE_MAX} characters.`]
  return []
}

export type WithdrawalPlan<V> =
  | {ok: true; inForce: V; withdrawn: (V & {withdrawnAt: string; withdrawnNote: string})[]}
  | {ok: false; problems: string[]}

/**
 * A withdrawal: every announced version of the policy, marked withdrawn at the Content Lake's time
 * `now` with the staff's reason, and the version in force the policy's text goes back to.
 */
export function planWithdrawal<V extends Recorded & {policy: string}>(input: {
  versions: readonly V[]
  policy: PolicyId
  note: string | undefined
  now: Date
}): WithdrawalPlan<V> {
  const target = withdrawable(input.versions, input.policy, input.now)
  const title = documentTitle(input.policy) ?? input.policy
  const problems = [
    ...(target ? [] : [`${title} has no announced change to withdraw: every version has applied already.`]),
    ...withdrawnNoteProblems(input.note),
  ]
  if (!target || problems.length > 0) return {ok: false, problems}
  const withdrawnAt = input.now.toISOString()
  const withdrawnNote = input.note!.trim()
  return {
    ok: true,
    inForce: target.inForce,
    withdrawn: target.announced.map((version) => ({...version, withdrawnAt, withdrawnNote})),
  }
}

// ---------------------------------------------------------------------------------------------
// A note of correction on a recorded version ("Add a note of correction" in Studio). A version is a
// record: when it turns out incomplete, or a reason it gave did not fit, a dated note says so beside
// it, and notes are only ever added.

export const VERSION_NOTE_MIN = SUMMARY_MIN
export const VERSION_NOTE_MAX = 500

/** What is wrong with a note of correction as staff wrote it; empty when it may be added. */
export function versionNoteProblems(text: string | undefined): string[] {
  const note = text?.trim() ?? ''
  if (note.length === 0)
    return ['Write the note: readers see it with the version, with the date it was added.']
  if (note.length < VERSION_NOTE_MIN)
    return [
      `The note is too short to tell readers what it corrects (at least ${VERSION_NOTE_MIN} characters).`,
    ]
  if (note.length > VERSION_NOTE_MAX) return [`Shorten the note to at most ${VERSION_NOTE_MAX} characters.`]
  return []
}

export type NotePlan = {ok: true; notes: VersionNote[]} | {ok: false; problems: string[]}

/**
 * A version's notes with one more at the end: the staff's words, added at the Content Lake's time
 * `now`, under a key no earlier note has. The earlier notes are kept as they are.
 */
export function planNote(input: {
  notes: readonly VersionNote[] | null | undefined
  text: string | undefined
  now: Date
  /** A fresh key for the new note (Studio's randomKey). */
  key: string
}): NotePlan {
  const problems = versionNoteProblems(input.text)
  const notes = input.notes ?? []
  if (notes.some(({_key}) => _key === input.key))
    problems.push('The note could not be given a key of its own: try again.')
  if (problems.length > 0) return {ok: false, problems}
  const note: VersionNote = {
    _key: input.key,
    _type: 'versionNote',
    addedAt: input.now.toISOString(),
    text: input.text!.trim(),
  }
  return {ok: true, notes: [...notes, note]}
}

// ---------------------------------------------------------------------------------------------
// The words around a policy's history, edited in Site settings → "Policy history words".

export const POLICY_HISTORY_WORDS = {
  effectiveFrom: {title: 'In effect from', example: 'In effect from {date}', placeholders: ['date']},
  announcedOn: {
    title: 'Announced on (the day a version was published)',
    example: 'Announced on {date}',
    placeholders: ['date'],
  },
  dayAndTime: {
    title:
      'A day with its time in India (shown when two versions of a policy applied on the same day): write the zone in words',
    example: '{date}, {time} IST',
    placeholders: ['date', 'time'],
  },
  version: {title: 'Version', example: 'Version {number}', placeholders: ['number']},
  latestChange: {title: 'Latest change', example: 'What changed'},
  seeChanges: {title: 'Link to the differences', example: 'See the changes'},
  allVersions: {title: 'Link to the version history', example: 'All versions of this policy'},
  upcomingHeading: {title: 'Upcoming change heading', example: 'An update to this policy is coming'},
  takesEffect: {title: 'Takes effect on', example: 'Takes effect on {date}', placeholders: ['date']},
  readUpcoming: {title: 'Link to the upcoming text', example: 'Read the new text'},
  readUpcomingUntranslated: {
    title:
      'Link to the upcoming text, when it is not yet translated into the language of these words (its page shows English)',
    example: 'Read the new text (in English only for now)',
  },
  historyHeading: {title: 'Version history heading', example: 'Version history'},
  historyIntro: {
    title: 'Version history introduction',
    example: 'Every version of this policy, the day from which it applied, and what changed.',
  },
  statusCurrent: {title: 'Label of the version in effect', example: 'In effect'},
  statusUpcoming: {title: 'Label of an upcoming version', example: 'Upcoming'},
  statusEarlier: {title: 'Label of an earlier version', example: 'No longer in effect'},
  statusWithdrawn: {title: 'Label of a withdrawn version', example: 'Withdrawn'},
  withdrawnOn: {
    title: 'A version withdrawn before it applied (history, its page and the feed)',
    example: 'Announced on {announced}, withdrawn on {withdrawn}: it never applied.',
    placeholders: ['announced', 'withdrawn'],
  },
  withdrawnBecause: {
    title: 'Before the reason a change was withdrawn',
    example: 'Why it was withdrawn:',
  },
  noteAdded: {
    title:
      'Before a note of correction staff added to a recorded version (history, its page, the changes page and the feed)',
    example: 'Note added on {date}:',
    placeholders: ['date'],
  },
  appliedFrom: {
    title: 'Banner of an earlier version',
    example: 'This version applied from {from} until {until}.',
    placeholders: ['from', 'until'],
  },
  currentSince: {
    title: 'Banner of the version in effect',
    example: 'This is the version in effect, since {date}.',
    placeholders: ['date'],
  },
  upcomingBanner: {
    title: 'Banner of an upcoming version',
    example: 'This version takes effect on {date}.',
    placeholders: ['date'],
  },
  readCurrent: {title: 'Link to the current version', example: 'Read the version in effect now'},
  changesHeading: {
    title: 'Differences heading',
    example: 'What changed in version {number}',
    placeholders: ['number'],
  },
  changesIntro: {
    title: 'Differences introduction',
    example:
      'Words added since the previous version are underlined and marked “added”; words removed are struck through and marked “removed”. Sections without changes are folded.',
  },
  comparedWith: {
    title: 'Compared with (the version before)',
    example: 'Compared with version {number} ({date})',
    placeholders: ['number', 'date'],
  },
  added: {title: 'Added (read out before added words)', example: 'added:'},
  removed: {title: 'Removed (read out before removed words)', example: 'removed:'},
  unchanged: {title: 'Folded section', example: 'unchanged'},
  introduction: {
    title: 'Heading of the overview before section 1 (the policy page and its differences)',
    example: 'At a glance',
  },
  firstVersion: {title: 'The first version', example: 'The first published version of this policy.'},
  feedTitle: {title: 'Feed name', example: 'Policy changes'},
  shortNoticeBecause: {
    title:
      'After the summary of a change that applied with short notice: the sentence, with its reasons joined as the language joins a list',
    example: 'It applies at short notice because {reasons}.',
    placeholders: ['reasons'],
  },
  shortNoticeCorrection: {title: 'Short-notice reason: a correction', example: 'it corrects our text'},
  shortNoticeClearerWording: {
    title: 'Short-notice reason: clearer wording',
    example: 'it makes our wording clearer',
  },
  shortNoticeNewRight: {title: 'Short-notice reason: a new right for you', example: 'it adds to your rights'},
  shortNoticeLaw: {
    title: 'Short-notice reason: the law requires it (the law’s name as staff gave it, in English)',
    example: 'the law requires it ({law})',
    placeholders: ['law'],
  },
} as const satisfies Record<string, {title: string; example: string; placeholders?: readonly string[]}>

export type PolicyHistoryWord = keyof typeof POLICY_HISTORY_WORDS

/** The words of each reason for short notice, joined into `shortNoticeBecause`. */
export const SHORT_NOTICE_WORDS = {
  correction: 'shortNoticeCorrection',
  clearerWording: 'shortNoticeClearerWording',
  newRight: 'shortNoticeNewRight',
  requiredByLaw: 'shortNoticeLaw',
} as const satisfies Record<ShortNoticeReason, PolicyHistoryWord>

/** What a version records of why it came with short notice, as pages read it. */
export interface ShortNoticeRecord {
  shortNoticeReasons?: readonly ShortNoticeReason[] | null
  shortNoticeLaw?: string | null
}

/** A version's summary as readers see it: the staff's words, and why it applied sooner when it did. */
export function summaryAsShown(
  version: {summary: string} & ShortNoticeRecord,
  words: Record<PolicyHistoryWord, string>,
  language: string,
): string {
  const reason = shortNoticeAsShown(version, words, language)
  return reason ? `${version.summary} ${reason}` : version.summary
}

/**
 * A version's notes of correction as readers see them, oldest first: "Note added on 25 November
 * 2026: …", the day in India, in the language of the words around it; the note in the staff's words.
 */
export function notesAsShown(
  version: {notes?: readonly Pick<VersionNote, 'addedAt' | 'text'>[] | null},
  words: Pick<Record<PolicyHistoryWord, string>, 'noteAdded'>,
  language: string,
): string[] {
  return (version.notes ?? []).map(
    ({addedAt, text}) =>
      `${fillTemplate(words.noteAdded, {date: formatDate(indiaToday(new Date(addedAt)), language)})} ${text}`,
  )
}

/**
 * Why a version came with less notice, in the given words: one sentence naming every reason it
 * records, joined as the language of those words (`language`) joins a list ("a, b and c",
 * "a, b और c"; English words on a Hindi page that falls back to English join with "and"), the law named
 * where it is one. None for a version with full notice.
 */
export function shortNoticeAsShown(
  version: ShortNoticeRecord,
  words: Record<PolicyHistoryWord, string>,
  language: string,
): string | undefined {
  const reasons = shortNoticeReasonsOf(version)
  if (reasons.length === 0) return undefined
  const law = version.shortNoticeLaw?.trim() ?? ''
  const clauses = reasons.map((reason) => fillTemplate(words[SHORT_NOTICE_WORDS[reason]], {law}))
  return fillTemplate(words.shortNoticeBecause, {
    reasons: new Intl.ListFormat(language, {type: 'conjunction'}).format(clauses),
  })
}
export const POLICY_HISTORY_WORD_KEYS = Object.keys(POLICY_HISTORY_WORDS) as PolicyHistoryWord[]

/**
 * The words of the link to an upcoming version's text: a reader of a notice in Hindi is told
 * before following it that the text it opens is English, when that version's page shows no
 * translation in the language of the words around the link.
 */
export const readUpcomingWord = (
  wordsLanguage: string,
  linkedLanguage: string,
): 'readUpcoming' | 'readUpcomingUntranslated' =>
  linkedLanguage === wordsLanguage ? 'readUpcoming' : 'readUpcomingUntranslated'

/** The values a word of the history shows, by name ("date", "number"): none for plain words. */
export const historyWordPlaceholders = (word: PolicyHistoryWord): readonly string[] =>
  (POLICY_HISTORY_WORDS[word] as {placeholders?: readonly string[]}).placeholders ?? []

/**
 * What is wrong with a word of the history as staff wrote it, or undefined: a template must place
 * each of its values, and plain words may hold none.
 */
export const historyWordProblem = (word: PolicyHistoryWord, value: string) =>
  templateProblem(value, historyWordPlaceholders(word))
export const POLICY_HISTORY_WORD_MAX = 300
