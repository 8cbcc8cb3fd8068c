import {followableHref} from '../../studio/schemaTypes/patterns'

/**
 * Hrefs that content may carry: a page or anchor of this site, web, e-mail and phone links.
 * Anything else (javascript:, data:, vbscript:) is dropped and the words render as plain text.
 */
export const safeHref = followableHref

export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href)
}

/** The home page section a header button scrolls to, reachable from every page. */
export function homeSectionHref(sectionId: string): string {
  return `/#${sectionId}`
}
