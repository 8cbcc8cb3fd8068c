import {NumberIcon} from '@sanity/icons/Number'
import {defineField, defineType} from 'sanity'
import {
  POLICY_FIGURES,
  POLICY_FIGURE_KEYS,
  formatFigure,
  type PolicyFigureKey,
} from '../../../model/policyFigures'
import {entryChoice, quotedDocument} from '../fields'

/**
 * A figure inside policy text (a fee, a number of days). It shows the current value from
 * "Policy figures", so a change there reaches every policy at once. The reference keeps the
 * figures document from being deleted while a policy quotes it.
 */
export const figureRef = defineType({
  name: 'figureRef',
  title: 'Policy figure',
  type: 'object',
  icon: NumberIcon,
  fields: [
    defineField({
      name: 'figure',
      title: 'Figure',
      type: 'string',
      description: 'Which figure to show. Its value is edited once, in "Policy figures".',
      options: entryChoice(POLICY_FIGURES),
      validation: (rule) => rule.required(),
    }),
    quotedDocument('figures', 'policyFigures'),
  ],
  preview: {
    select: {
      figure: 'figure',
      ...Object.fromEntries(POLICY_FIGURE_KEYS.map((key) => [key, `figures.${key}`])),
    },
    prepare: (selection: Record<string, unknown>) => {
      const key = selection.figure as PolicyFigureKey | undefined
      if (!key || !(key in POLICY_FIGURES)) return {title: 'Choose a figure'}
      return {
        title: formatFigure(key, selection[key] as never),
        subtitle: POLICY_FIGURES[key].title,
      }
    },
  },
})
