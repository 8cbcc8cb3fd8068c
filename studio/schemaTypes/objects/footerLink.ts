import {LinkIcon} from '@sanity/icons/Link'
import {defineType} from 'sanity'
import {hrefField, textField} from '../fields'

/** A labelled link. Without an address it is shown as text marked "coming soon". */
export const footerLink = defineType({
  name: 'footerLink',
  title: 'Footer link',
  type: 'object',
  icon: LinkIcon,
  fields: [
    textField('label', {
      title: 'Label',
      description: 'The words visitors see, for example "Find Doctors".',
      max: 40,
    }),
    hrefField(
      'Where the link goes: a page of this site starting with "/" (such as /about-us) or a full https:// address. Leave empty while the page does not exist yet: the label is then shown as "coming soon".',
      {required: false},
    ),
  ],
  preview: {
    select: {title: 'label', subtitle: 'href'},
    prepare: ({title, subtitle}) => ({title, subtitle: subtitle || 'No address yet: shown as coming soon'}),
  },
})
