/**
 * How a sample company fact is recognised. The bundled dataset carries a sample for every fact
 * only the company can supply; a build for a public address refuses them, and Studio warns about
 * each one. Every rule below matches only values that cannot be a real company's: addresses on
 * names reserved for examples, phone numbers regulators keep for fiction, identifiers with a
 * serial number that is never issued, and text carrying the "(sample)" mark.
 */

/** Names reserved for documentation and testing (RFC 2606, RFC 6761): never anyone's mail or site. */
const RESERVED_TLDS = ['example', 'test', 'invalid', 'localhost']
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org']

export function isReservedDomain(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '')
  const labels = name.split('.')
  if (RESERVED_TLDS.includes(labels.at(-1) ?? '')) return true
  return RESERVED_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`))
}

export function isSampleEmail(email: string): boolean {
  const at = email.lastIndexOf('@')
  return at > 0 && isReservedDomain(email.slice(at + 1))
}

export function isSampleUrl(url: string): boolean {
  try {
    return isReservedDomain(new URL(url).hostname)
  } catch {
    return false
  }
}

/**
 * Ranges set aside for drama and examples by numbering regulators: Ofcom's 020 7946 0xxx,
 * 01x1 496 0xxx, 011x 496 0xxx and 07700 900xxx in the United Kingdom, and 555-0100 to 555-0199
 * in the North American plan. India reserves no such range, but its plan starts no local number
 * with 0, the trunk prefix: +91 40 0000 0xxx reads as a Hyderabad line and can ring no one, so the
 * bundled samples use it.
 */
export const INDIAN_SAMPLE_RANGE = /^914000000\d{3}$/

const FICTION_RANGES = [
  INDIAN_SAMPLE_RANGE,
  /^442079460\d{3}$/,
  /^441(1[3-8]|[2-6]1)4960\d{3}$/,
  /^447700900\d{3}$/,
  /^1\d{3}55501\d{2}$/,
]

export function isSamplePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '')
  return FICTION_RANGES.some((range) => range.test(digits))
}

/** The registration number of a CIN runs from 000001: 000000 is a sample's. */
export const isSampleCin = (cin: string) => cin.endsWith('000000')

/** A PAN's sequence number runs from 0001 to 9999: a GSTIN whose PAN has 0000 is a sample's. */
export const isSampleGstin = (gstin: string) => gstin.slice(7, 11) === '0000'

/** The mark the bundled dataset puts on every sample name, address and sentence. */
export const SAMPLE_MARK = '(sample)'

export const isSampleText = (text: string) => text.toLowerCase().includes(SAMPLE_MARK)

/** A number in India's plan (+91), as customer care's must be (E-Commerce Rules 2020 r.4(2)). */
export const isIndianPhone = (phone: string) => phone.replace(/[\s()-]/g, '').startsWith('+91')
