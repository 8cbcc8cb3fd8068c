import {defineType} from 'sanity'
import {POLICY_TEXT} from '../../../model/portableText'
import {textMembers} from './portableText'

/**
 * Rich text of a policy section (and of the Contact page's grievance block): paragraphs,
 * sub-headings, lists, links, policy figures, company facts and the Grievance Officer's card.
 */
export const policyBody = defineType({
  name: 'policyBody',
  title: 'Policy text',
  type: 'array',
  of: textMembers(POLICY_TEXT),
})
