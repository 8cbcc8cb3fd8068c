/**
 * What an e-mail address or a phone number looks like: checks small enough to ship to every
 * visitor's browser, where the contact form island points at a typo before sending. The endpoint
 * and Studio decide with addresses.ts, which also reads phone numbers with libphonenumber.
 */

/**
 * An e-mail address a mail program can open, and nothing else: a bare `local@domain`. A mail
 * header would also read a display name ("Refund ready <victim@…>"), an encoded word
 * ("=?UTF-8?B?…?="), a comment, a group ("list:a@…;"), a list ("a@…, b@…"), a quoted local part
 * or an IP literal ("root@[10.0.0.5]"): none of those is an address a person types for a reply, and
 * each would let the form put a stranger's words, or more recipients, into our mail. So the local
 * part is dot-separated runs of characters other than spaces and the header's punctuation
 * (`()<>[]:;@\,"`), without "=?"; the domain is dot-separated labels of letters, digits and
 * hyphens (in any script), the last not all digits, so no IP address. The same rule holds for the
 * addresses visitors type into the form and those staff enter.
 */
export const EMAIL_PATTERN =
  /^(?!.*=\?)[^\s\p{Cc}()<>[\]:;@\\,."]+(?:\.[^\s\p{Cc}()<>[\]:;@\\,."]+)*@(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+(?!\d+$)[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u

/**
 * A bare address as it is stored and compared: Unicode NFC, the domain in lower case (domains
 * ignore case; the local part is the mail server's to read, so it is kept as typed).
 */
export function normalEmail(address: string): string {
  const bare = address.trim().normalize('NFC')
  const at = bare.lastIndexOf('@')
  return at === -1 ? bare : bare.slice(0, at + 1) + bare.slice(at + 1).toLowerCase()
}

const digitsIn = (value: string) => value.replace(/\D/g, '').length

/**
 * A number a person could be called back on, by its look alone ("040 2345 6789", "+1 (202)
 * 456-1111"): digits with spaces, brackets, dots or dashes between them, a + first if any, and 7
 * to 15 digits, fifteen being the most a country code and number have together (ITU-T E.164).
 */
export const looksLikePhoneNumber = (value: string) =>
  /^\+?[0-9][0-9 ().-]*$/.test(value) && digitsIn(value) >= 7 && digitsIn(value) <= 15
