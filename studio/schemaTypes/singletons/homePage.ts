import {HomeIcon} from '@sanity/icons/Home'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {HOME_SECTION_IDS} from '../../../model/siteDocuments'

/** The Coming Soon home page and the four sections the header buttons scroll to. */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  icon: HomeIcon,
  fields: [
    defineField({
      name: 'seo',
      title: 'Search and sharing',
      type: 'seo',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'The large heading at the top, for example "Coming Soon".',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'line',
      title: 'Line under the heading',
      type: 'text',
      rows: 2,
      description: 'One sentence under the heading.',
      validation: (rule) => rule.required().max(200),
    }),
    defineField({
      name: 'badge',
      title: 'Badge',
      type: 'string',
      description: 'The small badge, for example "Launching Soon".',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      description:
        'The four short sections below the heading, one for each header button (Find Doctors, Embassy Hotels, Help, For Clinics).',
      of: [defineArrayMember({type: 'homeSection'})],
      validation: (rule) =>
        rule.required().custom((sections: {sectionId?: string}[] | undefined) => {
          const ids = (sections ?? []).map((section) => section.sectionId)
          const missing = HOME_SECTION_IDS.filter((id) => !ids.includes(id))
          if (missing.length) return `Add a section for: ${missing.join(', ')}.`
          if (ids.length !== HOME_SECTION_IDS.length) return 'Each header button needs exactly one section.'
          return true
        }),
    }),
  ],
  preview: {prepare: () => ({title: 'Home page'})},
})
