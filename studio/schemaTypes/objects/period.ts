import {defineField, defineType} from 'sanity'
import {formatPeriod, PERIOD_UNIT_CHOICES, type Period} from '../../../model/periods'

/**
 * A period a Company fact states ("30 days"): a number and a unit, which every language's page
 * prints in its own words. `sample` marks the bundled dataset's value until staff confirm theirs.
 */
export const period = defineType({
  name: 'period',
  title: 'Period',
  type: 'object',
  options: {columns: 2},
  fields: [
    defineField({
      name: 'count',
      title: 'Number',
      type: 'number',
      description: 'A whole number, for example 30.',
      validation: (rule) => rule.integer().min(1).error('Enter a whole number of 1 or more.'),
    }),
    defineField({
      name: 'unit',
      title: 'Unit',
      type: 'string',
      description: 'What the number counts.',
      options: {list: PERIOD_UNIT_CHOICES, layout: 'dropdown'},
    }),
    defineField({
      name: 'sample',
      title: 'Sample from the bundled dataset',
      type: 'boolean',
      description:
        'Turned on in the bundled dataset: the period is shown with a "(sample)" mark and a public build refuses it. Turn it off once this is the company’s own period.',
      initialValue: false,
      // Only the bundled dataset sets it: staff see it while it is on, to turn it off.
      hidden: ({value}) => value !== true,
    }),
  ],
  preview: {
    select: {count: 'count', unit: 'unit', sample: 'sample'},
    prepare: (value: Period) => ({title: formatPeriod(value) || 'Not entered yet'}),
  },
})
