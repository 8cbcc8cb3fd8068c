import {defineArrayMember, defineField, defineType} from 'sanity'
import {HOME_SECTION_IDS} from '../../../model/siteDocuments'

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
    defineField({
      name: 'eyebrow',
      title: 'Small label',
      type: 'string',
      description: 'A short label above the heading, for example "Find Doctors".',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'The section heading visitors read first.',
      validation: (rule) => rule.required().max(90),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'text',
      rows: 3,
      description: 'One to three sentences under the heading.',
      validation: (rule) => rule.required().max(500),
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
          fields: [
            defineField({
              name: 'title',
              title: 'Title',
              type: 'string',
              description: 'A few words, for example "Hyderabad".',
              validation: (rule) => rule.required().max(60),
            }),
            defineField({
              name: 'text',
              title: 'Text',
              type: 'text',
              rows: 2,
              description: 'One sentence about this point.',
              validation: (rule) => rule.required().max(240),
            }),
          ],
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
