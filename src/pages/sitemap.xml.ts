import type {APIRoute} from 'astro'
import {builtContent} from '../content/entries'
import {getPolicyHistories} from '../content/policyHistory'
import {PAGE_PATHS, policyChangesPath, policyHistoryPath, policyVersionPath} from '../../model/routes'
import {DEFAULT_LANGUAGE, pathIn} from '../../model/translations'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
const day = (instant: string) => instant.slice(0, 10)

/**
 * Every page of the site: the six pages in every language, each naming its other languages, and
 * for each policy its version history, every version and the differences each one made (English
 * only). A policy's page is dated by the version in force.
 */
export const GET: APIRoute = async ({site}) => {
  const [histories, offered] = await Promise.all([getPolicyHistories(), builtContent.languages()])
  const codes = [DEFAULT_LANGUAGE, ...offered.map(({code}) => code)]
  const href = (path: string) => escapeXml(new URL(path, site).href)
  /** The page's addresses in every language, English also the default (x-default). */
  const alternates = (path: string) =>
    codes.length === 1
      ? ''
      : [...codes.map((code) => [code, pathIn(code, path)]), ['x-default', path]]
          .map(([code, at]) => `<xhtml:link rel="alternate" hreflang="${code}" href="${href(at)}"/>`)
          .join('')
  const inForce = new Map(
    histories.flatMap(({policy, current}) =>
      current ? [[PAGE_PATHS[policy] as string, current.effectiveDate]] : [],
    ),
  )
  const pages: [path: string, modified?: string, others?: string][] = [
    ...Object.values(PAGE_PATHS).flatMap((path) =>
      codes.map((code): [string, string?, string?] => [
        pathIn(code, path),
        inForce.get(path),
        alternates(path),
      ]),
    ),
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
    ([path, modified, others = '']) =>
      `  <url><loc>${href(path)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}${others}</url>`,
  )
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, {headers: {'content-type': 'application/xml; charset=utf-8'}})
}
