/**
 * The contact form's shape: its fields and their limits, the boxes beside the privacy notice, and
 * the problems it reports, as codes. The island, the endpoint, the Studio and the site's content
 * schema all read these. The words staff write for each (labels, error messages) are described for
 * the editor in contactPageText.ts, which the island never loads: it gets the words as props.
 */

export interface ContactFieldDefinition {
  /** The most characters accepted, counted as the visitor sees them. */
  max: number
  /** The control the visitor types into; a textarea keeps line breaks. */
  input: 'text' | 'email' | 'tel' | 'textarea'
  /** What the browser may fill in from the visitor's own details. */
  autoComplete?: string
}

/** The fields in page order. */
export const CONTACT_FORM_FIELDS = {
  name: {max: 100, input: 'text', autoComplete: 'name'},
  email: {max: 254, input: 'email', autoComplete: 'email'},
  phone: {max: 30, input: 'tel', autoComplete: 'tel'},
  subject: {max: 150, input: 'text'},
  message: {max: 3000, input: 'textarea'},
} as const satisfies Record<string, ContactFieldDefinition>

export type ContactField = keyof typeof CONTACT_FORM_FIELDS
export const CONTACT_FIELDS = Object.keys(CONTACT_FORM_FIELDS) as ContactField[]

/** The problems the form reports, by code; the page shows the words staff wrote for each. */
export const CONTACT_ERROR_CODES = [
  'replyRequired',
  'emailInvalid',
  'phoneInvalid',
  'messageRequired',
  'consentRequired',
  'ageConfirmationRequired',
  'tooLong',
  'invalid',
] as const
export type ContactErrorCode = (typeof CONTACT_ERROR_CODES)[number]

/**
 * The boxes beside the privacy notice, in page order, each recorded with its words. The first two
 * must be ticked to send (DPDP Act s.6 consent to the notice: keeping a message where the notice
 * says, and reading it to reply; s.9, no child's data without a parent or guardian). The health box
 * (planning care, sharing with providers) never blocks sending: without it, staff only reply, and
 * ask first.
 */
export const CONSENT_BOXES = {
  consent: {requiredError: 'consentRequired'},
  ageConfirmation: {requiredError: 'ageConfirmationRequired'},
  healthDetails: {requiredError: undefined},
} as const satisfies Record<string, {requiredError: ContactErrorCode | undefined}>
export type ConsentBox = keyof typeof CONSENT_BOXES
export const CONSENT_BOX_NAMES = Object.keys(CONSENT_BOXES) as ConsentBox[]

/**
 * One box of a consent record: which box, the words beside it exactly as the page showed them,
 * and whether the visitor ticked it. A record holds one per box its page showed, in page order, so
 * a new box is its row in CONSENT_BOXES and its words, and nothing in the stores. `box` is a
 * string: a record outlives the boxes of its day.
 */
export interface ConsentBoxRecord {
  box: string
  wording: string
  ticked: boolean
}

/** The words around the form other than its labels and error messages: the button and the outcomes. */
export type ContactFormMessage =
  | 'submitLabel'
  | 'sendingLabel'
  | 'successMessage'
  | 'referenceLabel'
  | 'errorMessage'
  | 'invalidMessage'
  | 'rateLimitedMessage'

/** Every word of the form staff write: a label per field and box, the messages, and the text of each error. */
export type ContactFormWord = `${ContactField | ConsentBox}Label` | ContactFormMessage | ContactErrorCode
export type ContactFormLabels = Record<ContactFormWord, string>

/**
 * The notice beside the boxes is layered: a short notice a visitor reads before sending, and the
 * full notice one click away on the same page. Between the message box and the send button a
 * visitor reads at most `FORM_READING_MAX_WORDS` words: the short notice, the link to the full one
 * and the boxes' words.
 */
export const SHORT_NOTICE_MAX_WORDS = 100
export const FORM_READING_MAX_WORDS = 150
