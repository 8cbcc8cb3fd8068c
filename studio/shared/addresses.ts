/**
 * E-mail addresses, phone numbers and links: the rules the Studio (when staff publish), the
 * site (when it builds and renders) and the contact form (island and endpoint) share, so that
 * what one accepts the others accept too.
 */

/**
 * An e-mail address a mail program can open: one @, and a domain of dot-separated labels. The
 * same rule holds for the addresses visitors type into the form and those staff enter.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

const digitsIn = (value: string) => value.replace(/\D/g, '').length

/**
 * Phone numbers come in two strengths, on purpose. A visitor may type theirs any way a person
 * can be called back ("040 2345 6789", "+1 (202) 456-1111"): 7 to 15 digits, the + optional.
 * The company's own numbers are printed for visitors abroad to dial as they read them, so staff
 * must give them in international form.
 */
export function isReplyPhone(value: string): boolean {
  return /^\+?[0-9][0-9 ().-]*$/.test(value) && digitsIn(value) >= 7 && digitsIn(value) <= 15
}

/**
 * A phone number in international form: "+", the country code and the number, with spaces,
 * dashes or brackets as printed; at most 15 digits in all (ITU-T E.164). Indian numbers have ten
 * digits after +91 and never start with 0 there (the trunk 0 is dropped in international form).
 */
export function isInternationalPhone(value: string): boolean {
  if (!/^\+\d[\d ()-]*\d$/.test(value)) return false
  const digits = value.replace(/\D/g, '')
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return false
  if (digits.startsWith('91')) return /^91[1-9]\d{9}$/.test(digits)
  return true
}

/** The tel: address of a printed phone number. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`

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
