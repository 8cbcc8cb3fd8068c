import {defineArrayMember, defineField} from 'sanity'
import {linkHref} from '../rules'

/** The link mark shared by every rich-text field: site pages, web, e-mail and phone links only. */
export const linkAnnotation = defineArrayMember({
  name: 'link',
  title: 'Link',
  type: 'object',
  fields: [
    defineField({
      name: 'href',
      title: 'Address',
      type: 'url',
      description:
        'A page of this site starting with "/" (such as /contact-us), a full https:// address, or mailto: / tel: links.',
      validation: (rule) => linkHref(rule).required(),
    }),
  ],
})

export const textMarks = {
  decorators: [
    {title: 'Bold', value: 'strong'},
    {title: 'Italic', value: 'em'},
  ],
  annotations: [linkAnnotation],
}

export const textLists = [
  {title: 'Bullets', value: 'bullet'},
  {title: 'Numbered', value: 'number'},
]
