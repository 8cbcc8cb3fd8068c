/**
 * The formats of the identifiers an Indian company prints on its website, checked the same way
 * by the Studio (when staff publish) and by the site (when it builds).
 */

/**
 * Corporate Identity Number, as the Registrar of Companies issues it: listed (L) or unlisted (U),
 * the five-digit industry code, the state, the year of incorporation, the company class (PTC, PLC,
 * OPC, ...) and a six-digit registration number. Example shape: U86100TG2025PTC123456.
 */
const CIN = /^[LU]\d{5}[A-Z]{2}(\d{4})[A-Z]{3}\d{6}$/

/** Whether `value` is a CIN of a company incorporated by `now` (its year is no later than now's). */
export function isCin(value: string, now: Date): boolean {
  const match = CIN.exec(value)
  if (!match) return false
  const year = Number(match[1])
  return year >= 1850 && year <= now.getUTCFullYear()
}

/**
 * GSTIN: two-digit state code, the holder's PAN (five letters, four digits, one letter), the
 * registration number for that PAN in the state (1-9, then A-Z), the letter Z, and a check
 * character computed from the first fourteen.
 */
const GSTIN = /^(\d{2})([A-Z]{5}\d{4}[A-Z])[1-9A-Z]Z[0-9A-Z]$/
const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** State codes of the GST system: 01-38 for states and union territories, 97 and 99 for the rest. */
const isGstStateCode = (code: number) => (code >= 1 && code <= 38) || code === 97 || code === 99

/** The check character GSTN appends: a base-36 Luhn sum over the first fourteen characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let index = 0; index < 14; index++) {
    const product = GSTIN_CHARACTERS.indexOf(first14[index]) * (index % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]
}

export type GstinProblem = 'format' | 'state' | 'check'

export function gstinProblem(value: string): GstinProblem | undefined {
  const match = GSTIN.exec(value)
  if (!match) return 'format'
  if (!isGstStateCode(Number(match[1]))) return 'state'
  return gstinCheckCharacter(value.slice(0, 14)) === value[14] ? undefined : 'check'
}

/** The PAN inside a GSTIN (characters 3 to 12). */
export const panOfGstin = (gstin: string) => gstin.slice(2, 12)

/** An Indian postal PIN code: six digits, the first from 1 to 9 (the postal zone), written without spaces. */
export const isPinCode = (value: string) => /^[1-9]\d{5}$/.test(value)

/** A name, then one of the Indian company forms: "Example Stays Private Limited", "… Pvt. Ltd.". */
const COMPANY_FORM = /^\S.*\s(private limited|pvt\.? ltd\.?|limited|ltd\.?)$/i

export const hasCompanyForm = (legalName: string) => COMPANY_FORM.test(legalName.trim())
