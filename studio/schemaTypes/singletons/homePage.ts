import {HomeIcon} from '@sanity/icons/Home'
import {defineType} from 'sanity'
import {listField, seoField, textFields} from '../fields'
import {oneForEachSection} from '../rules'

/** The Coming Soon home page and the four sections the header buttons scroll to. */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  icon: HomeIcon,
  fields: [
    seoField(),
    ...textFields({
      heading: {
        title: 'Heading',
        description: 'The large heading at the top, for example "Coming Soon".',
        max: 60,
      },
      line: {
        title: 'Line under the heading',
        description: 'One sentence under the heading.',
        max: 200,
        rows: 2,
      },
      badge: {title: 'Badge', description: 'The small badge, for example "Launching Soon".', max: 30},
    }),
    listField(
      'sections',
      'homeSection',
      {
        title: 'Sections',
        description:
          'The four short sections below the heading, one for each header button (Find Doctors, Embassy Hotels, Help, For Clinics).',
      },
      oneForEachSection('Add a section for', 'Each header button needs exactly one section.'),
    ),
  ],
  preview: {prepare: () => ({title: 'Home page'})},
})
