import {LinkIcon} from '@sanity/icons/Link'
import {defineField, defineType} from 'sanity'
import {linkHref} from '../rules'

/** A labelled link. Without an address it is shown as text marked "coming soon". */
export const footerLink = defineType({
  name: 'footerLink',
  title: 'Footer link',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'Label',
      type: 'string',
      description: 'The words visitors see, for example "Find Doctors".',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'href',
      title: 'Address',
      type: 'url',
      description:
        'Where the link goes: a page of this site starting with "/" (such as /about-us) or a full https:// address. Leave empty while the page does not exist yet: the label is then shown as "coming soon".',
      validation: linkHref,
    }),
  ],
  preview: {
    select: {title: 'label', subtitle: 'href'},
    prepare: ({title, subtitle}) => ({title, subtitle: subtitle || 'No address yet: shown as coming soon'}),
  },
})
