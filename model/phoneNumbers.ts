import {parsePhoneNumber} from 'awesome-phonenumber'

/**
 * Phone numbers as Google's libphonenumber reads them: the one place a number is parsed, for the
 * contact form's endpoint, the company facts and requests about personal data alike. The library
 * is some 80 KB gzipped, so nothing a visitor's browser loads may import this module.
 */

/** The service is in India and most visitors write from there: a number without its country code is Indian. */
const HOME_REGION = 'IN'

/**
 * Digits and the punctuation printed between them, "(+91) 98765-43210" included. libphonenumber
 * would also read letters as digits ("1-800-FLOWERS", a mistyped "4321O") and drop "ext. 12"; a
 * number is read only from what is written, so one with letters is no number.
 */
const DIGITS_AND_PUNCTUATION = /^[0-9 ().+-]+$/

export interface ParsedPhone {
  /** "+", the country code and the national number, and nothing else: "+919876543210". */
  e164: string
  /** A number in a range the country has given out, as far as libphonenumber's metadata knows. */
  valid: boolean
  /** A length the country's numbers have: lenient, and right even when the metadata is behind. */
  possible: boolean
}

/**
 * The number as written, read with India as its home: "098765 43210", "0091 98765 43210" and
 * "+91 98765 43210" are all +919876543210. Undefined when it has no E.164 form: blank, letters,
 * or a country code no country has.
 */
export function parsePhone(value: string): ParsedPhone | undefined {
  const written = value.trim()
  if (!DIGITS_AND_PUNCTUATION.test(written)) return undefined
  const parsed = parsePhoneNumber(written, {regionCode: HOME_REGION})
  const e164 = parsed.number?.e164
  return e164 ? {e164, valid: parsed.valid, possible: parsed.possible} : undefined
}

/**
 * Whether two written numbers reach the same phone: the same E.164 number, never a shared ending
 * (+44 98765 43210 is not 098765 43210). A blank number is no one's, and so is one with no E.164
 * form: the form stores only numbers that have one (model/addresses.ts `isReplyPhone`), and a typo
 * in the country code must never erase someone else's messages.
 */
export function samePhone(a: string, b: string): boolean {
  const [first, second] = [parsePhone(a), parsePhone(b)]
  return first !== undefined && second !== undefined && first.e164 === second.e164
}
