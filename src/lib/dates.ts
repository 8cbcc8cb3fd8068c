import {indiaToday} from '../../model/policyVersions.ts'

export {formatDate} from '../../model/dates.ts'

/**
 * The calendar day in India of a moment ("2026-11-18T20:00:00Z" → "2026-11-19"): a version is
 * announced on the day its readers, in India, saw it recorded.
 */
export const indiaDay = (moment: string) => indiaToday(new Date(moment))
