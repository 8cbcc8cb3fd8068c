/**
 * The years of the copyright line: from the year the site was first published (Site settings)
 * to the year it was built, India's calendar year. A site built later than its first year shows
 * both ("2025–2026"), so the line is never a year out of date and never needs editing each January.
 */
const INDIA_YEAR = new Intl.DateTimeFormat('en-GB', {timeZone: 'Asia/Kolkata', year: 'numeric'})

export function copyrightYears(firstYear: number, builtAt: Date): string {
  const year = Number(INDIA_YEAR.format(builtAt))
  return year > firstYear ? `${firstYear}–${year}` : String(firstYear)
}
