import type {APIRoute} from 'astro'
import {getPolicyHistories} from '../content/policyHistory'
import {PAGE_PATHS, policyChangesPath, policyHistoryPath, policyVersionPath} from '../../model/routes'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
const day = (instant: string) => instant.slice(0, 10)

/**
 * Every page of the site: the six pages, and for each policy its version history, every version
 * and the differences each one made. A policy's page is dated by the version in force.
 */
export const GET: APIRoute = async ({site}) => {
  const histories = await getPolicyHistories()
  const inForce = new Map(
    histories.flatMap(({policy, current}) =>
      current ? [[PAGE_PATHS[policy] as string, current.effectiveDate]] : [],
    ),
  )
  const pages: [path: string, modified?: string][] = [
    ...Object.values(PAGE_PATHS).map((path): [string, string?] => [path, inForce.get(path)]),
    ...histories.flatMap(({policy, versions}) =>
      versions.length === 0
        ? []
        : [
            [policyHistoryPath(policy), day(versions.at(-1)!.recordedAt)] as [string, string],
            ...versions.flatMap((version, index) => [
              [policyVersionPath(policy, version.number), day(version.recordedAt)] as [string, string],
              ...(index > 0
                ? [[policyChangesPath(policy, version.number), day(version.recordedAt)] as [string, string]]
                : []),
            ]),
          ],
    ),
  ]
  const urls = pages.map(
    ([path, modified]) =>
      `  <url><loc>${escapeXml(new URL(path, site).href)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`,
  )
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, {headers: {'content-type': 'application/xml; charset=utf-8'}})
}
