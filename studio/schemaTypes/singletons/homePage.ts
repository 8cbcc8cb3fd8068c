import {HomeIcon} from '@sanity/icons/Home'
import {defineType} from 'sanity'
import {HOME_PAGE_TEXT} from '../../../model/homePageText'
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
    ...textFields(HOME_PAGE_TEXT),
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
