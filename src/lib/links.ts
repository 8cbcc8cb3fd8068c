import {cleanPath, PAGE_KINDS, PAGE_PATHS, pageTargetOf} from '../../model/routes'
import {DEFAULT_LANGUAGE, pathIn} from '../../model/translations'

export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href)
}

/** The home page section a header button scrolls to, reachable from every page of a language. */
export function homeSectionHref(sectionId: string, language: string = DEFAULT_LANGUAGE): string {
  return `${pathIn(language, PAGE_PATHS.home)}#${sectionId}`
}

/** Whether the route table offers the page at an English path in every language. */
function inEveryLanguage(path: string): boolean {
  const clean = cleanPath(path)
  if (clean === undefined) return false
  const {page} = pageTargetOf(clean)
  return page !== 'notFound' && PAGE_KINDS[page].everyLanguage
}

/**
 * A link on a page in a language (header, footer, the text of a translation): a page the route
 * table offers in every language ("/contact-us?subject=…", "/policy-history/privacy-policy")
 * leads to that language's page; any other link is unchanged.
 */
export function hrefIn(language: string, href: string): string {
  if (language === DEFAULT_LANGUAGE || !href.startsWith('/') || href.startsWith('//')) return href
  const end = href.search(/[?#]/)
  const path = end === -1 ? href : href.slice(0, end)
  return inEveryLanguage(path) ? pathIn(language, path) + href.slice(path.length) : href
}
