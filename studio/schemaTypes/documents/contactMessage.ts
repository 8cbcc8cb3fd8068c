import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'

/** A message sent through the contact form. Written by the website; staff only read it. */
export const contactMessage = defineType({
  name: 'contactMessage',
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
      name: 'notifiedAt',
      title: 'E-mailed to support',
      type: 'datetime',
      description:
        'When the e-mail about this message went out. Empty: not sent yet; the website keeps retrying.',
    }),
    defineField({
      name: 'submissionId',
      title: 'Submission id',
      type: 'string',
      description: 'Set by the form so that a message sent twice is stored once.',
      hidden: true,
    }),
    defineField({
      name: 'notificationAttempts',
      title: 'Failed e-mail attempts',
      type: 'number',
      description: 'How often sending the e-mail about this message failed.',
      hidden: true,
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
    select: {name: 'name', subject: 'subject', receivedAt: 'receivedAt', email: 'email', phone: 'phone'},
    prepare: ({name, subject, receivedAt, email, phone}) => ({
      title: subject || '(no subject)',
      subtitle: [name || email || phone, receivedAt?.slice(0, 16).replace('T', ' ')]
        .filter(Boolean)
        .join(' · '),
    }),
  },
})
