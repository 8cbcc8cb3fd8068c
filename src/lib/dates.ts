import {indiaToday} from '../../model/policyVersions.ts'

/** A calendar date ("2026-11-23") as the site prints it: "23 November 2026". */
export function formatDate(date: string): string {
  return new Intl.DateTimeFormat('en-IN', {dateStyle: 'long', timeZone: 'UTC'}).format(
    new Date(`${date}T00:00:00Z`),
  )
}

/**
 * The calendar day in India of a moment ("2026-11-18T20:00:00Z" → "2026-11-19"): a version is
 * announced on the day its readers, in India, saw it recorded.
 */
export const indiaDay = (moment: string) => indiaToday(new Date(moment))
