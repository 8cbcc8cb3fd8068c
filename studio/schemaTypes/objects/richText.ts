import {defineType} from 'sanity'
import {RICH_TEXT} from '../../../model/portableText'
import {textMembers} from './portableText'

/** Rich text of an ordinary page such as About Us. */
export const richText = defineType({
  name: 'richText',
  title: 'Rich text',
  type: 'array',
  of: textMembers(RICH_TEXT),
})
