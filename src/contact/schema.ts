import {isReplyPhone} from '../../model/addresses.ts'
import {CONTACT_ERROR_CODES, type ContactErrorCode} from '../../model/contactForm.ts'
import {CONTACT_FORM_WORDS} from '../../model/contactPageText.ts'
import {contactMessageValidator} from './formRules.ts'

/**
 * What POST /api/contact accepts: the contact form's rules (formRules.ts), with the phone number
 * read by libphonenumber. Server only: the island imports formRules.ts, so that the library never
 * reaches a visitor's phone.
 */

export * from './formRules.ts'

/** Every rule at once, so the visitor sees all problems together. */
export const validateContactMessage = contactMessageValidator(isReplyPhone)

/** Said for each problem in the endpoint's JSON answers, where the words staff wrote are not at hand. */
export const DEFAULT_ERROR_TEXT = Object.fromEntries(
  CONTACT_ERROR_CODES.map((code) => [code, CONTACT_FORM_WORDS[code].fallback]),
) as Record<ContactErrorCode, string>
