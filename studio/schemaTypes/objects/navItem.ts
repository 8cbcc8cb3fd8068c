import {defineField, defineType} from 'sanity'
import {HOME_SECTION_IDS} from '../../../model/siteDocuments'
import {textField} from '../fields'

/** A header button that scrolls to a section of the home page. */
export const navItem = defineType({
  name: 'navItem',
  title: 'Header button',
  type: 'object',
  fields: [
    textField('label', {
      title: 'Label',
      description: 'The words on the button, for example "Find Doctors".',
      max: 30,
    }),
    defineField({
      name: 'sectionId',
      title: 'Scrolls to',
      type: 'string',
      description: 'The home-page section the button leads to.',
      options: {list: [...HOME_SECTION_IDS]},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'mobileOnly',
      title: 'Only in the mobile menu',
      type: 'boolean',
      description: 'Turn on to show this button only in the menu on phones, not in the wide header.',
      initialValue: false,
    }),
  ],
  preview: {
    select: {title: 'label', sectionId: 'sectionId', mobileOnly: 'mobileOnly'},
    prepare: ({title, sectionId, mobileOnly}) => ({
      title,
      subtitle: `#${sectionId}${mobileOnly ? ' · mobile menu only' : ''}`,
    }),
  },
})
