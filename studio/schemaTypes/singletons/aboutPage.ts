import {InfoOutlineIcon} from '@sanity/icons/InfoOutline'
import {defineField, defineType} from 'sanity'

/** The About Us page. */
export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'About page',
  type: 'document',
  icon: InfoOutlineIcon,
  fields: [
    defineField({
      name: 'seo',
      title: 'Search and sharing',
      type: 'seo',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      description: 'The heading of the page, for example "About Us".',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      description: 'The lead paragraph under the title, in larger type.',
      validation: (rule) => rule.required().max(400),
    }),
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
