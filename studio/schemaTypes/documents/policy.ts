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
import {
  MAIN_TEXT_MAX_WORDS,
  mainTextWordCount,
  OVERVIEW_MAX_WORDS,
  wordCount,
} from '../../../model/policyLength'
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
      title: 'At a glance',
      type: 'policyBody',
      description: `The overview a patient reads first, before section 1, in at most ${OVERVIEW_MAX_WORDS} words: the answers to the questions people ask of this policy (for the Refund Policy: the fee to cancel, when a service has started, the latest refund time, how to ask), each figure as a Policy figure so it never disagrees with the text. End by saying that the full text below governs. It is recorded with every version and translated like the rest.`,
      validation: (rule) =>
        rule.custom((blocks: unknown[] | undefined) => {
          const words = wordCount(blocks)
          return words <= OVERVIEW_MAX_WORDS
            ? true
            : `The overview has ${words} words; keep it to ${OVERVIEW_MAX_WORDS}, and leave the detail to the sections.`
        }),
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
          .custom((sections: {heading?: string; body?: unknown[]}[] | undefined, context) => {
            const id = publishedId(context.document?._id)
            if (!isPolicyId(id)) return true
            const words = mainTextWordCount(sections ?? [])
            const limit = MAIN_TEXT_MAX_WORDS[id]
            return words <= limit
              ? true
              : `The sections hold ${words} words; a patient reads this policy in minutes at ${limit}. Cut repetition and text about the text, never a right, a duty or a figure.`
          })
          .warning(),
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
