import {defineType} from 'sanity'
import {listField, textField} from '../fields'

/** A column of links in the footer, such as "For Patients". */
export const footerGroup = defineType({
  name: 'footerGroup',
  title: 'Footer group',
  type: 'object',
  fields: [
    textField('title', {
      title: 'Heading',
      description: 'The heading above the links, for example "For Patients".',
      max: 40,
    }),
    listField(
      'links',
      'footerLink',
      {title: 'Links', description: 'The links in this column, in the order visitors see them.'},
      (rule) => rule.required().min(1).max(8),
    ),
  ],
  preview: {
    select: {title: 'title', links: 'links'},
    prepare: ({title, links}) => ({title, subtitle: `${links?.length ?? 0} links`}),
  },
})
