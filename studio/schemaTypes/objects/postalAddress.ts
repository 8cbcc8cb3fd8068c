import {defineField, defineType} from 'sanity'
import {isPinCode} from '../../../model/indianIdentifiers'

/** A postal address in India, printed on one line: "Street, City, State 500001, India". */
export const postalAddress = defineType({
  name: 'postalAddress',
  title: 'Postal address',
  type: 'object',
  options: {columns: 2},
  fields: [
    defineField({
      name: 'streetAddress',
      title: 'Street address',
      type: 'text',
      rows: 2,
      description: 'Building, street and area, one or two lines.',
      validation: (rule) => rule.required().max(200),
    }),
    defineField({
      name: 'city',
      title: 'City',
      type: 'string',
      description: 'For example Hyderabad.',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'state',
      title: 'State',
      type: 'string',
      description: 'The state or union territory, for example Telangana.',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'pinCode',
      title: 'PIN code',
      type: 'string',
      description: 'Six digits, for example 500033.',
      validation: (rule) =>
        rule
          .required()
          .custom((value: string | undefined) =>
            !value || isPinCode(value)
              ? true
              : 'A PIN code is six digits without spaces, the first not 0, for example 500033.',
          ),
    }),
  ],
})
