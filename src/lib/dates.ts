/** A calendar date ("2026-11-23") as the site prints it: "23 November 2026". */
export function formatDate(date: string): string {
  return new Intl.DateTimeFormat('en-IN', {dateStyle: 'long', timeZone: 'UTC'}).format(
    new Date(`${date}T00:00:00Z`),
  )
}
