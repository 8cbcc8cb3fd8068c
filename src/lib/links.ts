/**
 * Hrefs that content may carry: a page or anchor of this site, web, e-mail and phone links.
 * Anything else (javascript:, data:, vbscript:) is dropped and the words render as plain text.
 */
const SAFE_HREF = /^(\/(?![/\\])|#|https?:\/\/|mailto:|tel:)/i

export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined
  // Browsers drop every tab and newline from an address before reading it, so "/\t/evil.example"
  // is "//evil.example", another site: judge (and keep) the address as the browser will read it.
  const trimmed = href.replace(/[\t\n\r]/g, '').trim()
  return SAFE_HREF.test(trimmed) ? trimmed : undefined
}

export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href)
}

/** The home page section a header button scrolls to, reachable from every page. */
export function homeSectionHref(sectionId: string): string {
  return `/#${sectionId}`
}
