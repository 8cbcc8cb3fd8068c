/**
 * When customer care answers, as a Company fact: the first and last day of the week and the
 * opening and closing times in India. Each language's page prints it in its own words: the days'
 * names from the runtime's calendar data, around them the language's "Working hours" phrase
 * (Site settings › Policy dates and figures), so a Hindi page never reads "Monday to Friday".
 */
import {fillTemplate} from './templates.ts'

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const
export type Weekday = (typeof WEEKDAYS)[number]

export interface WorkingHours {
  fromDay?: string | null
  toDay?: string | null
  /** "10:00", 24-hour, India time. */
  opens?: string | null
  closes?: string | null
  /** The bundled dataset's sample, printed with the sample mark until staff confirm theirs. */
  sample?: boolean | null
}

/** A time of day as staff type it: "09:30", 24-hour. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

const isWeekday = (day: unknown): day is Weekday => WEEKDAYS.includes(day as Weekday)

/** 16 November 2026 was a Monday: the date of each weekday that week, to name it in a language. */
const weekdayName = (day: Weekday, language: string) =>
  new Intl.DateTimeFormat(language, {weekday: 'long', timeZone: 'UTC'}).format(
    new Date(Date.UTC(2026, 10, 16 + WEEKDAYS.indexOf(day))),
  )

/** The days as Studio lists them, in English. */
export const WEEKDAY_CHOICES = WEEKDAYS.map((day) => ({title: weekdayName(day, 'en'), value: day}))

/** What is wrong with the hours as staff entered them, or undefined. */
export function workingHoursProblem(hours: WorkingHours | null | undefined): string | undefined {
  if (!hours || !isWeekday(hours.fromDay) || !isWeekday(hours.toDay))
    return 'Choose the first and the last day customer care answers.'
  if (!TIME_OF_DAY.test(hours.opens ?? '') || !TIME_OF_DAY.test(hours.closes ?? ''))
    return 'Enter the opening and closing times as 24-hour times in India, such as 09:30 and 18:00.'
  if (hours.closes! <= hours.opens!) return 'The closing time must come after the opening time.'
  return undefined
}

/**
 * The hours as a page in `language` prints them: `phrase` is the language's words with {from},
 * {to}, {opens} and {closes}; a sample ends with the language's sample mark. Nothing while the
 * hours are incomplete.
 */
export function formatWorkingHours(
  hours: WorkingHours | null | undefined,
  {phrase, language, sampleMark}: {phrase: string; language: string; sampleMark: string},
): string | undefined {
  if (workingHoursProblem(hours)) return undefined
  const printed = fillTemplate(phrase, {
    from: weekdayName(hours!.fromDay as Weekday, language),
    to: weekdayName(hours!.toDay as Weekday, language),
    opens: hours!.opens!,
    closes: hours!.closes!,
  })
  return hours!.sample ? `${printed} ${sampleMark}` : printed
}
