/**
 * What an e-mail address or a phone number looks like: checks small enough to ship to every
 * visitor's browser, where the contact form island points at a typo before sending. The endpoint
 * and Studio decide with addresses.ts, which also reads phone numbers with libphonenumber.
 */

/**
 * An e-mail address a mail program can open: one @, and a domain of dot-separated labels. The
 * same rule holds for the addresses visitors type into the form and those staff enter.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

const digitsIn = (value: string) => value.replace(/\D/g, '').length

/**
 * A number a person could be called back on, by its look alone ("040 2345 6789", "+1 (202)
 * 456-1111"): digits with spaces, brackets, dots or dashes between them, a + first if any, and 7
 * to 15 digits, fifteen being the most a country code and number have together (ITU-T E.164).
 */
export const looksLikePhoneNumber = (value: string) =>
  /^\+?[0-9][0-9 ().-]*$/.test(value) && digitsIn(value) >= 7 && digitsIn(value) <= 15
