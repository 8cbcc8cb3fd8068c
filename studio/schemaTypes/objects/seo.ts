import {defineField, defineType} from 'sanity'

/** What search engines and link previews show for a page. */
export const seo = defineType({
  name: 'seo',
  title: 'Search and sharing',
  type: 'object',
  options: {collapsible: true, collapsed: false},
  fields: [
    defineField({
      name: 'title',
      title: 'Page title',
      type: 'string',
      description:
        'Shown in the browser tab and as the headline in search results. Keep it under 60 characters.',
      validation: (rule) => [
        rule.required().max(70),
        rule.max(60).warning('Search engines cut titles after about 60 characters.'),
      ],
    }),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      description:
        'One or two sentences shown under the title in search results and link previews (70 to 160 characters).',
      validation: (rule) => rule.required().min(50).max(200),
    }),
  ],
})
