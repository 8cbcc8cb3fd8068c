/**
 * E-mail addresses, phone numbers and links: the rules the Studio (when staff publish), the
 * site (when it builds and renders) and the contact form's endpoint share, so that what one
 * accepts the others accept too. The form's island checks only their shapes (addressShapes.ts):
 * libphonenumber is too large to send to every visitor's phone.
 */
import {looksLikePhoneNumber} from './addressShapes.ts'
import {parsePhone} from './phoneNumbers.ts'
import type {FactKind} from './companyFacts.ts'
import {INDIAN_SAMPLE_RANGE} from './samples.ts'

export {EMAIL_PATTERN} from './addressShapes.ts'

/**
 * Phone numbers come in two strengths, on purpose, both read by libphonenumber with India as the
 * home country. A visitor may type theirs any way a person can be called back ("040 2345 6789",
 * "+1 (202) 456-1111"); it must only have a length that country's numbers have, since a visitor
 * refused because the library's metadata is behind is a visitor we never hear from.
 */
export function isReplyPhone(value: string): boolean {
  return looksLikePhoneNumber(value) && parsePhone(value)?.possible === true
}

/**
 * The company's own numbers are printed for visitors abroad to dial as they read them, so staff
 * must give them in international form: "+", the country code and a number libphonenumber knows
 * is in use, with spaces, dashes or brackets as printed. Every digit printed is dialled, so a
 * trunk 0 kept after the country code ("+91 040 …", "+44 (0)20 …") is refused.
 */
export function isInternationalPhone(value: string): boolean {
  if (!/^\+\d[\d ()-]*\d$/.test(value) || !looksLikePhoneNumber(value)) return false
  const parsed = parsePhone(value)
  // A sample in India's unassigned range is printed as a number would be, and refused at launch.
  const inUse = parsed?.valid === true || INDIAN_SAMPLE_RANGE.test(value.replace(/\D/g, ''))
  return inUse && parsed?.e164 === `+${value.replace(/\D/g, '')}`
}

/** The tel: address of a printed phone number. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`

/**
 * The address a fact's text links to, by its kind: mailto: for an e-mail, tel: for a phone, and
 * for a web address only an https: one. A policy version quotes a fact as it was recorded, and a
 * value written into the Content Lake directly ("data:text/html,…", "javascript:…") would run
 * code from a policy page; other facts are not links.
 */
export function factHref(kind: FactKind, text: string): string | undefined {
  if (!text) return undefined
  if (kind === 'email') return `mailto:${text}`
  if (kind === 'phone') return telHref(text)
  if (kind === 'url') return URL.canParse(text) && new URL(text).protocol === 'https:' ? text : undefined
  return undefined
}

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
