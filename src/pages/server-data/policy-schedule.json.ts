import type {APIRoute} from 'astro'
import {appliesFrom, isWithdrawn, nextChangeAt} from '../../../model/policyVersions'
import {BUILD_TIME} from '../../content/buildTime'
import {getPolicyVersions} from '../../content/policyHistory'
import {buildDataAnswer} from '../../server/buildData'

/**
 * When this build's policy text stops being the one in force: the moment the soonest upcoming
 * version takes effect, and the versions still to come. Moved with the other build data into the
 * build's server folder (src/server/buildData.ts); the production server rebuilds at that moment
 * (src/server/schedule.ts).
 */
export const GET: APIRoute = async () => {
  const versions = await getPolicyVersions()
  const upcoming = versions
    // A withdrawn version never applies: nothing switches to it.
    .filter((version) => !isWithdrawn(version) && appliesFrom(version) > BUILD_TIME)
    .sort(
      (a, b) =>
        a.effectiveDate.localeCompare(b.effectiveDate) ||
        a.policy.localeCompare(b.policy) ||
        a.number - b.number,
    )
    .map(({policy, number, effectiveDate}) => ({policy, number, effectiveDate}))
  // Written even when undefined: the file says "null", no change to come, rather than nothing.
  return buildDataAnswer('policySchedule', {
    nextChangeAt: nextChangeAt(versions, BUILD_TIME),
    versions: upcoming,
  })
}
