import {defineArrayMember, defineType} from 'sanity'
import {textLists, textMarks} from './portableText'

/** Rich text of an ordinary page such as About Us. */
export const richText = defineType({
  name: 'richText',
  title: 'Rich text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        {title: 'Paragraph', value: 'normal'},
        {title: 'Heading', value: 'h2'},
        {title: 'Sub-heading', value: 'h3'},
      ],
      lists: textLists,
      marks: textMarks,
    }),
  ],
})
