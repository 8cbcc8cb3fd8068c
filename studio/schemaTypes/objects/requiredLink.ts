import {defineType} from 'sanity'
import {hrefField, textField} from '../fields'

/** A link that must lead somewhere, such as a button or a company page in the footer. */
export const requiredLink = defineType({
  name: 'requiredLink',
  title: 'Link',
  type: 'object',
  fields: [
    textField('label', {
      title: 'Label',
      description: 'The words visitors see on the link or button.',
      max: 40,
    }),
    hrefField('A page of this site starting with "/" (such as /contact-us) or a full https:// address.', {
      required: true,
    }),
  ],
  preview: {select: {title: 'label', subtitle: 'href'}},
})
