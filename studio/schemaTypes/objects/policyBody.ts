import {defineArrayMember, defineType} from 'sanity'
import {textLists, textMarks} from './portableText'

/**
 * Rich text of a policy section (and of the Contact page's grievance block): paragraphs,
 * sub-headings, lists, links, policy figures, company facts and the Grievance Officer's card.
 */
export const policyBody = defineType({
  name: 'policyBody',
  title: 'Policy text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        {title: 'Paragraph', value: 'normal'},
        {title: 'Sub-heading', value: 'h3'},
      ],
      lists: textLists,
      marks: textMarks,
      of: [defineArrayMember({type: 'figureRef'}), defineArrayMember({type: 'factRef'})],
    }),
    defineArrayMember({type: 'grievanceContact'}),
  ],
})
