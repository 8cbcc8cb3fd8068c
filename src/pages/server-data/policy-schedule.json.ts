import type {APIRoute} from 'astro'
import {effectiveFrom, nextChangeAt} from '../../../model/policyVersions'
import {BUILD_TIME} from '../../content/entries'
import {getPolicyVersions} from '../../content/policyHistory'

/**
 * When this build's policy text stops being the one in force: the moment the soonest upcoming
 * version takes effect, and the versions still to come. Moved with the other build data into the
 * build's server folder (src/server/buildData.ts); the production server rebuilds at that moment
 * (src/server/schedule.ts).
 */
export const GET: APIRoute = async () => {
  const versions = await getPolicyVersions()
  const next = nextChangeAt(versions, BUILD_TIME)
  const upcoming = versions
    .filter((version) => effectiveFrom(version.effectiveDate) > BUILD_TIME)
    .sort(
      (a, b) =>
        a.effectiveDate.localeCompare(b.effectiveDate) ||
        a.policy.localeCompare(b.policy) ||
        a.number - b.number,
    )
    .map(({policy, number, effectiveDate}) => ({policy, number, effectiveDate}))
  return Response.json({nextChangeAt: next?.toISOString() ?? null, versions: upcoming})
}
