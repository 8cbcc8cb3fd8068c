import {defineArrayMember, defineField, defineType} from 'sanity'

/** A column of links in the footer, such as "For Patients". */
export const footerGroup = defineType({
  name: 'footerGroup',
  title: 'Footer group',
  type: 'object',
  fields: [
    defineField({
      name: 'title',
      title: 'Heading',
      type: 'string',
      description: 'The heading above the links, for example "For Patients".',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'links',
      title: 'Links',
      type: 'array',
      description: 'The links in this column, in the order visitors see them.',
      of: [defineArrayMember({type: 'footerLink'})],
      validation: (rule) => rule.required().min(1).max(8),
    }),
  ],
  preview: {
    select: {title: 'title', links: 'links'},
    prepare: ({title, links}) => ({title, subtitle: `${links?.length ?? 0} links`}),
  },
})
