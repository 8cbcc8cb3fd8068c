import {CaseIcon} from '@sanity/icons/Case'
import {defineArrayMember, defineField, defineType, type Rule, type StringRule, type UrlRule} from 'sanity'
import {
  isNamedCountry,
  isSampleFact,
  isSampleProcessor,
  PROCESSOR_PURPOSE_KEYS,
  PROCESSOR_PURPOSES,
  INDIAN_PHONE_RULE,
  PERIOD_SAMPLE_WARNING,
  SAMPLE_WARNING,
  type FactKind,
  type Processor,
} from '../../../model/companyFacts'
import {gstinProblem, hasCompanyForm, isCin, panOfGstin} from '../../../model/indianIdentifiers'
import {isIndianPhone, SAMPLE_MARK} from '../../../model/samples'
import {EMAIL_PATTERN, isInternationalPhone} from '../../../model/addresses'
import {requiredObject} from '../fields'
import {requiredFormat} from '../rules'
import {formatPeriod, isCompletePeriod, periodProblem, type PeriodValue} from '../../../model/periods'
import {WEEKDAY_CHOICES, workingHoursProblem, type WorkingHours} from '../../../model/workingHours'

/** A sample value is allowed while the site is prepared, with a warning on the field. */
const notSample =
  (kind: FactKind) =>
  <R extends Rule | StringRule | UrlRule>(rule: R): R =>
    (rule as StringRule)
      .custom((value: unknown) => (isSampleFact(kind, value) ? SAMPLE_WARNING : true))
      .warning() as unknown as R

/** A period fact: both parts entered, and a warning while it is still the bundled sample. */
const PERIOD_MISSING = 'Enter the period: a number and a unit.'

const periodRules = (rule: Rule) => [
  rule.required().error(PERIOD_MISSING),
  rule
    .custom((value: PeriodValue) =>
      value === null || value === undefined
        ? true
        : (periodProblem(value) ?? (isCompletePeriod(value) ? true : PERIOD_MISSING)),
    )
    .error(),
  rule
    .custom((value: PeriodValue) =>
      isSampleFact('period', formatPeriod(value)) ? PERIOD_SAMPLE_WARNING : true,
    )
    .warning(),
]

const withoutSampleMark = (value: string) => value.replace(SAMPLE_MARK, '').trim()

/** A full https:// address that is not a sample on a name reserved for examples. */
const httpsAddress = (rule: UrlRule) => [
  rule
    .required()
    .uri({scheme: ['https']})
    .error('Use a full https:// address.'),
  notSample('url')(rule),
]

const requiredText =
  (max: number, kind: FactKind = 'text') =>
  (rule: StringRule) => [rule.required().max(max), notSample(kind)(rule)]

const EMAIL_HELP = 'Enter an e-mail address such as care@yourcompany.in.'
const INDIAN_PHONE_HELP = INDIAN_PHONE_RULE

const PHONE_HELP =
  'Enter the number in international form: +, the country code, then the number, such as +91 40 1234 5678 (no 0 after +91).'

const email = (rule: StringRule) => [
  rule.required().regex(EMAIL_PATTERN, {name: 'e-mail address'}).error(EMAIL_HELP),
  notSample('email')(rule),
]

const phone = (rule: StringRule) => [
  requiredFormat(isInternationalPhone, PHONE_HELP)(rule),
  notSample('phone')(rule),
  // A warning while the site is prepared (the samples are numbers kept for fiction); the launch
  // check refuses a public build without Indian numbers.
  rule
    .custom((value: string | undefined) => (!value || isIndianPhone(value) ? true : INDIAN_PHONE_HELP))
    .warning(),
]

const emailField = (description: string) =>
  defineField({name: 'email', title: 'E-mail', type: 'string', description, validation: email})

const phoneField = () =>
  defineField({
    name: 'phone',
    title: 'Phone',
    type: 'string',
    description: `In international form, for example +91 40 1234 5678. ${INDIAN_PHONE_HELP}`,
    validation: phone,
  })

/** The Grievance Officer's card: name, designation, e-mail and phone. */
const person = (who: string) => [
  defineField({
    name: 'name',
    title: 'Name',
    type: 'string',
    description: `The full name of ${who}, as it should appear on the site.`,
    validation: requiredText(80),
  }),
  defineField({
    name: 'designation',
    title: 'Designation',
    type: 'string',
    description: 'Their role in the company, for example "Grievance Officer" or "Data Protection Officer".',
    validation: requiredText(80),
  }),
  emailField("Shown as a link that opens the visitor's e-mail program."),
  phoneField(),
]

type PrivacyContact = {sameAsGrievanceOfficer?: boolean} | undefined
const someoneElse = (parent: unknown) => (parent as PrivacyContact)?.sameAsGrievanceOfficer === false

/** The same card for another person, asked for only when staff name someone else. */
const otherPerson = () => {
  const checks: Record<string, (value: string) => string | true> = {
    email: (value) => EMAIL_PATTERN.test(value) || EMAIL_HELP,
    phone: (value) => isInternationalPhone(value) || PHONE_HELP,
  }
  const kinds: Record<string, FactKind> = {email: 'email', phone: 'phone'}
  return person('this person').map((field) =>
    defineField({
      ...field,
      hidden: ({parent}) => !someoneElse(parent),
      validation: (rule: StringRule) => [
        rule.custom((value: string | undefined, context) => {
          if (!someoneElse(context.parent)) return true
          if (!value) return 'Required when someone other than the Grievance Officer answers.'
          return checks[field.name]?.(value) ?? (value.length <= 80 || 'At most 80 characters.')
        }),
        notSample(kinds[field.name] ?? 'text')(rule),
      ],
    }),
  )
}

/**
 * What only the company can supply, entered once: the footer, the Contact page, the header's
 * Login link and every policy read them from here. Indian law asks for most of them on the
 * website: the legal name and registered office (Companies Act s.12), the customer-care and
 * Grievance Officer contacts (Consumer Protection (E-Commerce) Rules 2020 r.4, IT Rules 2011
 * r.5(9)), and whom to ask about personal data (DPDP Act 2023 s.8(9)).
 */
export const companyFacts = defineType({
  name: 'companyFacts',
  title: 'Company facts',
  type: 'document',
  icon: CaseIcon,
  groups: [
    {name: 'company', title: 'Company', default: true},
    {name: 'contacts', title: 'Contacts'},
    {name: 'data', title: 'Personal data'},
  ],
  fields: [
    defineField({
      name: 'legalName',
      title: 'Legal name',
      type: 'string',
      group: 'company',
      description:
        'The registered name with its company form, exactly as on the certificate of incorporation, for example "MediStay Health Services Private Limited". Shown in the footer and the policies.',
      validation: (rule) => [
        ...requiredText(120)(rule),
        rule.custom((value: string | undefined) =>
          !value || hasCompanyForm(withoutSampleMark(value))
            ? true
            : 'End the name with its company form: "Private Limited", "Limited" (or "Pvt. Ltd.", "Ltd.").',
        ),
      ],
    }),
    defineField({
      name: 'cin',
      title: 'CIN (Corporate Identity Number)',
      type: 'string',
      group: 'company',
      description: '21 characters from the certificate of incorporation, for example U86100TG2024PTC123456.',
      validation: (rule) => [
        requiredFormat(
          // Judged when staff publish: a company incorporated this year has a CIN of this year.
          (value) => isCin(value, new Date()),
          'A CIN has 21 characters: L or U, five digits, two letters for the state, the year, three letters and six digits, in capitals without spaces.',
        )(rule),
        notSample('cin')(rule),
      ],
    }),
    defineField({
      name: 'gstin',
      title: 'GSTIN',
      type: 'string',
      group: 'company',
      description: '15 characters from the GST registration certificate, for example 36AAACM1234A1Z5.',
      validation: (rule) => [
        rule.required().custom((value: string | undefined) => {
          const problem = value ? gstinProblem(value) : undefined
          if (problem === 'format')
            return 'A GSTIN has 15 characters: the two-digit state code, the PAN, one character, Z and a check character, in capitals without spaces.'
          if (problem === 'state') return 'The first two digits are not a GST state code (01–38, 97 or 99).'
          if (problem === 'check')
            return 'The last character does not match the rest: one character is probably mistyped. Copy the GSTIN from the registration certificate.'
          return true
        }),
        notSample('gstin')(rule),
        rule
          .custom((value: string | undefined, context) => {
            const cin = (context.document as {cin?: string} | undefined)?.cin
            // A company's PAN has C as its fourth character; a GSTIN of another holder is a mix-up.
            return !value || !cin || gstinProblem(value) || panOfGstin(value)[3] === 'C'
              ? true
              : 'The PAN inside this GSTIN is not a company’s (its fourth character is not C). Check it belongs to the company.'
          })
          .warning(),
      ],
    }),
    defineField({
      name: 'registeredOffice',
      title: 'Registered office',
      type: 'postalAddress',
      group: 'company',
      description:
        'The address registered with the Registrar of Companies. Shown in the footer and the policies.',
      validation: (rule) => [rule.required(), notSample('address')(rule)],
    }),
    defineField({
      name: 'appUrl',
      title: 'App address (Login link)',
      type: 'url',
      group: 'company',
      description: 'The address of the separate app that the Login link in the header opens (https only).',
      validation: httpsAddress,
    }),
    requiredObject(
      'customerCare',
      {
        title: 'Customer care',
        group: 'contacts',
        description: 'How customers reach the company. Shown on the Contact page and in the policies.',
      },
      [
        emailField('Shown as a link; new contact-form messages are e-mailed here too.'),
        phoneField(),
        defineField({
          name: 'hours',
          title: 'Working hours',
          type: 'object',
          description:
            'When customer care answers, in India time. Each language prints it in its own words ("Monday to Friday, 10:00–18:00 IST"), with the words of Site settings › Policy dates and figures.',
          options: {columns: 2},
          fields: [
            defineField({
              name: 'fromDay',
              title: 'From',
              type: 'string',
              options: {list: WEEKDAY_CHOICES, layout: 'dropdown'},
            }),
            defineField({
              name: 'toDay',
              title: 'To',
              type: 'string',
              options: {list: WEEKDAY_CHOICES, layout: 'dropdown'},
            }),
            defineField({
              name: 'opens',
              title: 'Opens',
              type: 'string',
              description: '24-hour, such as 10:00.',
            }),
            defineField({
              name: 'closes',
              title: 'Closes',
              type: 'string',
              description: '24-hour, such as 18:00.',
            }),
            defineField({
              name: 'sample',
              title: 'Sample from the bundled dataset',
              type: 'boolean',
              description:
                'Turned on in the bundled dataset: the hours are shown with a "(sample)" mark and a public build refuses them. Turn it off once these are the company’s own hours.',
              initialValue: false,
              hidden: ({value}) => value !== true,
            }),
          ],
          validation: (rule) => [
            rule.custom((value: WorkingHours | undefined) => workingHoursProblem(value) ?? true).error(),
            rule
              .custom((value: WorkingHours | undefined) => (value?.sample ? SAMPLE_WARNING : true))
              .warning(),
          ],
        }),
      ],
    ),
    requiredObject(
      'grievanceOfficer',
      {
        title: 'Grievance Officer',
        group: 'contacts',
        description:
          'The person who handles complaints. The law asks for their name, designation and contact details on the website.',
      },
      [
        ...person('the Grievance Officer'),
        defineField({
          name: 'postalAddress',
          title: 'Postal address',
          type: 'postalAddress',
          description: 'Where written complaints are sent; often the registered office.',
          validation: (rule) => [rule.required(), notSample('address')(rule)],
        }),
      ],
    ),
    requiredObject(
      'privacyContact',
      {
        title: 'Questions about personal data',
        group: 'contacts',
        description:
          'The person who answers questions about how the company handles personal data (a Data Protection Officer, if there is one).',
      },
      [
        defineField({
          name: 'sameAsGrievanceOfficer',
          title: 'The Grievance Officer answers these',
          type: 'boolean',
          description: 'Switch off to name someone else.',
          initialValue: true,
        }),
        ...otherPerson(),
      ],
    ),
    defineField({
      name: 'processors',
      title: 'Data processors',
      type: 'array',
      group: 'data',
      description:
        'Every provider that processes personal data for the company through this website, one row each: who (its legal name), for what, and in which country. The notice beside the contact form and the Privacy Policy name them from here, so a row must say what the provider really does. A build for the public address refuses a sample row, and a table that does not match the server (the message store it uses, whether it sends e-mail).',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'processor',
          fields: [
            defineField({
              name: 'name',
              title: 'Provider',
              type: 'string',
              description:
                'The company’s legal name as in our contract with it, for example "Example Cloud India Private Limited".',
              validation: (rule: StringRule) => [
                rule.required().max(120),
                rule
                  .custom((value: string | undefined) =>
                    value && isSampleProcessor({name: value}) ? SAMPLE_WARNING : true,
                  )
                  .warning(),
              ],
            }),
            defineField({
              name: 'purposes',
              title: 'What it does for us',
              type: 'array',
              of: [{type: 'string'}],
              options: {
                list: PROCESSOR_PURPOSE_KEYS.map((value) => ({
                  value,
                  title: PROCESSOR_PURPOSES[value].title,
                })),
              },
              validation: (rule) => rule.required().min(1),
            }),
            defineField({
              name: 'country',
              title: 'Country where it keeps the data',
              type: 'string',
              description:
                'In English, as it should read in "in …", for example "India" or "the United States". A country other than India is named as a transfer outside India. Pages in other languages name the country in their language when it is typed as its English name.',
              validation: (rule: StringRule) => [
                rule.required().max(60),
                rule
                  .custom((country: string | undefined) =>
                    !country?.trim() || isNamedCountry(country)
                      ? true
                      : 'Not a country’s English name: pages in Hindi, Telugu and other languages print it as typed, in English. Write the country’s English name, such as "the United States".',
                  )
                  .warning(),
              ],
            }),
          ],
          preview: {
            select: {title: 'name', country: 'country', purposes: 'purposes'},
            prepare: ({title, country, purposes}: Processor & {title?: string}) => ({
              title,
              subtitle: [country, ...(purposes ?? [])].filter(Boolean).join(' · '),
            }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'unverifiedChildDataDeletion',
      title: 'Unconfirmed data about a child deleted within',
      type: 'period',
      group: 'data',
      description:
        'How soon we delete a message about a child when no parent or lawful guardian has confirmed it, as it reads in "deleted within … of receipt", for example 30 days: the number, and the unit it counts. Only the company can set this; the policies quote it.',
      validation: periodRules,
    }),
    defineField({
      name: 'lastCopyGoneWithin',
      title: 'Last copy of a deleted message gone within',
      type: 'period',
      group: 'data',
      description:
        'How soon after a contact message is deleted its last copy is gone: the backups of the message store, the content provider’s document history (when messages are kept there) and the mailboxes’ deleted items, as it reads in "gone at the latest … after that", for example 35 days: the number, and the unit it counts. Only the company can set this; the notice and the Privacy Policy quote it. Which of those copies they name follows the Data processors: backups when a row keeps them, the document history when the content provider’s row is also the message store, deleted items when a row hosts the mailboxes.',
      validation: periodRules,
    }),
    defineField({
      name: 'clinicDataExportPeriod',
      title: 'Clinic data can be exported after a subscription ends for',
      type: 'period',
      group: 'data',
      description:
        'How long after a clinic subscription ends the clinic can still export its data, after which we delete it, as it reads in "for … after it ends", for example 90 days: the number, and the unit it counts. Only the company can set this; the Terms and Conditions quote it.',
      validation: periodRules,
    }),
    defineField({
      name: 'clinicBackupsGoneWithin',
      title: 'Backups of deleted clinic data gone within',
      type: 'period',
      group: 'data',
      description:
        'How soon after clinic data is deleted its backup copies are gone, as it reads in "gone at the latest … after that", for example 35 days: the number, and the unit it counts. Only the company can set this; the Terms and the Privacy Policy quote it.',
      validation: periodRules,
    }),
    defineField({
      name: 'bookingConfirmationWithin',
      title: 'A paid booking is confirmed (or treated as cancelled by us) within',
      type: 'period',
      group: 'company',
      description:
        'How soon after payment we confirm a booking; a booking not confirmed in that time is treated as cancelled by us, and refunded with the amount equal to the processing fee. As it reads in "within … of your payment", for example 2 business days: the number, and the unit it counts. Only the company can set this; the Terms and the Refund policy quote it.',
      validation: periodRules,
    }),
    defineField({
      name: 'dataProtectionBoardUrl',
      title: 'Data Protection Board of India → complaint address',
      type: 'url',
      group: 'data',
      description:
        'The web address where the Data Protection Board of India takes complaints, once the company’s lawyer has confirmed the official one. The Privacy Policy quotes it.',
      validation: httpsAddress,
    }),
  ],
  preview: {prepare: () => ({title: 'Company facts'})},
})
