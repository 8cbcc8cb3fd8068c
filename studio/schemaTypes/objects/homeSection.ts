import {defineArrayMember, defineField, defineType} from 'sanity'
import {HOME_SECTION_IDS} from '../../../model/siteDocuments'
import {textFields} from '../fields'

const SECTION_TITLES: Record<string, string> = {
  services: 'Find Doctors (services)',
  cities: 'Embassy Hotels (cities)',
  contact: 'Help (contact)',
  about: 'For Clinics (about)',
}

/** A short section of the home page that a header button scrolls to. */
export const homeSection = defineType({
  name: 'homeSection',
  title: 'Home page section',
  type: 'object',
  fields: [
    defineField({
      name: 'sectionId',
      title: 'Header button',
      type: 'string',
      description: 'Which header button scrolls to this section. Each button needs exactly one section.',
      options: {list: HOME_SECTION_IDS.map((value) => ({value, title: SECTION_TITLES[value]}))},
      validation: (rule) => rule.required(),
    }),
    ...textFields({
      eyebrow: {
        title: 'Small label',
        description: 'A short label above the heading, for example "Find Doctors".',
        max: 40,
      },
      heading: {title: 'Heading', description: 'The section heading visitors read first.', max: 90},
      body: {title: 'Text', description: 'One to three sentences under the heading.', max: 500, rows: 3},
    }),
    defineField({
      name: 'items',
      title: 'Highlights',
      type: 'array',
      description: 'Short points shown as cards, such as the cities we serve.',
      of: [
        defineArrayMember({
          name: 'highlight',
          type: 'object',
          fields: textFields({
            title: {title: 'Title', description: 'A few words, for example "Hyderabad".', max: 60},
            text: {title: 'Text', description: 'One sentence about this point.', max: 240, rows: 2},
          }),
        }),
      ],
      validation: (rule) => rule.max(8),
    }),
    defineField({
      name: 'cta',
      title: 'Button',
      type: 'requiredLink',
      description: 'Optional button under the section, for example "Contact us" leading to /contact-us.',
    }),
  ],
  preview: {
    select: {title: 'heading', sectionId: 'sectionId'},
    prepare: ({title, sectionId}) => ({title, subtitle: SECTION_TITLES[sectionId] ?? sectionId}),
  },
})
