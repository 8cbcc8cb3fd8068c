import {InfoOutlineIcon} from '@sanity/icons/InfoOutline'
import {defineField, defineType} from 'sanity'
import {ABOUT_PAGE_TEXT} from '../../../model/aboutPageText'
import {seoField, textFields} from '../fields'

/** The About Us page. */
export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'About page',
  type: 'document',
  icon: InfoOutlineIcon,
  fields: [
    seoField(),
    ...textFields(ABOUT_PAGE_TEXT),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'richText',
      description: 'The rest of the page. Use headings to break it into parts.',
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {select: {title: 'title'}},
})
