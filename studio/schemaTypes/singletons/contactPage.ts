import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'
import * as words from '../../../model/contactPageText'
import {SHORT_NOTICE_MAX_WORDS} from '../../../model/contactForm'
import {wordCount} from '../../../model/policyLength'
import {requiredObject, seoField, textFields, translatablePreview, translationFields} from '../fields'

/** The Contact page: its heading, the form's privacy notice, labels and messages, the Reach Us block and the Grievance Officer. */
export const contactPage = defineType({
  name: 'contactPage',
  title: 'Contact page',
  type: 'document',
  icon: EnvelopeIcon,
  groups: [
    {name: 'page', title: 'Page', default: true},
    {name: 'form', title: 'Form'},
  ],
  fields: [
    ...translationFields(),
    seoField('page'),
    ...textFields(words.CONTACT_PAGE_TEXT, 'page'),
    requiredObject(
      'grievance',
      {
        title: 'Grievance Officer block',
        group: 'page',
        description:
          "Below the form: the Grievance Officer and how complaints are handled. The law asks for the officer's name, designation and contact on the site.",
      },
      [
        ...textFields(words.GRIEVANCE_BLOCK_TEXT),
        defineField({
          name: 'body',
          title: 'Text',
          type: 'policyBody',
          description:
            'Insert the "Grievance officer card" and the acknowledgement and resolution times as Policy figures, so they match the policies.',
          validation: (rule) => rule.required().min(1),
        }),
      ],
    ),
    defineField({
      name: 'shortNotice',
      title: 'Short notice',
      type: 'policyBody',
      group: 'form',
      description: `Beside the boxes, in at most ${SHORT_NOTICE_MAX_WORDS} words: who reads a message, where it is kept (insert the Company fact "Data processors → the countries where contact messages are kept and sent"), how long (insert the Policy figure "Contact messages kept for"), and what the optional health box adds. The full notice below is one click away on the same page; each message records the words of both.`,
      validation: (rule) => [
        rule.required().min(1),
        rule.custom((blocks: unknown[] | undefined) => {
          const words = wordCount(blocks)
          return words <= SHORT_NOTICE_MAX_WORDS
            ? true
            : `The short notice has ${words} words; keep it to ${SHORT_NOTICE_MAX_WORDS}, and leave the detail to the full notice.`
        }),
      ],
    }),
    defineField({
      name: 'privacyNotice',
      title: 'Full notice',
      type: 'policyBody',
      group: 'form',
      description:
        'One click away under the short notice (it opens in place, also without JavaScript). Say what the form collects (and that a message may hold health details); where a message goes (the message store, an e-mail copy to customer care, any provider outside India); how long every copy is kept (insert the Policy figure "Contact messages kept for"); that health details are used only with the separate health box, and what happens without it; that a message about another adult\'s health is not acted on before asking that person or their lawful representative; the automatic acknowledgement; the visitor\'s rights and how to use them (insert the privacy contact as a Company fact, and link to the section of the Privacy Policy on rights, for example /privacy-policy#your-rights-and-how-to-use-them); and that a complaint our Grievance Officer does not resolve may go to the Data Protection Board of India. It must promise what the Privacy Policy promises.',
      validation: (rule) => rule.required().min(1),
    }),
    requiredObject(
      'form',
      {
        title: 'Contact form',
        group: 'form',
        description: 'The labels, button and messages of the contact form.',
      },
      textFields(words.CONTACT_FORM_WORDS),
    ),
    requiredObject(
      'noScriptNotices',
      {
        title: 'Notices without JavaScript',
        group: 'form',
        description:
          'Shown at the top of the page after the form was sent from a browser without JavaScript. The form is empty again by then, so say how to get back to the text (the Back button).',
      },
      textFields(words.NO_SCRIPT_NOTICES),
    ),
    requiredObject(
      'sentPage',
      {
        title: 'Page after sending without JavaScript',
        group: 'form',
        description:
          'A browser without JavaScript lands on a page of its own once the message is stored. It shows this title, the "Message sent" text and the reference, and a link back.',
      },
      textFields(words.SENT_PAGE_TEXT),
    ),
    requiredObject(
      'acknowledgement',
      {
        title: 'Acknowledgement e-mail',
        group: 'form',
        description:
          'Sent at once to a visitor who gave an e-mail address, in plain text, followed by the reference label and the reference. It never repeats what the visitor typed, so that nobody can use the form to send someone else their own words. Replies go to customer care.',
      },
      textFields(words.ACKNOWLEDGEMENT_TEXT),
    ),
  ],
  preview: translatablePreview(),
})
