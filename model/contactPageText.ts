/**
 * The Contact page's words as staff see them in Studio (a title and a hint for each) and the
 * limits the site holds them to. The Studio's fields and the site's content schema are both made
 * from these tables; the words themselves are content, in the dataset.
 */
import type {ContactErrorCode, ContactFormWord} from './contactForm.ts'
import type {TextField, TextFields} from './textFields.ts'

/** The page around the form. */
export const CONTACT_PAGE_TEXT = {
  title: {title: 'Title', description: 'The heading of the page, for example "Let\'s connect".', max: 60},
  intro: {title: 'Introduction', description: 'One or two sentences under the heading.', max: 300, rows: 2},
  reachUsHeading: {
    title: 'Reach Us heading',
    description: 'The heading of the block with the support e-mail and phone.',
    max: 40,
  },
  reachUsText: {
    title: 'Reach Us text',
    description: 'A sentence above the e-mail, phone and working hours, which come from Company facts.',
    max: 300,
    rows: 2,
  },
  fullNoticeLabel: {
    title: 'Link to the full notice',
    description:
      'The words visitors click, under the short notice beside the form, to open the full notice on the same page, for example "How we handle your message, in full".',
    max: 80,
  },
} satisfies TextFields

/** The Grievance Officer block below the form, besides its text. */
export const GRIEVANCE_BLOCK_TEXT = {
  heading: {title: 'Heading', description: 'For example "Grievance Officer".', max: 60},
} satisfies TextFields

/**
 * Every word of the form, in Studio's order. An error's `fallback` is said where staff's words are
 * not at hand: in the endpoint's JSON answers.
 */
export const CONTACT_FORM_WORDS = {
  nameLabel: {title: 'Name label', description: 'Label of the name field.', max: 40},
  emailLabel: {title: 'E-mail label', description: 'Label of the e-mail field.', max: 40},
  phoneLabel: {title: 'Phone label', description: 'Label of the phone field.', max: 40},
  subjectLabel: {title: 'Subject label', description: 'Label of the subject field.', max: 40},
  messageLabel: {title: 'Message label', description: 'Label of the message field.', max: 40},
  consentLabel: {
    title: 'Consent box',
    description:
      'The words beside the first box visitors must tick before sending: that we keep their message, with any health details in it, with the providers and in the countries the notice names (a transfer abroad included), and read it to reply. Planning care and sharing with providers have a box of their own, so leave them out here. The box is never ticked in advance. Each message records these words.',
    max: 300,
  },
  ageConfirmationLabel: {
    title: 'Age box',
    description:
      'The words beside the second box visitors must tick: that they are 18 or over, or the parent or lawful guardian of the person the message is about. Each message records these words.',
    max: 300,
  },
  healthDetailsLabel: {
    title: 'Health box (optional)',
    description:
      'The words beside the box that allows us to use the health details in a message to plan care, and to share them for that with the doctors, hospitals and hotels the visitor chooses. Ticking it is optional and never stops a message being sent: say so, and what happens without it (we only reply, and ask first). Each message records these words and whether the box was ticked.',
    max: 300,
  },
  submitLabel: {title: 'Send button', description: 'The words on the send button.', max: 40},
  sendingLabel: {
    title: 'Sending…',
    description: 'Shown on the button while the message is being sent.',
    max: 40,
  },
  successMessage: {
    title: 'Message sent',
    description: 'Shown after the message has been received and stored.',
    max: 300,
  },
  referenceLabel: {
    title: 'Reference label',
    description:
      'Put before the reference each message is given, after sending and in the acknowledgement e-mail, for example "Your reference:".',
    max: 40,
  },
  errorMessage: {
    title: 'Could not send',
    description: "Shown when the message could not be sent. The visitor's text stays in the form.",
    max: 300,
  },
  invalidMessage: {
    title: 'Please check the form',
    description: 'Shown above the form when a field needs attention.',
    max: 300,
  },
  rateLimitedMessage: {
    title: 'Too many messages',
    description: 'Shown when many messages came from the same connection in a short time.',
    max: 300,
  },
  replyRequired: {
    title: 'No way to reply',
    description: 'Shown by the e-mail field when neither an e-mail address nor a phone number was given.',
    max: 200,
    fallback: 'Please give an e-mail address or a phone number so that we can reply.',
  },
  emailInvalid: {
    title: 'E-mail looks wrong',
    description: 'Shown by the e-mail field when the address is not valid.',
    max: 200,
    fallback: 'Please check the e-mail address, for example name@example.com.',
  },
  phoneInvalid: {
    title: 'Phone looks wrong',
    description: 'Shown by the phone field when the number is not valid.',
    max: 200,
    fallback: 'Please check the phone number, with its country code, for example +44 20 7946 0000.',
  },
  messageRequired: {
    title: 'Message missing',
    description: 'Shown by the message field when it is empty.',
    max: 200,
    fallback: 'Please write your message.',
  },
  consentRequired: {
    title: 'Consent box not ticked',
    description: 'Shown by the consent box when the visitor tries to send without ticking it.',
    max: 200,
    fallback: 'Please tick the box to agree, so that we may use what you write to reply to you.',
  },
  ageConfirmationRequired: {
    title: 'Age box not ticked',
    description: 'Shown by the age box when the visitor tries to send without ticking it.',
    max: 200,
    fallback:
      'Please confirm that you are 18 or over, or the parent or lawful guardian of the person this message is about.',
  },
  tooLong: {
    title: 'Too long',
    description: 'Shown by a field whose text is longer than we accept.',
    max: 200,
    fallback: 'This is longer than we can accept; please shorten it.',
  },
  invalid: {
    title: 'Check this field',
    description: 'Shown by a field whose content could not be read.',
    max: 200,
    fallback: 'Please check this field.',
  },
} satisfies TextFields<ContactFormWord> & Record<ContactErrorCode, TextField & {fallback: string}>

/** At the top of the page after a form post from a browser without JavaScript that was not stored. */
export const NO_SCRIPT_NOTICES = {
  invalid: {
    title: 'Not sent: fields missing',
    description: 'When the message or a way to reply was missing, or the consent box was not ticked.',
    max: 300,
  },
  rateLimited: {
    title: 'Not sent: too many messages',
    description: 'When many messages came from the same connection.',
    max: 300,
  },
  failed: {
    title: 'Not sent: our side',
    description:
      'When the message could not be stored: shown on the page the browser gets instead (status 503), where its Back button returns to the typed message.',
    max: 300,
  },
} satisfies TextFields

/** The page a browser without JavaScript lands on once its message is stored. */
export const SENT_PAGE_TEXT = {
  title: {title: 'Title', description: 'The heading of the page, for example "Message sent".', max: 60},
  backLabel: {title: 'Link back', description: 'The link back to the contact page.', max: 60},
} satisfies TextFields

/** The plain-text e-mail a visitor who gave an address gets at once. */
export const ACKNOWLEDGEMENT_TEXT = {
  subject: {title: 'Subject', description: 'One line.', max: 150},
  body: {
    title: 'Text',
    description:
      'Plain text. Say that the message arrived and who will answer; that the e-mail is sent because a message gave this address, so someone who did not write can ignore it; and to quote the reference. No figures or company facts: this text does not follow Policy figures or Company facts when they change.',
    max: 1500,
    rows: 8,
  },
} satisfies TextFields
