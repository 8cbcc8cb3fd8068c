/**
 * Dates as a page in a language prints them, with that language's month names and order
 * ("23 November 2026", "23 नवंबर 2026", "23 నవంబర్, 2026"): `Intl.DateTimeFormat`, which Node and
 * browsers carry for every Indian language (full ICU). A policy's dates are days in India.
 */
import {DEFAULT_LANGUAGE} from './translations.ts'

const INDIA = 'Asia/Kolkata'

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

/** A calendar day ("2026-11-23") in the words of a language, English unless given. */
export function formatDate(date: string, language: string = DEFAULT_LANGUAGE): string {
  const format = writesDatesIn(language)
    ? new Intl.DateTimeFormat(dateLocale(language), {dateStyle: 'long', timeZone: INDIA})
    : new Intl.DateTimeFormat('en-IN', {day: '2-digit', month: '2-digit', year: 'numeric', timeZone: INDIA})
  // Midnight in India of that day, so the day is the same whatever the machine's time zone.
  return format.format(new Date(`${date}T00:00:00+05:30`))
}
