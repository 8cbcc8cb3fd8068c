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
    wholeNumber('refundProcessingWeeks', 1, 52),
    defineField({
      ...wholeNumber('refundUsualBusinessDays', 1, 120),
      validation: (rule) =>
        rule
          .required()
          .integer()
          .min(1)
          .custom((days, context) => {
            const weeks = (context.document as {refundProcessingWeeks?: number} | undefined)
              ?.refundProcessingWeeks
            // Five business days make a week: the usual time must fit inside the deadline.
            return typeof days !== 'number' || typeof weeks !== 'number' || days <= weeks * 5
              ? true
              : 'The usual time must be within the refund deadline.'
          }),
    }),
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
