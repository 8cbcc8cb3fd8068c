import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {
  DOCUMENT_TYPE_TITLES,
  isPolicyId,
  POLICY_TYPE,
  policyEntry,
  publishedId,
} from '../../../model/siteDocuments'
import {translatablePreview, translationFields} from '../fields'

/** A policy page, one for each row of the policies table (model/siteDocuments.ts). */
export const policy = defineType({
  name: POLICY_TYPE,
  title: DOCUMENT_TYPE_TITLES[POLICY_TYPE],
  type: 'document',
  icon: DocumentTextIcon,
  fields: [
    ...translationFields(),
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      description: 'The heading of the policy page, for example "Privacy Policy".',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'description',
      title: 'Search description',
      type: 'text',
      rows: 3,
      description:
        'One or two sentences shown under the title in search results and link previews (70 to 160 characters).',
      validation: (rule) => rule.required().min(50).max(200),
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'policyBody',
      description: 'Optional text before the first numbered section.',
    }),
    defineField({
      name: 'sections',
      title: 'Numbered sections',
      type: 'array',
      description:
        'The numbered sections, in order. The site numbers them and builds the table of contents from their headings.',
      of: [defineArrayMember({type: 'policySection'})],
      validation: (rule) => [
        rule.required().min(1).error('Add at least one section.'),
        rule
          .custom((sections: unknown[] | undefined, context) => {
            const id = publishedId(context.document?._id)
            const expected = isPolicyId(id) ? policyEntry(id).sectionCount : undefined
            const count = sections?.length ?? 0
            return !expected || count === expected
              ? true
              : `This policy is usually numbered in ${expected} sections; it has ${count}. Publish if the change is intended (for example a section the law now requires).`
          })
          .warning(),
      ],
    }),
  ],
  preview: translatablePreview(),
})
