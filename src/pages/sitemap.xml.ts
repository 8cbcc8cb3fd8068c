import type {APIRoute} from 'astro'
import {builtContent} from '../content/entries'
import {getPolicyHistories} from '../content/policyHistory'
import {PAGE_KINDS, sitePages, type PageTarget} from '../../model/routes'
import {DEFAULT_LANGUAGE, pathIn} from '../../model/translations'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
const day = (instant: string) => instant.slice(0, 10)

/**
 * Every page of the route table (model/routes.ts) that search engines should know, in every
 * language it is offered in, each naming its other languages. A policy's page is dated by the
 * version in force, its history by its latest version, a version and its changes by their record.
 */
export const GET: APIRoute = async ({site}) => {
  const [histories, offered, versions] = await Promise.all([
    getPolicyHistories(),
    builtContent.languages(),
    builtContent.policyVersions(),
  ])
  const languages = offered.map(({code}) => code)
  const codes = [DEFAULT_LANGUAGE, ...languages]
  const href = (path: string) => escapeXml(new URL(path, site).href)
  /** The page's addresses in every language, English also the default (x-default). */
  const alternates = (path: string) =>
    codes.length === 1
      ? ''
      : [...codes.map((code) => [code, pathIn(code, path)]), ['x-default', path]]
          .map(([code, at]) => `<xhtml:link rel="alternate" hreflang="${code}" href="${href(at)}"/>`)
          .join('')
  const historyOf = (target: PageTarget) => histories.find((history) => history.policy === target.policy)
  // A version's page last changed when it was recorded, or when it was withdrawn and says so.
  const changedAt = (version: {recordedAt: string; withdrawnAt?: string | null}) =>
    version.withdrawnAt ?? version.recordedAt
  const recorded = (target: PageTarget) => {
    const version = historyOf(target)?.versions.find(({number}) => number === target.number)
    return version && changedAt(version)
  }
  const modified = (target: PageTarget): string | undefined => {
    if (target.page === 'policy') return historyOf(target)?.current?.effectiveDate
    if (target.page === 'history') return day(historyOf(target)!.versions.map(changedAt).sort().at(-1)!)
    const at = target.number === undefined ? undefined : recorded(target)
    return at && day(at)
  }
  const urls = sitePages({languages, versions})
    .filter(({target}) => PAGE_KINDS[target.page].listed)
    .map(({target, path, englishPath}) => {
      const lastmod = modified(target)
      const others = PAGE_KINDS[target.page].everyLanguage ? alternates(englishPath) : ''
      return `  <url><loc>${href(path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${others}</url>`
    })
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, {headers: {'content-type': 'application/xml; charset=utf-8'}})
}
