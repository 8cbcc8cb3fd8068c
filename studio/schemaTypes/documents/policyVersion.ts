import {ClockIcon} from '@sanity/icons/Clock'
import {defineArrayMember, defineField, defineType, type StringRule} from 'sanity'
import {COMPANY_FACTS} from '../../../model/companyFacts'
import {POLICY_FIGURES} from '../../../model/policyFigures'
import {
  POLICY_VERSION_TYPE,
  SHORT_NOTICE_LAW_EXAMPLE,
  SHORT_NOTICE_REASONS,
  shortNoticeLawProblem,
  SUMMARY_MAX,
  type ShortNoticeRecord,
  versionNoteProblems,
} from '../../../model/policyVersions'
import {DOCUMENT_TITLES, POLICY_IDS, type PolicyId} from '../../../model/siteDocuments'
import {entryChoice} from '../fields'

/** A figure or fact as a version quoted it: which one, and its words as printed that day. */
const quoted = (
  member: string,
  entry: {
    name: string
    title: string
    table: Record<string, {title: string}>
    /** What else a version records of it: a period fact's number and unit. */
    extra?: ReturnType<typeof defineField>[]
  },
  printed?: (rule: StringRule) => StringRule,
) =>
  defineArrayMember({
    name: member,
    title: entry.title,
    type: 'object',
    fields: [
      defineField({
        name: entry.name,
        title: entry.title,
        type: 'string',
        options: entryChoice(entry.table),
        validation: (rule) => rule.required(),
      }),
      defineField({name: 'text', title: 'As printed', type: 'string', validation: printed}),
      ...(entry.extra ?? []),
    ],
    preview: {select: {title: 'text', subtitle: entry.name}},
  })

/**
 * One recorded version of a policy: its full text, the figures and company facts as they read
 * that day, the date from which it applies and the staff's summary of the change. Publishing a
 * policy, Policy figures or Company facts in Studio records it; nobody edits or deletes it, so
 * the site can show at a permanent address what applied on any day.
 */
export const policyVersion = defineType({
  name: POLICY_VERSION_TYPE,
  title: 'Policy version',
  type: 'document',
  icon: ClockIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'policy',
      title: 'Policy',
      type: 'string',
      options: {
        list: Object.values(POLICY_IDS).map((id) => ({title: DOCUMENT_TITLES[id], value: id})),
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'number',
      title: 'Version',
      type: 'number',
      description: 'Counted from 1 for each policy. Part of the version’s permanent web address.',
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'effectiveDate',
      title: 'Applies from',
      type: 'date',
      description: 'The day, in India, from which this wording applies.',
      options: {dateFormat: 'D MMMM YYYY'},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'summary',
      title: 'What changed',
      type: 'text',
      rows: 3,
      description: 'Written by staff when they published the change; shown with the version.',
      validation: (rule) => rule.required().max(SUMMARY_MAX),
    }),
    defineField({
      name: 'recordedAt',
      title: 'Recorded',
      type: 'datetime',
      description: 'When the publish that recorded this version happened.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'shortNoticeReasons',
      title: 'Applies with short notice because',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      description:
        'Set when the change applies sooner than the notice period in Policy figures after it was recorded: every reason true of it, shown with the version.',
      options: {...entryChoice(SHORT_NOTICE_REASONS), layout: 'grid'},
      hidden: ({value}) => !(value as unknown[] | undefined)?.length,
    }),
    defineField({
      name: 'shortNoticeLaw',
      title: 'The law that requires it',
      type: 'string',
      description: `Named when the law requires the change from an earlier date, for example “${SHORT_NOTICE_LAW_EXAMPLE}”; shown with the version.`,
      hidden: ({document, value}) => !value && !shortNoticeLawProblem((document ?? {}) as ShortNoticeRecord),
      validation: (rule) =>
        rule.custom(
          (_law, context) => shortNoticeLawProblem((context.document ?? {}) as ShortNoticeRecord) ?? true,
        ),
    }),
    defineField({
      name: 'noticeDays',
      title: 'Notice period when announced (days)',
      type: 'number',
      description:
        'The notice period in Policy figures before the publish that recorded this version. The build checks the version against it.',
    }),
    defineField({
      name: 'withdrawnAt',
      title: 'Withdrawn',
      type: 'datetime',
      description:
        'When “Withdraw announced change” withdrew this version before it applied: it never applies, and the history says so.',
    }),
    defineField({
      name: 'withdrawnNote',
      title: 'Why it was withdrawn',
      type: 'text',
      rows: 3,
      description: 'Written by staff when they withdrew it; shown to readers with the version.',
      validation: (rule) => rule.max(SUMMARY_MAX),
    }),
    defineField({
      name: 'notes',
      title: 'Notes of correction',
      type: 'array',
      description:
        'Dated notes added with “Add a note of correction” where this record turned out incomplete: shown to readers with the version. A note is never edited or removed.',
      of: [
        defineArrayMember({
          name: 'versionNote',
          title: 'Note of correction',
          type: 'object',
          fields: [
            defineField({
              name: 'addedAt',
              title: 'Added',
              type: 'datetime',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'text',
              title: 'Note',
              type: 'text',
              rows: 3,
              validation: (rule) => [
                rule.required(),
                rule.custom((text: string | undefined) => versionNoteProblems(text)[0] ?? true),
              ],
            }),
          ],
          preview: {select: {title: 'text', subtitle: 'addedAt'}},
        }),
      ],
      hidden: ({value}) => !(value as unknown[] | undefined)?.length,
    }),
    defineField({name: 'title', title: 'Title', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'description', title: 'Search description', type: 'text', rows: 3}),
    defineField({name: 'intro', title: 'At a glance', type: 'policyBody'}),
    defineField({
      name: 'sections',
      title: 'Numbered sections',
      type: 'array',
      of: [defineArrayMember({type: 'policySection'})],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'figures',
      title: 'Figures as quoted',
      type: 'array',
      description: 'Each policy figure the text quotes, as it read when this version was recorded.',
      of: [
        quoted('quotedFigure', {name: 'figure', title: 'Figure', table: POLICY_FIGURES}, (rule) =>
          rule.required(),
        ),
      ],
    }),
    defineField({
      name: 'facts',
      title: 'Company facts as quoted',
      type: 'array',
      description: 'Each company fact the text quotes, as it read when this version was recorded.',
      // A fact staff had not entered yet was quoted as nothing.
      of: [
        quoted('quotedFact', {
          name: 'fact',
          title: 'Fact',
          table: COMPANY_FACTS,
          extra: [
            defineField({
              name: 'period',
              title: 'Period (number and unit)',
              type: 'period',
              description:
                'A period fact as this version stated it: its number and unit beside the printed text.',
            }),
          ],
        }),
      ],
    }),
  ],
  orderings: [{title: 'Newest first', name: 'numberDesc', by: [{field: 'number', direction: 'desc'}]}],
  preview: {
    select: {
      policy: 'policy',
      number: 'number',
      effectiveDate: 'effectiveDate',
      summary: 'summary',
      withdrawnAt: 'withdrawnAt',
    },
    prepare: ({policy, number, effectiveDate, summary, withdrawnAt}) => ({
      title: `${DOCUMENT_TITLES[policy as PolicyId] ?? policy}, version ${number} (${withdrawnAt ? 'withdrawn, never applied' : `from ${effectiveDate}`})`,
      subtitle: summary,
    }),
  },
})
