import {isReplyPhone} from '../../model/addresses.ts'
import {contactMessageValidator} from './formRules.ts'

/**
 * What POST /api/contact accepts: the contact form's rules (formRules.ts), with the phone number
 * read by libphonenumber. Server only: the island imports formRules.ts, so that the library never
 * reaches a visitor's phone.
 */

export * from './formRules.ts'

/** Every rule at once, so the visitor sees all problems together. */
export const validateContactMessage = contactMessageValidator(isReplyPhone)
