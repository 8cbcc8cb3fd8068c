import * as z from 'zod/mini'
import {EMAIL_PATTERN, looksLikePhoneNumber, normalEmail} from '../../model/addressShapes.ts'
import {
  CONSENT_BOXES,
  CONSENT_BOX_NAMES,
  CONTACT_ERROR_CODES,
  CONTACT_FIELDS,
  CONTACT_FORM_FIELDS,
  type ConsentBox,
  type ContactErrorCode,
  type ContactField,
} from '../../model/contactForm.ts'

/**
 * The contact form's rules, shared by the ContactForm island (to point at a problem before
 * sending) and by POST /api/contact (schema.ts, which decides). Errors are codes; the page shows
 * the wording staff wrote in Studio for each code.
 *
 * The two judge a phone number differently, and only that: the endpoint reads it with
 * libphonenumber, which is too large to send to every visitor's phone, so the island looks only
 * at its shape. A number the island let through and the endpoint refused comes back as
 * `phoneInvalid` and is shown like any other problem.
 */

export {
  CONSENT_BOXES,
  CONSENT_BOX_NAMES,
  CONTACT_ERROR_CODES,
  CONTACT_FIELDS,
} from '../../model/contactForm.ts'
export type {ConsentBox, ContactErrorCode, ContactField} from '../../model/contactForm.ts'

export const CONTACT_LIMITS = Object.fromEntries(
  CONTACT_FIELDS.map((name) => [name, CONTACT_FORM_FIELDS[name].max]),
) as Record<ContactField, number>

/**
 * Characters that show nothing, or hide or reorder the text around them in the Inbox: control
 * characters (except tab and newline), bidirectional marks and overrides, and every
 * default-ignorable code point (Unicode's list: the soft hyphen U+00AD, the Arabic letter mark
 * U+061C, the Hangul fillers U+3164 and U+FFA0, the tag characters U+E0000 to U+E007F that carry
 * hidden text, zero-width spaces, U+FEFF...), plus the interlinear annotation marks. Kept: the
 * zero-width joiner and non-joiner (U+200D, U+200C), which Indian scripts need to spell words, and
 * the variation selectors, which choose how an emoji or a character is drawn.
 */
// The joiners and selectors stand alone in these classes, listed to be kept, not to join anything.
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class
  /(?![\t\n\u200C\u200D\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\p{Cc}\p{Default_Ignorable_Code_Point}\uFFF9-\uFFFB]/gu
/** A character a reader sees: not a space, nor one of the joiners and selectors kept above. */
// eslint-disable-next-line no-misleading-character-class
const VISIBLE = /[^\s\u200C\u200D\u2800\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u
/** Whether a cleaned text shows the reader anything at all. */
export const hasVisibleText = (text: string) => VISIBLE.test(text)

// Hidden characters go first: removing one may leave two characters that NFC then joins.
const singleLine = (value: string) =>
  value.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').normalize('NFC').replace(/\s+/g, ' ').trim()
const multiLine = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .normalize('NFC')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim()

/** A rule besides the length: what a field's text must look like, and the code when it does not. */
type ShapeRule = {test: (value: string) => boolean; code: ContactErrorCode}

const field = (clean: (value: string) => string, max: number, valid?: ShapeRule) =>
  z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string({error: 'invalid'}))),
      z.transform((value) => clean(value ?? '')),
    ),
    z.string().check(
      z.refine<string>((value) => [...value].length <= max, {error: 'tooLong', abort: true}),
      ...(valid ? [z.refine<string>((value) => value === '' || valid.test(value), {error: valid.code})] : []),
    ),
  )

/** Whether the phone number field holds a number we could call back: by its shape, or by libphonenumber. */
export type PhoneRule = (value: string) => boolean

const contactMessageSchema = (isReplyPhone: PhoneRule) => {
  const shapes: Partial<Record<ContactField, ShapeRule>> = {
    email: {test: (value) => EMAIL_PATTERN.test(value), code: 'emailInvalid'},
    phone: {test: isReplyPhone, code: 'phoneInvalid'},
  }
  const fields = CONTACT_FIELDS.map((name) => {
    const {max, input} = CONTACT_FORM_FIELDS[name]
    return [name, field(input === 'textarea' ? multiLine : singleLine, max, shapes[name])] as const
  })
  return z.object(Object.fromEntries(fields) as Record<ContactField, ReturnType<typeof field>>)
}

export type ContactMessage = Record<ContactField, string>

/** What a ticked box sends in a plain form post. */
export const CONSENT_VALUE = 'yes'
/**
 * The number of the Privacy Policy version in force on the page the visitor filled in: the
 * notice they agreed to, even if a newer one went live before they pressed Send.
 */
export const PRIVACY_VERSION_FIELD = 'privacyVersion'
/** The language of the page the form is on ("hi"); the server takes one its build does not offer as English. */
export const LANGUAGE_FIELD = 'language'
/** The digest of the words beside the boxes as the page showed them (src/contact/consent.ts). */
export const WORDINGS_FIELD = 'wordings'
// The island sends a ticked box as `true`; a plain form post sends its value ("on" where a
// browser drops the value). Anything else, or nothing, is not ticked.
const ticked = (value: unknown) => value === true || value === CONSENT_VALUE || value === 'on'

export type ContactFieldErrors = Partial<Record<ContactField | ConsentBox, ContactErrorCode>>
export type TickedBoxes = Record<ConsentBox, boolean>

export type ContactValidation =
  {ok: true; message: ContactMessage; ticked: TickedBoxes} | {ok: false; fieldErrors: ContactFieldErrors}

/**
 * A check of every rule at once, so the visitor sees all problems together, with this rule for the
 * phone number. `shown` names the boxes the visitor's page showed: a box it did not show (a build
 * made before that box existed) is never required.
 */
export function contactMessageValidator(
  isReplyPhone: PhoneRule,
): (input: unknown, shown?: readonly ConsentBox[]) => ContactValidation {
  const schema = contactMessageSchema(isReplyPhone)
  return (input, shown = CONSENT_BOX_NAMES) => {
    const parsed = schema.safeParse(typeof input === 'object' && input !== null ? input : {})
    const fieldErrors: ContactFieldErrors = {}
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const name = issue.path[0] as ContactField
      const known = (CONTACT_ERROR_CODES as readonly string[]).includes(issue.message)
      fieldErrors[name] ??= known ? (issue.message as ContactErrorCode) : 'invalid'
    }
    const present = (name: ContactField) =>
      hasVisibleText(parsed.success ? parsed.data[name] : cleanedText(input, name))
    if (!present('message')) fieldErrors.message ??= 'messageRequired'
    if (!present('email') && !present('phone') && !fieldErrors.phone) fieldErrors.email ??= 'replyRequired'
    const boxes = Object.fromEntries(
      CONSENT_BOX_NAMES.map((box) => [
        box,
        shown.includes(box) && ticked((input as Record<string, unknown> | null | undefined)?.[box]),
      ]),
    ) as TickedBoxes
    for (const box of shown) {
      const error = CONSENT_BOXES[box].requiredError
      if (error && !boxes[box]) fieldErrors[box] = error
    }
    return parsed.success && Object.keys(fieldErrors).length === 0
      ? {ok: true, message: {...parsed.data, email: normalEmail(parsed.data.email)}, ticked: boxes}
      : {ok: false, fieldErrors}
  }
}

/** The island's check before sending: the phone number by its shape only; the endpoint has the last word. */
export const precheckContactMessage = contactMessageValidator(looksLikePhoneNumber)

/** A field's text as typed, cleaned, whether or not the rest of the form is valid. */
function cleanedText(input: unknown, name: ContactField): string {
  const value = (input as Record<string, unknown> | null | undefined)?.[name]
  return typeof value === 'string' ? singleLine(value) : ''
}
