import {UserIcon} from '@sanity/icons/User'
import {defineField, defineType} from 'sanity'

/**
 * Shows the Grievance Officer's contact card from Company facts inside a policy or the Contact
 * page, so the officer's details are kept in one place.
 */
export const grievanceContact = defineType({
  name: 'grievanceContact',
  title: 'Grievance officer card',
  type: 'object',
  icon: UserIcon,
  fields: [
    defineField({
      name: 'note',
      title: 'Line above the card',
      type: 'string',
      description:
        'Optional short line shown above the contact card. The name, e-mail and address come from Site settings.',
      validation: (rule) => rule.max(120),
    }),
  ],
  preview: {
    select: {note: 'note'},
    prepare: ({note}) => ({title: 'Grievance officer card', subtitle: note || 'Details from Company facts'}),
  },
})
