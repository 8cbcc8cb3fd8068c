import {defineField, defineType} from 'sanity'
import {linkHref} from '../rules'

/** A link that must lead somewhere, such as a button or a company page in the footer. */
export const requiredLink = defineType({
  name: 'requiredLink',
  title: 'Link',
  type: 'object',
  fields: [
    defineField({
      name: 'label',
      title: 'Label',
      type: 'string',
      description: 'The words visitors see on the link or button.',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'href',
      title: 'Address',
      type: 'url',
      description: 'A page of this site starting with "/" (such as /contact-us) or a full https:// address.',
      validation: (rule) => linkHref(rule).required(),
    }),
  ],
  preview: {select: {title: 'label', subtitle: 'href'}},
})
