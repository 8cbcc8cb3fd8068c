import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {
  DOCUMENT_TYPE_TITLES,
  isPolicyId,
  POLICY_TYPE,
  policyEntry,
  publishedId,
} from '../../../model/siteDocuments'
import {SUMMARY_MAX} from '../../../model/policyVersions'
import {LANGUAGE_FIELD} from '../../../model/translations'
import {isEnglish, translatablePreview, translationFields} from '../fields'

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
    defineField({
      name: 'versionSummaries',
      title: 'What changed, in this language',
      type: 'array',
      description:
        'The English "What changed" summary of a version, translated: the version history and the policy page show it beside that version. A version without one here shows the English summary, marked as English.',
      hidden: ({document}) => isEnglish(document?.[LANGUAGE_FIELD]),
      of: [
        defineArrayMember({
          name: 'versionSummary',
          title: 'Summary of a version',
          type: 'object',
          fields: [
            defineField({
              name: 'version',
              title: 'Version',
              type: 'number',
              description: 'The number of the English version this summarises, as its history lists it.',
              validation: (rule) => rule.required().integer().min(1),
            }),
            defineField({
              name: 'summary',
              title: 'Summary',
              type: 'text',
              rows: 3,
              description: 'What changed in that version, in this language.',
              validation: (rule) => rule.required().max(SUMMARY_MAX),
            }),
          ],
          preview: {
            select: {version: 'version', summary: 'summary'},
            prepare: ({version, summary}: {version?: number; summary?: string}) => ({
              title: `Version ${version ?? '?'}`,
              subtitle: summary,
            }),
          },
        }),
      ],
      validation: (rule) =>
        rule.custom((entries: {version?: number}[] | undefined) => {
          const numbers = (entries ?? []).map((entry) => entry.version)
          const twice = numbers.find((number, index) => numbers.indexOf(number) !== index)
          return twice === undefined ? true : `Version ${twice} has two summaries: keep one.`
        }),
    }),
  ],
  preview: translatablePreview(),
})
