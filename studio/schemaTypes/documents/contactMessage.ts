import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'
import {inboxSubtitle} from '../../../model/contactMessages'
import {CONTACT_MESSAGE_TYPE} from '../../../model/siteDocuments'

/**
 * A message sent through the contact form. Written by the website; staff read it, and record
 * that they answered it with "Mark as handled" (studio/actions/contactMessage.ts), never by editing it.
 */
export const contactMessage = defineType({
  name: CONTACT_MESSAGE_TYPE,
  title: 'Contact message',
  type: 'document',
  icon: EnvelopeIcon,
  readOnly: true,
  fields: [
    defineField({name: 'name', title: 'Name', type: 'string', description: 'The name the visitor gave.'}),
    defineField({
      name: 'email',
      title: 'E-mail',
      type: 'string',
      description: 'Where to reply by e-mail, if given.',
    }),
    defineField({
      name: 'phone',
      title: 'Phone',
      type: 'string',
      description: 'Where to call back, if given.',
    }),
    defineField({
      name: 'subject',
      title: 'Subject',
      type: 'string',
      description: 'What the message is about.',
    }),
    defineField({
      name: 'message',
      title: 'Message',
      type: 'text',
      rows: 8,
      description: 'The message as the visitor typed it.',
    }),
    defineField({
      name: 'receivedAt',
      title: 'Received',
      type: 'datetime',
      description: 'When the website received the message.',
    }),
    defineField({
      name: 'handledAt',
      title: 'Handled',
      type: 'datetime',
      description:
        'When someone recorded that the message was answered ("Mark as handled" below, or `npm run messages -- handled REFERENCE`). Empty: it still needs an answer.',
    }),
    defineField({
      name: 'handledBy',
      title: 'Handled by',
      type: 'string',
      description: 'Who marked it handled.',
      hidden: ({value}) => !value,
    }),
    defineField({
      name: 'consent',
      title: 'Consent',
      type: 'object',
      description:
        'What the visitor agreed to by ticking the boxes: when, to which version of the privacy notice, and the words beside each box, as shown.',
      fields: [
        defineField({
          name: 'language',
          title: 'Language of the page',
          type: 'string',
          description:
            'The language of the contact page the visitor wrote from ("hi" for Hindi); the words below are that page\'s.',
        }),
        defineField({
          name: 'givenAt',
          title: 'Given at',
          type: 'datetime',
          description: 'When the form was sent.',
        }),
        defineField({
          name: 'privacyPolicyUpdated',
          title: 'Privacy Policy of',
          type: 'date',
          description:
            'The date from which the Privacy Policy version shown on the form applies: the notice the visitor agreed to.',
        }),
        defineField({
          name: 'boxes',
          title: 'Boxes',
          type: 'array',
          description:
            'Each box the page showed, in page order: its words as shown, and whether it was ticked.',
          of: [
            {
              type: 'object',
              name: 'consentBox',
              title: 'Box',
              fields: [
                defineField({name: 'box', title: 'Box', type: 'string'}),
                defineField({name: 'wording', title: 'Words shown', type: 'text', rows: 2}),
                defineField({name: 'ticked', title: 'Ticked', type: 'boolean'}),
              ],
              preview: {
                select: {title: 'wording', box: 'box', ticked: 'ticked'},
                prepare: ({title, box, ticked}: {title?: string; box?: string; ticked?: boolean}) => ({
                  title,
                  subtitle: `${box ?? 'box'}: ${ticked ? 'ticked' : 'not ticked'}`,
                }),
              },
            },
          ],
        }),
        defineField({
          name: 'notice',
          title: 'Notice above the boxes',
          type: 'text',
          rows: 8,
          description:
            'The privacy notice the page printed above the boxes, with its figures and facts, as the visitor read it: the first box agrees to "the notice above".',
        }),
      ],
    }),
    defineField({
      name: 'notifiedAt',
      title: 'E-mailed to support',
      type: 'datetime',
      description:
        'When the e-mail about this message went out. Empty: not sent yet; the website retries, waiting longer each time, up to a limit.',
    }),
    defineField({
      name: 'submissionId',
      title: 'Message id',
      type: 'string',
      description: 'Made by the website; its first eight characters are the reference.',
      hidden: true,
    }),
    defineField({
      name: 'submission',
      title: 'Submission',
      type: 'object',
      description:
        "The form's name for this send and the digest of what it sent, so that a send repeated after a timeout is stored once.",
      hidden: true,
      fields: [
        defineField({name: 'key', title: 'Key', type: 'string'}),
        defineField({name: 'digest', title: 'Digest', type: 'string'}),
      ],
    }),
    defineField({
      name: 'notificationAttempts',
      title: 'Failed e-mail attempts',
      type: 'number',
      description: 'How often sending the e-mail about this message failed.',
      hidden: true,
    }),
    defineField({
      name: 'nextNotificationAt',
      title: 'Next e-mail attempt',
      type: 'datetime',
      description:
        'After a refusal, the e-mail is tried again no earlier than this, each time waiting longer.',
      hidden: ({value}) => !value,
    }),
    defineField({
      name: 'notificationGivenUpAt',
      title: 'E-mail given up',
      type: 'datetime',
      description:
        'The mail server refused the e-mail too often; it is no longer retried, so nobody was e-mailed about this message. Read it here, answer it, then "Mark as handled".',
      hidden: ({value}) => !value,
    }),
    defineField({
      name: 'acknowledgedAt',
      title: 'Acknowledged to the visitor',
      type: 'datetime',
      description:
        'When the automatic acknowledgement with the reference went to the e-mail address the visitor gave. Empty: none is owed (no address given), or it is not sent yet.',
    }),
    defineField({
      name: 'acknowledgementOwed',
      title: 'Acknowledgement owed',
      type: 'boolean',
      description:
        'Set when the message is stored, if the visitor gave an e-mail address and the website sends e-mail.',
      hidden: true,
    }),
    defineField({
      name: 'acknowledgementAttempts',
      title: 'Failed acknowledgement attempts',
      type: 'number',
      description: 'How often sending the acknowledgement failed.',
      hidden: true,
    }),
    defineField({
      name: 'nextAcknowledgementAt',
      title: 'Next acknowledgement attempt',
      type: 'datetime',
      description: 'After a refusal, the acknowledgement is tried again no earlier than this.',
      hidden: ({value}) => !value,
    }),
    defineField({
      name: 'acknowledgementGivenUpAt',
      title: 'Acknowledgement given up',
      type: 'datetime',
      description: 'The mail server refused the acknowledgement too often; it is no longer retried.',
      hidden: ({value}) => !value,
    }),
    defineField({
      name: 'lastAcknowledgementError',
      title: 'Last acknowledgement error',
      type: 'string',
      description: 'Why the last acknowledgement attempt failed.',
      hidden: ({value}) => !value,
    }),
    defineField({
      name: 'lastNotificationError',
      title: 'Last e-mail error',
      type: 'string',
      description: 'Why the last e-mail attempt failed.',
      hidden: ({value}) => !value,
    }),
  ],
  orderings: [
    {title: 'Newest first', name: 'receivedAtDesc', by: [{field: 'receivedAt', direction: 'desc'}]},
  ],
  preview: {
    select: {
      name: 'name',
      subject: 'subject',
      receivedAt: 'receivedAt',
      email: 'email',
      phone: 'phone',
      submissionId: 'submissionId',
      notifiedAt: 'notifiedAt',
      attempts: 'notificationAttempts',
      gaveUpAt: 'notificationGivenUpAt',
      handledAt: 'handledAt',
    },
    // The reference the visitor was given, as they will quote it, then whether anyone has seen it.
    prepare: ({subject, notifiedAt, attempts, gaveUpAt, ...entry}) => ({
      title: subject || '(no subject)',
      subtitle: inboxSubtitle({...entry, notification: {notifiedAt, attempts, gaveUpAt}}),
    }),
  },
})
