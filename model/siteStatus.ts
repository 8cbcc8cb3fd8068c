/**
 * What the live site shows, as staff read it where they publish: the revision of each document the
 * live build was made from, the last attempt to build (live, building, or refused and why), and the
 * next scheduled policy switch. The server answers it (GET /api/site-status, src/server/siteStatus.ts);
 * Studio compares a document's published revision with the live one and says, in words, whether
 * the change is on the site. The rules are here, apart from both, so they are tested without either.
 *
 * Nothing in it is personal or secret: document ids, revisions, times, policy version numbers and
 * a build's reason in staff's words. Plain Node imports this file too, so its imports carry `.ts`.
 */
import {documentTitle, publishedId} from './siteDocuments.ts'
import type {TranslationStatus} from './translations.ts'

/** Where the site answers with its state, on the origin Studio previews (SANITY_STUDIO_PREVIEW_URL). */
export const SITE_STATUS_PATH = '/api/site-status'

/** A document as the live build read it. */
export interface LiveDocument {
  id: string
  /** The revision the live build was made from. */
  rev: string
  /** When a build with this revision first went live (ISO). */
  liveSince: string
  /** For a translation of a language turned on: whether the site shows it, as the build judged. */
  translation?: {language: string; status: TranslationStatus}
}

/** The outcome of the last attempt to build the site. */
export type Attempt =
  | {state: 'live'; at: string}
  | {state: 'building'; since: string}
  | {state: 'refused'; at: string; startedAt: string; reason: string}

/** A policy version whose date has not come, as the live build announced it. */
export interface ScheduledVersion {
  policy: string
  number: number
  effectiveDate: string
}

/** GET /api/site-status. */
export interface SiteStatus {
  /** When the build visitors see went live, and when it started reading content. */
  live: {since: string; startedAt: string}
  lastAttempt: Attempt
  documents: LiveDocument[]
  /** The next moment a policy version takes effect and the site rebuilds by itself, if any. */
  nextSwitch: {at: string; versions: ScheduledVersion[]} | null
  /** Every version announced and not yet in force, soonest first. */
  upcoming: ScheduledVersion[]
  /**
   * Whether the server e-mails customer care about each new message (SMTP_URL is set): Studio's
   * Inbox says an e-mail is still to be sent only when one will be.
   */
  emailsCustomerCare: boolean
}

// ---------------------------------------------------------------------------------------------
// A failed build's reason, in staff's words.

/** How a build names a document in staff's words: as the desk titles it, or a translation's. */
export function documentInWords(id: string): string {
  const [english, language] = publishedId(id).split('__i18n_')
  const title = documentTitle(english ?? id)
  if (!title) return `the document "${id}"`
  return language ? `${title} (${language} translation)` : title
}

/** A field's name as staff read it: "reachUsHeading" is "reach us heading". */
const fieldWords = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()

/** Where a field path points, as staff find it in Studio: "section 4", "introduction, paragraph 2". */
function placeAndField(path: string): {place: string[]; field?: string} {
  const parts = path.split('.')
  const place: string[] = []
  let field: string | undefined
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!
    const next = parts[index + 1]
    const number = next !== undefined && /^\d+$/.test(next) ? Number(next) + 1 : undefined
    if (/^\d+$/.test(part)) continue
    if (part === 'children' || part === 'markDefs') {
      field = undefined
      continue
    }
    if (number !== undefined) {
      place.push(
        part === 'sections'
          ? `section ${number}`
          : part === 'intro'
            ? `At a glance, paragraph ${number}`
            : part === 'body'
              ? `paragraph ${number}`
              : `${fieldWords(part)} ${number}`,
      )
      field = undefined
    } else field = fieldWords(part)
  }
  return {place, field}
}

/** What zod says is wrong, as staff say it. */
function problemWords(message: string): string {
  const text = message.trim()
  if (/must not be empty/i.test(text)) return 'is empty'
  // A field left out reads as null, which zod reports as an object.
  if (/received\W*(undefined|null|object)|required/i.test(text)) return 'is missing'
  const longest = /<=\s*(\d+)\s*characters/.exec(text)
  if (longest) return `is longer than ${longest[1]} characters`
  if (/^Invalid input/i.test(text)) return 'is not valid'
  return text.replace(/^(must|should)/, 'must')
}

/** "sections.3.heading: must not be empty" about `id`, in staff's words. */
export function fieldProblemInWords(id: string, given: string): string {
  // Astro may print the path twice, bold: "sections.2.heading**: **sections.2.heading: Expected…".
  const line = given.replace(/\*\*/g, '').replace(/^(\s*([\w.]+):\s*)\2:\s*/, '$1')
  const colon = line.indexOf(':')
  const path = colon === -1 ? '' : line.slice(0, colon).trim()
  const problem = problemWords(colon === -1 ? line : line.slice(colon + 1))
  const {place, field} = placeAndField(path)
  const where = [documentInWords(id), ...place].join(', ')
  return field ? `${where}: the ${field} ${problem}` : `${where}: ${problem}`
}

const CONTENT_ERROR = /^\[InvalidContentEntryDataError\]\s*\S+\s*→\s*(\S+)\s+data does not match/
const FIELD_LINE = /^\s*[\w.]+(\*\*)?: /
/** Lines of a build's output that are for developers only: addresses, files, stack frames. */
const DEVELOPER_LINE = /^\s*(https?:\/\/|\/|[A-Za-z]:\\|at\s|See https?:)|node_modules|\.m?[jt]s:\d+/

/** The first line of a reason that speaks to staff, after the build's progress lines. */
const STAFF_REASON = /^(Launch check:|Notice check:|No published document with id|Could not read content)/

/** What staff can do about a build that failed for a reason they cannot fix. */
export const ASK_DEVELOPERS =
  'The site could not be built for a technical reason that is not about your change. The live site is unchanged; ask the developers, who find the details in the server log.'

/**
 * A failed build's reason (src/server/rebuilder.ts `buildFailure`) in words staff can act on:
 * schema problems become "Refund and Cancellation Policy, section 4: the heading is empty"; the
 * launch and notice checks, which already speak to staff, keep their words; anything else (a
 * bug, a file, a stack) is not shown, only that it is for the developers.
 */
export function refusalInWords(message: string): string {
  const lines = message.split('\n')
  const problems: string[] = []
  let document: string | undefined
  for (const line of lines) {
    const content = CONTENT_ERROR.exec(line.trim())
    if (content) {
      document = content[1]
      continue
    }
    if (document && FIELD_LINE.test(line) && !DEVELOPER_LINE.test(line))
      problems.push(fieldProblemInWords(document, line))
  }
  if (problems.length > 0) return problems.join('\n')
  // The build's own progress lines ("[content] Syncing content") come before the reason.
  const staffLines = lines.filter((line) => line.trim() && !DEVELOPER_LINE.test(line))
  const start = staffLines.findIndex((line) => STAFF_REASON.test(line.trim()))
  const first = start === -1 ? '' : staffLines[start]!.trim()
  if (/^(Launch check|Notice check):/.test(first))
    return staffLines
      .slice(start)
      .filter((line) => !/^\s*(Location|Stack trace|Hint):/.test(line))
      .join('\n')
      .trim()
  if (/^No published document with id/.test(first))
    return first
      .replace(/ in .*?\. The "/, '. The "')
      .replace(/; publish it in Studio.*$/, ': publish it in Studio.')
  if (/^Could not read content/.test(first))
    return 'The site could not read the published content from Sanity, so it kept the live pages. It tries again with the next publish; if this stays, ask the developers.'
  return ASK_DEVELOPERS
}

// ---------------------------------------------------------------------------------------------
// A document's state on the site, as Studio shows it.

/** Staff's day and clock are India's. */
const INDIA = 'Asia/Kolkata'
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
const day = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

/**
 * "14:32 IST" today in India, else "23 November 2026, 14:32 IST". The zone is named: staff are in
 * India, but the computer they read it on may keep another clock.
 */
export function indiaTime(at: string | Date, now: Date): string {
  const moment = new Date(at)
  const time = `${clock.format(moment)} IST`
  return day.format(moment) === day.format(now) ? time : `${day.format(moment)}, ${time}`
}

/** "24 December 2026", a calendar date as staff read it. */
export const readableDay = (date: string) => day.format(new Date(`${date}T12:00:00+05:30`))

/** What Studio says about a document: one sentence, and how it looks. */
export interface DocumentOnSite {
  tone: 'live' | 'waiting' | 'refused' | 'unknown'
  /** A short label for the document's badge. */
  label: string
  /** The whole sentence, with what to do. */
  text: string
}

/** What Studio knows of the site: its status, or why it has none. */
export type SiteAnswer =
  | {ok: true; status: SiteStatus}
  /** `static`: the site answers, but not with a status (a static host); `unreachable`: no answer. */
  | {ok: false; why: 'static' | 'unreachable'; origin: string}

/** Why Studio cannot say, rather than a guess. */
export function unknownInWords(answer: Extract<SiteAnswer, {ok: false}>): DocumentOnSite {
  return {
    tone: 'unknown',
    label: 'Site state unknown',
    text:
      answer.why === 'static'
        ? `The site at ${answer.origin} does not report what it shows (a static host that builds from a hook), so Studio cannot tell whether this change is live. Open the page to check.`
        : `Studio could not reach the site at ${answer.origin}, so it cannot tell whether this change is live.`,
  }
}

/**
 * Whether a document's published revision is the one the live site was built from, and if not,
 * what is happening to it. `published` is the document as published now (its `_rev` and
 * `_updatedAt`); a document never published has nothing on the site to compare.
 */
export function documentOnSite(
  status: SiteStatus,
  published: {_id: string; _rev?: string; _updatedAt?: string},
  now: Date,
): DocumentOnSite | undefined {
  const id = publishedId(published._id)
  const live = status.documents.find((document) => document.id === id)
  if (!published._rev) return undefined
  if (live && live.rev === published._rev) {
    const since = `Live on the site since ${indiaTime(live.liveSince, now)}`
    const upcoming = status.upcoming.filter((version) => version.policy === id).at(-1)
    if (upcoming)
      return {
        tone: 'live',
        label: `Announced: version ${upcoming.number}`,
        text: `${since}: version ${upcoming.number} is announced and becomes the text in force on ${readableDay(upcoming.effectiveDate)}; until then the page shows the version in force.`,
      }
    const hidden = live.translation && live.translation.status !== 'shown'
    return hidden
      ? {
          tone: 'live',
          label: 'Built, English shown',
          text: `${since}, but its page shows the English text, with the language's line: the translation is ${TRANSLATION_WORDS[live.translation!.status]}.`,
        }
      : {tone: 'live', label: `Live since ${indiaTime(live.liveSince, now)}`, text: `${since}.`}
  }
  const attempt = status.lastAttempt
  const publishedAt = new Date(published._updatedAt ?? 0).getTime()
  if (attempt.state === 'building')
    return {tone: 'waiting', label: 'Waiting for the site', text: 'Waiting for the site (building).'}
  if (attempt.state === 'refused' && new Date(attempt.startedAt).getTime() >= publishedAt)
    return {
      tone: 'refused',
      label: 'Not on the site',
      text: `The site did not take this change: ${sentence(attempt.reason)} Fix it here and publish again; the live site still shows the previous version.`,
    }
  if (attempt.state === 'live' && new Date(status.live.startedAt).getTime() > publishedAt && live)
    return {
      tone: 'refused',
      label: 'Not on the site',
      text: `The site was rebuilt at ${indiaTime(attempt.at, now)} without this change. Publish it again; if that does not help, ask the developers to check the publish webhook.`,
    }
  return {
    tone: 'waiting',
    label: 'Waiting for the site',
    text: 'Waiting for the site: the rebuild has not started yet.',
  }
}

/** Why a translation's page shows English, as the build judged it. */
const TRANSLATION_WORDS: Record<TranslationStatus, string> = {
  shown: 'shown',
  missing: 'missing',
  stale: 'of an older English text (stale): bring it up to date and mark it reviewed again',
  upcoming: 'reviewed for an English version not yet in force: it is shown from that version’s date',
  awaitingReview: 'awaiting review: use “Mark as reviewed” once a named person has reviewed it',
  sample: 'a sample: replace it and have it reviewed',
  figureWordsMissing:
    'it quotes a figure or Company fact period whose unit (months, days, hours…) or sample mark has no words in this language’s Site settings translation, or that translation is not reviewed: fill them in under “Policy dates and figures” and have it reviewed',
}

/** A reason as a sentence: it ends with a full stop. */
const sentence = (text: string) => (/[.!?:]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`)

/** The last attempt, in a sentence for the site-wide view. */
export function attemptInWords(status: SiteStatus, now: Date): string {
  const attempt = status.lastAttempt
  if (attempt.state === 'building')
    return `The site is being built (since ${indiaTime(attempt.since, now)}). The pages stay as they are until it is done.`
  if (attempt.state === 'refused')
    return `The last build, at ${indiaTime(attempt.at, now)}, was refused: ${sentence(attempt.reason)} The site still shows the build that went live at ${indiaTime(status.live.since, now)}.`
  return `The last build went live at ${indiaTime(attempt.at, now)}.`
}

/** The next scheduled switch, in a sentence for the site-wide view. */
export function nextSwitchInWords(status: SiteStatus, now: Date): string {
  if (!status.nextSwitch) return 'No policy change is scheduled.'
  const versions = status.nextSwitch.versions
    .map(({policy, number}) => `${documentTitle(policy) ?? policy}, version ${number}`)
    .join('; ')
  return `Next scheduled switch: ${indiaTime(status.nextSwitch.at, now)}, when ${versions} takes effect and the site rebuilds by itself.`
}

/** The translations whose page shows English, each named, for the site-wide view. */
export function translationsNotShown(status: SiteStatus): string[] {
  return status.documents.flatMap(({id, translation}) =>
    translation && translation.status !== 'shown'
      ? [`${documentInWords(id)}: ${TRANSLATION_WORDS[translation.status]}.`]
      : [],
  )
}

// ---------------------------------------------------------------------------------------------
// Reading it, from Studio.

/**
 * What the site at `origin` says of itself. A site that answers without a status (a static host
 * that builds from a hook: its 404 page, or any page) cannot say what it shows; a site that does
 * not answer at all is unreachable. Neither is guessed at.
 */
export async function readSiteStatus(origin: string, fetchFrom: typeof fetch): Promise<SiteAnswer> {
  let response: Response
  try {
    response = await fetchFrom(new URL(SITE_STATUS_PATH, origin), {cache: 'no-store'})
  } catch {
    return {ok: false, why: 'unreachable', origin}
  }
  const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined
  const status = body as Partial<SiteStatus> | undefined
  if (!status?.lastAttempt || !Array.isArray(status.documents) || !status.live)
    return {ok: false, why: 'static', origin}
  return {ok: true, status: status as SiteStatus}
}
