/**
 * The shapes of values that both the Studio (when staff publish) and the site (when it builds
 * and renders) check, so that what one accepts the other accepts too.
 */

/** An e-mail address a visitor's mail program can open: one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * A phone number a visitor types into the contact form: digits with spaces, brackets and dashes,
 * the + optional, because a reply can still be arranged from "040 1234 5678". The company's own
 * numbers are held to the stricter international form (shared/indianIdentifiers.ts), because
 * visitors abroad must be able to dial them as printed.
 */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{6,19}$/

/**
 * A link visitors may follow: a page or anchor of this site ("/about-us", "#contents") or a web,
 * e-mail or phone address. "//host" and "/\host" lead to another website; javascript: and data:
 * run code. Browsers drop tabs and line breaks from an address before reading it, so
 * "/\t/evil.example" is judged as the browser will read it.
 */
const SAFE_LINK = /^(\/(?![/\\])|#|https?:\/\/|mailto:|tel:)/i

/** The address a browser would follow, when it is one visitors may follow; otherwise undefined. */
export function followableHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined
  const asRead = href.replace(/[\t\n\r]/g, '').trim()
  return SAFE_LINK.test(asRead) ? asRead : undefined
}
