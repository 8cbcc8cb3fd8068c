import {z} from 'zod'
import {CONSENT_BOX_NAMES} from '../../model/contactForm.ts'
import type {ShownConsent} from './consent.ts'

// What the contact service takes from the build it serves: written by the build
// (src/pages/server-data/contact.json.ts) and read by the server (src/server/buildData.ts), both
// checked against these schemas. They live here, with the service that reads them, so that the
// contact service depends on nothing of the server's.

/** The words of the form's page that the server repeats or records: one language's, as its page shows them. */
const contactWords = z.object({
  /** The acknowledgement e-mailed to a sender who gave an e-mail address (Studio: Contact page → Acknowledgement e-mail). */
  acknowledgement: z
    .object({
      subject: z.string(),
      body: z.string(),
      /** Put before the message's reference, as on the page: "Your reference:". */
      referenceLabel: z.string(),
    })
    .optional(),
  /** The page a form post without JavaScript lands on once its message is stored (src/contact/sentPage.ts). */
  sentPage: z
    .object({
      title: z.string(),
      /** What the island says once a message is stored: the same words. */
      message: z.string(),
      /** Put before the reference: "Your reference:". */
      referenceLabel: z.string(),
      /** The link back to the contact page. */
      backLabel: z.string(),
    })
    .optional(),
  /** What a browser without JavaScript is told when its message could not be stored. */
  notStored: z.string().optional(),
})

/** What one Contact page showed beside its form (src/contact/consent.ts). */
const shownConsent = z.object({
  language: z.string(),
  privacyVersion: z.int().min(1).nullable(),
  privacyPolicyUpdated: z.string(),
  boxes: z.array(z.object({box: z.enum(CONSENT_BOX_NAMES), wording: z.string()})),
  // A build's data written before the notice was recorded has none.
  notice: z.string().default(''),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
}) satisfies z.ZodType<ShownConsent>

export const contactContent = z.object({
  /** New messages are e-mailed here (unless CONTACT_MAIL_TO says otherwise). */
  customerCareEmail: z.string(),
  /**
   * Each Contact page the build made, one per language: what it showed beside its form. A message
   * is recorded only with the words of a page a recent build served. A build made before this was
   * written has none: its pages sent no digest of their words, and their messages are refused (409).
   */
  shown: z.array(shownConsent).default([]),
  /** Messages are deleted this many months after they arrive (a policy figure). */
  retentionMonths: z.number(),
  /** The English page's words, where builds have always written them. */
  ...contactWords.shape,
  /**
   * Each language the build offers besides English, by code: its name in English (for customer
   * care) and the words its Contact page shows (the translation, or English where that is shown).
   * A build made before languages has none: every message is taken as sent from the English page.
   */
  languages: z.record(z.string(), z.object({englishName: z.string(), ...contactWords.shape})).optional(),
  /**
   * The page a form post without JavaScript lands on, by language: the site's page, its reference
   * left as a slot (src/contact/sentPage.ts). Not in contact.json: each is a page of its own,
   * server-data/contact-sent/<language>.html. A build made before them has none.
   */
  sentPages: z.record(z.string(), z.string()).optional(),
})

/**
 * The contact service's part of a build's data. The words a build made before references and
 * acknowledgements lacks are optional.
 */
export type ContactContent = z.output<typeof contactContent>
/** One language's words for the contact service (the English ones, or a language's in `languages`). */
export type ContactWords = z.output<typeof contactWords>
export type SentPageWords = NonNullable<ContactContent['sentPage']>
/** The acknowledgement's words in the build being served (Studio: Contact page → Acknowledgement e-mail). */
export type AcknowledgementWords = NonNullable<ContactContent['acknowledgement']>
