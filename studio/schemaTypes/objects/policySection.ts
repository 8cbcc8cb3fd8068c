import {defineField, defineType} from 'sanity'

/** One numbered section of a policy. The site numbers sections in the order they are listed. */
export const policySection = defineType({
  name: 'policySection',
  title: 'Policy section',
  type: 'object',
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description:
        'The section heading without its number, for example "Information We Collect". The site numbers sections and lists them in the table of contents.',
      validation: (rule) => rule.required().max(90),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'policyBody',
      description:
        'The section text. Insert figures (fees, days) with "Policy figure" so they stay in step with the Policy figures document.',
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'heading', body: 'body'},
    prepare: ({title, body}) => ({title, subtitle: `${body?.length ?? 0} paragraphs`}),
  },
})
