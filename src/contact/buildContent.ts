import {z} from 'zod'
import {CONSENT_BOX_NAMES} from '../../model/contactForm.ts'
import {DEFAULT_LANGUAGE} from '../../model/translations.ts'
import type {ShownConsent} from './consent.ts'

// What the contact service takes from the build it serves: written by the build
// (src/pages/server-data/contact.json.ts) and read by the server (src/server/buildData.ts), both
// checked against these schemas. They live here, with the service that reads them, so that the
// contact service depends on nothing of the server's.

/** The words of the form's page that the server repeats or records: one language's, as its page shows them. */
const contactWords = z.object({
  /** The acknowledgement e-mailed to a sender who gave an e-mail address (Studio: Contact page → Acknowledgement e-mail). */
  acknowledgement: z.object({
    subject: z.string(),
    body: z.string(),
    /** Put before the message's reference, as on the page: "Your reference:". */
    referenceLabel: z.string(),
  }),
  /** The page a form post without JavaScript lands on once its message is stored (src/contact/sentPage.ts). */
  sentPage: z.object({
    title: z.string(),
    /** What the island says once a message is stored: the same words. */
    message: z.string(),
    /** Put before the reference: "Your reference:". */
    referenceLabel: z.string(),
    /** The link back to the contact page. */
    backLabel: z.string(),
  }),
  /** What a browser without JavaScript is told when its message could not be stored. */
  notStored: z.string(),
})

/** What one Contact page showed beside its form (src/contact/consent.ts). */
const shownConsent = z.object({
  language: z.string(),
  privacyVersion: z.int().min(1).nullable(),
  privacyPolicyUpdated: z.string(),
  boxes: z.array(z.object({box: z.enum(CONSENT_BOX_NAMES), wording: z.string()})),
  notice: z.string(),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
}) satisfies z.ZodType<ShownConsent>

/** What a build writes to contact.json (src/pages/server-data/contact.json.ts). */
export const contactData = z.object({
  /** New messages are e-mailed here (unless CONTACT_MAIL_TO says otherwise). */
  customerCareEmail: z.string(),
  /**
   * Each Contact page the build made, one per language: what it showed beside its form. A message
   * is recorded only with the words of a page a recent build served.
   */
  shown: z.array(shownConsent),
  /** Messages are deleted this many months after they arrive (a policy figure). */
  retentionMonths: z.number(),
  /** The English page's words. */
  ...contactWords.shape,
  /**
   * Each language the build offers besides English, by code: its name in English (for customer
   * care) and the words its Contact page shows (the translation, or English where that is shown).
   */
  languages: z.record(z.string(), z.object({englishName: z.string(), ...contactWords.shape})),
})

/**
 * Where the reference goes in the page the build made for each language (src/components/
 * ContactSentPage.astro): the site's header and footer around the Contact page's words.
 */
export const SENT_REFERENCE_SLOT = '%REFERENCE%'

/** The contact data with the pages a form post without JavaScript lands on, as the server reads them. */
export const contactContent = contactData
  .extend({
    /**
     * The page a form post without JavaScript lands on, by language: the site's page, its
     * reference left as a slot (src/contact/sentPage.ts). Not in contact.json: each is a page of
     * its own, server-data/contact-sent/<language>.html.
     */
    sentPages: z.record(z.string(), z.string()),
  })
  .superRefine(({languages, sentPages}, context) => {
    for (const language of [DEFAULT_LANGUAGE, ...Object.keys(languages)])
      if (!sentPages[language]?.includes(SENT_REFERENCE_SLOT))
        context.addIssue({
          code: 'custom',
          path: ['sentPages', language],
          message: `expected the page a form post without JavaScript lands on (contact-sent/${language}.html), with ${SENT_REFERENCE_SLOT} where the reference goes`,
        })
  })

/** What contact.json holds: all of the contact data but the sent pages. */
export type ContactData = z.output<typeof contactData>
/**
 * What the contact service takes from the build it serves. Our server reads the sent pages with
 * the rest (contactContent requires them); a host that runs the route as a function has only
 * what the build's content gives it (src/content/contactContent.ts), and no sent pages.
 */
export type ContactContent = ContactData & {sentPages?: Record<string, string>}
/** One language's words for the contact service (the English ones, or a language's in `languages`). */
export type ContactWords = z.output<typeof contactWords>
export type SentPageWords = ContactContent['sentPage']
/** The acknowledgement's words in the build being served (Studio: Contact page → Acknowledgement e-mail). */
export type AcknowledgementWords = ContactContent['acknowledgement']
