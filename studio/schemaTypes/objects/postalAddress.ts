import {defineField, defineType} from 'sanity'
import {isPinCode} from '../../../model/indianIdentifiers'
import {textField} from '../fields'
import {requiredFormat} from '../rules'

/** A postal address in India, printed on one line: "Street, City, State 500001, India". */
export const postalAddress = defineType({
  name: 'postalAddress',
  title: 'Postal address',
  type: 'object',
  options: {columns: 2},
  fields: [
    textField('streetAddress', {
      title: 'Street address',
      description: 'Building, street and area, one or two lines.',
      max: 200,
      rows: 2,
    }),
    textField('city', {title: 'City', description: 'For example Hyderabad.', max: 60}),
    textField('state', {
      title: 'State',
      description: 'The state or union territory, for example Telangana.',
      max: 60,
    }),
    defineField({
      name: 'pinCode',
      title: 'PIN code',
      type: 'string',
      description: 'Six digits, for example 500033.',
      validation: requiredFormat(
        isPinCode,
        'A PIN code is six digits without spaces, the first not 0, for example 500033.',
      ),
    }),
  ],
})
