/**
 * Dates as a page in a language prints them, with that language's month names and order
 * ("23 November 2026", "23 नवंबर 2026", "23 నవంబర్ 2026"): `Intl.DateTimeFormat`, which Node and
 * browsers carry for every Indian language (full ICU). A policy's dates are days in India.
 */
import {fillTemplate} from './templates.ts'
import {DEFAULT_LANGUAGE} from './translations.ts'

const INDIA = 'Asia/Kolkata'
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000

/** The locale a language's page writes dates in: its code read in India ("hi-IN"), or its own region. */
export function dateLocale(language: string): string {
  const [code, region] = language.split('-')
  return `${code}-${(region ?? 'in').toUpperCase()}`
}

/**
 * Whether this runtime can write dates in the language. Without it, Intl would quietly write English
 * month names: such a page gets the date in figures instead, and the build says so.
 */
export const writesDatesIn = (language: string) =>
  Intl.DateTimeFormat.supportedLocalesOf([dateLocale(language)]).length > 0

/**
 * A calendar day ("2026-11-23") in the words of a language, English unless given: day, month and
 * year in the language's order, separated by spaces alone ("23 నవంబర్ 2026", where the runtime's
 * Telugu writes "23 నవంబర్, 2026"), so that each language writes every date one way, a comma
 * being left for the words around it ("{date}, {time} IST").
 */
export function formatDate(date: string, language: string = DEFAULT_LANGUAGE): string {
  // Midnight in India of that day, so the day is the same whatever the machine's time zone.
  const day = new Date(`${date}T00:00:00+05:30`)
  if (!writesDatesIn(language))
    return new Intl.DateTimeFormat('en-IN', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: INDIA,
    }).format(day)
  return new Intl.DateTimeFormat(dateLocale(language), {dateStyle: 'long', timeZone: INDIA})
    .formatToParts(day)
    .map((part) => (part.type === 'literal' ? part.value.replace(/,/g, ' ') : part.value))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The time of day in India of a moment, in the figures of a language: "8:00 am" in English, the
 * 24-hour clock elsewhere ("08:00"), since the am/pm words of Hindi or Telugu in this runtime are
 * Latin letters. The zone is in the language's words around it ("{date}, {time} IST": Site settings
 * → Policy history words), never the runtime's English abbreviation.
 */
export function formatTime(moment: Date, language: string = DEFAULT_LANGUAGE): string {
  const format =
    language === DEFAULT_LANGUAGE
      ? new Intl.DateTimeFormat('en-IN', {hour: 'numeric', minute: '2-digit', timeZone: INDIA})
      : new Intl.DateTimeFormat(writesDatesIn(language) ? dateLocale(language) : 'en-IN', {
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone: INDIA,
        })
  return format.format(moment)
}

/** A moment as a `<time>` element's `datetime` gives it, in India's time: "2026-11-25T08:00+05:30". */
export const indiaDateTime = (moment: Date) =>
  `${new Date(moment.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16)}+05:30`

/**
 * A day of a policy's history as a page prints it: the calendar day in India, and the moment in it
 * when the page must say the time too (two versions of a policy applied that day).
 */
export interface HistoryDay {
  day: string
  at?: Date
}

/**
 * A day of the history in the words of a language: the day alone, or the day and its time in the
 * language's words for both ("{date}, {time}": Site settings → Policy history words).
 */
export const formatHistoryDay = (
  {day, at}: HistoryDay,
  dayAndTime: string,
  language: string = DEFAULT_LANGUAGE,
): string =>
  at
    ? fillTemplate(dayAndTime, {date: formatDate(day, language), time: formatTime(at, language)})
    : formatDate(day, language)
