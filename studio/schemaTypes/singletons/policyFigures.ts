import {NumberIcon} from '@sanity/icons/Number'
import {defineField, defineType} from 'sanity'
import {POLICY_FIGURES} from '../../../model/policyFigures'

const figure = (key: keyof typeof POLICY_FIGURES) => ({
  name: key,
  title: POLICY_FIGURES[key].title,
  description: `${POLICY_FIGURES[key].description} Changing it here changes every policy that shows it.`,
})

const wholeNumber = (key: keyof typeof POLICY_FIGURES, min: number, max: number) =>
  defineField({
    ...figure(key),
    type: 'number',
    validation: (rule) => rule.required().integer().min(min).max(max),
  })

/** The business figures quoted in the policies, edited once and shown wherever they are referenced. */
export const policyFigures = defineType({
  name: 'policyFigures',
  title: 'Policy figures',
  type: 'document',
  icon: NumberIcon,
  fields: [
    wholeNumber('cancellationFeePercent', 0, 100),
    wholeNumber('refundRequestWindowDays', 1, 365),
    defineField({
      ...figure('refundProcessingWeeks'),
      type: 'object',
      options: {columns: 2},
      fields: [
        defineField({
          name: 'min',
          title: 'From (weeks)',
          type: 'number',
          description: 'The shortest time, in weeks.',
          validation: (rule) => rule.required().integer().min(1).max(52),
        }),
        defineField({
          name: 'max',
          title: 'To (weeks)',
          type: 'number',
          description: 'The longest time, in weeks.',
          validation: (rule) =>
            rule
              .required()
              .integer()
              .max(52)
              .custom((max, context) => {
                const min = (context.parent as {min?: number} | undefined)?.min
                return typeof max !== 'number' || typeof min !== 'number' || max >= min
                  ? true
                  : '"To" must be at least "From".'
              }),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    wholeNumber('refundMinimumBusinessDays', 1, 120),
    wholeNumber('serviceChangeWindowHours', 1, 720),
    wholeNumber('minorAge', 1, 21),
    wholeNumber('contractAge', 16, 21),
    wholeNumber('grievanceAcknowledgementHours', 1, 48),
    wholeNumber('grievanceResolutionMonths', 1, 1),
    wholeNumber('contactMessageRetentionMonths', 1, 120),
    wholeNumber('refundVerificationBusinessDays', 1, 60),
    wholeNumber('breachReportHours', 1, 72),
    wholeNumber('policyChangeNoticeDays', 1, 365),
    defineField({...figure('governingLaw'), type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({
      ...figure('jurisdictionCity'),
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
  ],
  preview: {prepare: () => ({title: 'Policy figures'})},
})
