import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'

const label = (name: string, title: string, description: string, max = 40, group?: string) =>
  defineField({
    name,
    title,
    type: 'string',
    description,
    group,
    validation: (rule) => rule.required().max(max),
  })

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
    defineField({
      name: 'seo',
      title: 'Search and sharing',
      type: 'seo',
      group: 'page',
      validation: (rule) => rule.required(),
    }),
    label('title', 'Title', 'The heading of the page, for example "Let\'s connect".', 60, 'page'),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 2,
      group: 'page',
      description: 'One or two sentences under the heading.',
      validation: (rule) => rule.required().max(300),
    }),
    label(
      'reachUsHeading',
      'Reach Us heading',
      'The heading of the block with the support e-mail and phone.',
      40,
      'page',
    ),
    defineField({
      name: 'reachUsText',
      title: 'Reach Us text',
      type: 'text',
      rows: 2,
      group: 'page',
      description: 'A sentence above the e-mail, phone and working hours, which come from Company facts.',
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'grievance',
      title: 'Grievance Officer block',
      type: 'object',
      group: 'page',
      description:
        "Below the form: the Grievance Officer and how complaints are handled. The law asks for the officer's name, designation and contact on the site.",
      fields: [
        label('heading', 'Heading', 'For example "Grievance Officer".', 60),
        defineField({
          name: 'body',
          title: 'Text',
          type: 'policyBody',
          description:
            'Insert the "Grievance officer card" and the acknowledgement and resolution times as Policy figures, so they match the policies.',
          validation: (rule) => rule.required().min(1),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'privacyNotice',
      title: 'Privacy notice',
      type: 'policyBody',
      group: 'form',
      description:
        'Shown inside the form, above the boxes and the send button, so visitors read it before they send. Keep it short enough to read on a phone. Say what the form collects (and that a message may hold health details); where a message goes (the message store, an e-mail copy to customer care, any provider outside India); how long every copy is kept (insert the Policy figure "Contact messages kept for"); that health details are used only with the separate health box, and what happens without it; that a message about another adult\'s health is not acted on before asking that person or their lawful representative; the automatic acknowledgement; the visitor\'s rights and how to use them (insert the privacy contact as a Company fact, and link to the section of the Privacy Policy on rights, for example /privacy-policy#your-rights-and-how-to-use-them); and that a complaint our Grievance Officer does not resolve may go to the Data Protection Board of India. It must promise what the Privacy Policy promises.',
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'form',
      title: 'Contact form',
      type: 'object',
      group: 'form',
      description: 'The labels, button and messages of the contact form.',
      fields: [
        label('nameLabel', 'Name label', 'Label of the name field.'),
        label('emailLabel', 'E-mail label', 'Label of the e-mail field.'),
        label('phoneLabel', 'Phone label', 'Label of the phone field.'),
        label('subjectLabel', 'Subject label', 'Label of the subject field.'),
        label('messageLabel', 'Message label', 'Label of the message field.'),
        label(
          'consentLabel',
          'Consent box',
          'The words beside the box visitors must tick before sending: what they agree to (a reply, and planning their visit if they ask). Health details have a box of their own, so leave them out here. The box is never ticked in advance. Each message records these words.',
          300,
        ),
        label(
          'ageConfirmationLabel',
          'Age box',
          'The words beside the second box visitors must tick: that they are 18 or over, or the parent or lawful guardian of the person the message is about. Each message records these words.',
          300,
        ),
        label(
          'healthDetailsLabel',
          'Health box (optional)',
          'The words beside the box that allows us to use the health details in a message to answer it. Ticking it is optional and never stops a message being sent: say so, and what happens without it. Each message records these words and whether the box was ticked.',
          300,
        ),
        label('submitLabel', 'Send button', 'The words on the send button.'),
        label('sendingLabel', 'Sending…', 'Shown on the button while the message is being sent.'),
        label('successMessage', 'Message sent', 'Shown after the message has been received and stored.', 300),
        label(
          'referenceLabel',
          'Reference label',
          'Put before the reference each message is given, after sending and in the acknowledgement e-mail, for example "Your reference:".',
        ),
        label(
          'errorMessage',
          'Could not send',
          "Shown when the message could not be sent. The visitor's text stays in the form.",
          300,
        ),
        label(
          'invalidMessage',
          'Please check the form',
          'Shown above the form when a field needs attention.',
          300,
        ),
        label(
          'rateLimitedMessage',
          'Too many messages',
          'Shown when many messages came from the same connection in a short time.',
          300,
        ),
        label(
          'replyRequired',
          'No way to reply',
          'Shown by the e-mail field when neither an e-mail address nor a phone number was given.',
          200,
        ),
        label(
          'emailInvalid',
          'E-mail looks wrong',
          'Shown by the e-mail field when the address is not valid.',
          200,
        ),
        label(
          'phoneInvalid',
          'Phone looks wrong',
          'Shown by the phone field when the number is not valid.',
          200,
        ),
        label('messageRequired', 'Message missing', 'Shown by the message field when it is empty.', 200),
        label(
          'consentRequired',
          'Consent box not ticked',
          'Shown by the consent box when the visitor tries to send without ticking it.',
          200,
        ),
        label(
          'ageConfirmationRequired',
          'Age box not ticked',
          'Shown by the age box when the visitor tries to send without ticking it.',
          200,
        ),
        label('tooLong', 'Too long', 'Shown by a field whose text is longer than we accept.', 200),
        label('invalid', 'Check this field', 'Shown by a field whose content could not be read.', 200),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'noScriptNotices',
      title: 'Notices without JavaScript',
      type: 'object',
      group: 'form',
      description:
        'Shown at the top of the page after the form was sent from a browser without JavaScript. The form is empty again by then, so say how to get back to the text (the Back button).',
      fields: [
        label(
          'invalid',
          'Not sent: fields missing',
          'When the message or a way to reply was missing, or the consent box was not ticked.',
          300,
        ),
        label(
          'rateLimited',
          'Not sent: too many messages',
          'When many messages came from the same connection.',
          300,
        ),
        label(
          'failed',
          'Not sent: our side',
          'When the message could not be stored: shown on the page the browser gets instead (status 503), where its Back button returns to the typed message.',
          300,
        ),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sentPage',
      title: 'Page after sending without JavaScript',
      type: 'object',
      group: 'form',
      description:
        'A browser without JavaScript lands on a page of its own once the message is stored. It shows this title, the "Message sent" text and the reference, and a link back.',
      fields: [
        label('title', 'Title', 'The heading of the page, for example "Message sent".', 60),
        label('backLabel', 'Link back', 'The link back to the contact page.', 60),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'acknowledgement',
      title: 'Acknowledgement e-mail',
      type: 'object',
      group: 'form',
      description:
        'Sent at once to a visitor who gave an e-mail address, in plain text, followed by the reference label and the reference. It never repeats what the visitor typed, so that nobody can use the form to send someone else their own words. Replies go to customer care.',
      fields: [
        label('subject', 'Subject', 'One line.', 150),
        defineField({
          name: 'body',
          title: 'Text',
          type: 'text',
          rows: 8,
          description:
            'Plain text. Say that the message arrived and who will answer; that the e-mail is sent because a message gave this address, so someone who did not write can ignore it; and to quote the reference. No figures or company facts: this text does not follow Policy figures or Company facts when they change.',
          validation: (rule) => rule.required().max(1500),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {select: {title: 'title'}},
})
