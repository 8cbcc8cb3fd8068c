import {ClockIcon} from '@sanity/icons/Clock'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {TIMELINE_CELL_TEXT, TIMELINE_TABLE_HEADINGS} from '../../../model/portableText'
import {textFields} from '../fields'
import {textMembers} from './portableText'

/** One line of words with figures in it: a cell of a table of timelines. */
const cell = (name: string, title: string, description: string, required: boolean) =>
  defineField({
    name,
    title,
    type: 'array',
    description,
    of: textMembers(TIMELINE_CELL_TEXT),
    validation: (rule) => (required ? rule.required().length(1) : rule.max(1)),
  })

/**
 * A table of timelines inside a policy (the Refund Policy's refund times): one row per event, with
 * the latest day and the usual time as Policy figures, so the table and the text never disagree.
 */
export const timelineTable = defineType({
  name: 'timelineTable',
  title: 'Table of timelines',
  type: 'object',
  icon: ClockIcon,
  fields: [
    ...textFields(TIMELINE_TABLE_HEADINGS),
    defineField({
      name: 'rows',
      title: 'Rows',
      type: 'array',
      description: 'One row per event, in the order a reader meets them.',
      validation: (rule) => rule.required().min(1),
      of: [
        defineArrayMember({
          name: 'timelineRow',
          title: 'Row',
          type: 'object',
          fields: [
            defineField({
              name: 'event',
              title: 'Event',
              type: 'string',
              description: 'What happens, for example "You cancel before the service starts".',
              validation: (rule) => rule.required().max(200),
            }),
            cell(
              'latest',
              'At the latest',
              'One line: the latest day, with its period inserted as a Policy figure, for example "5 weeks after your cancellation".',
              true,
            ),
            cell('usual', 'Usually', 'Optional, one line: the usual time, with its Policy figure.', false),
          ],
          preview: {select: {title: 'event'}},
        }),
      ],
    }),
  ],
  preview: {
    select: {heading: 'latestHeading', rows: 'rows'},
    prepare: ({heading, rows}: {heading?: string; rows?: unknown[]}) => ({
      title: 'Table of timelines',
      subtitle: `${rows?.length ?? 0} rows${heading ? `: ${heading}` : ''}`,
    }),
  },
})
