import {PAGE_PATHS} from '../../model/routes'
import {DEFAULT_LANGUAGE, pathIn} from '../../model/translations'

export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href)
}

/** The home page section a header button scrolls to, reachable from every page of a language. */
export function homeSectionHref(sectionId: string, language: string = DEFAULT_LANGUAGE): string {
  return `${pathIn(language, PAGE_PATHS.home)}#${sectionId}`
}

const TRANSLATED_PAGES: ReadonlySet<string> = new Set(Object.values(PAGE_PATHS))

/**
 * A link of the header or footer, on a page in a language: a page the site has in every language
 * ("/contact-us?subject=…") leads to that language's page; any other link is unchanged.
 */
export function hrefIn(language: string, href: string): string {
  if (language === DEFAULT_LANGUAGE || !href.startsWith('/') || href.startsWith('//')) return href
  const end = href.search(/[?#]/)
  const path = end === -1 ? href : href.slice(0, end)
  return TRANSLATED_PAGES.has(path) ? pathIn(language, path) + href.slice(path.length) : href
}
