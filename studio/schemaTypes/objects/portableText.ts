import {defineArrayMember} from 'sanity'
import type {TextDefinition} from '../../../model/portableText'
import {hrefField} from '../fields'

/** The link mark shared by every rich-text field: site pages, web, e-mail and phone links only. */
const linkAnnotation = defineArrayMember({
  name: 'link',
  title: 'Link',
  type: 'object',
  fields: [
    hrefField(
      'A page of this site starting with "/" (such as /contact-us), a full https:// address, or mailto: / tel: links.',
      {required: true},
    ),
  ],
})

/** The Studio's rich-text field for a text definition: its block, inline objects and block objects. */
export function textMembers(text: TextDefinition) {
  return [
    defineArrayMember({
      type: 'block',
      styles: [...text.styles],
      lists: [...text.lists],
      marks: {decorators: [...text.decorators], annotations: [linkAnnotation]},
      of: text.inlineObjects.map((type) => defineArrayMember({type})),
    }),
    ...text.blockObjects.map((type) => defineArrayMember({type})),
  ]
}
