import {CogIcon} from '@sanity/icons/Cog'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {
  FIGURE_WORD_KEYS,
  figureWordMax,
  FIGURE_WORDS,
  figureWordDescription,
  figureWordMissingEffect,
  figureWordProblem,
} from '../../../model/policyFigures'
import {
  historyWordPlaceholders,
  historyWordProblem,
  POLICY_HISTORY_WORD_KEYS,
  POLICY_HISTORY_WORD_MAX,
  POLICY_HISTORY_WORDS,
  type PolicyHistoryWord,
} from '../../../model/policyVersions'
import {
  BOOK_APPOINTMENT_TEXT,
  INTERFACE_TEXT,
  NOT_FOUND_TEXT,
  SITE_SETTINGS_TEXT,
} from '../../../model/siteSettingsText'
import {LANGUAGE_FIELD} from '../../../model/translations'
import {
  isEnglish,
  listField,
  requiredObject,
  textFieldOf,
  textFields,
  translatablePreview,
  translationFields,
} from '../fields'
import {oneForEachSection} from '../rules'

/** One word of the policy history: a template must place each value it shows, in braces. */
function historyWordField(name: PolicyHistoryWord) {
  const {title, example} = POLICY_HISTORY_WORDS[name]
  const values = historyWordPlaceholders(name)
  return defineField({
    name,
    title,
    type: 'string',
    description:
      values.length === 0
        ? `For example "${example}".`
        : `For example "${example}". Keep ${values.map((value) => `{${value}}`).join(' and ')} where this language puts ${values.length === 1 ? 'it' : 'them'}.`,
    validation: (rule) => [
      rule.required().max(POLICY_HISTORY_WORD_MAX),
      rule.custom((words: string | undefined) => (words ? (historyWordProblem(name, words) ?? true) : true)),
    ],
  })
}

/** Words used on every page: header, footer, search defaults. The company's own facts are in Company facts. */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    {name: 'company', title: 'Company', default: true},
    {name: 'header', title: 'Header'},
    {name: 'footer', title: 'Footer'},
    {name: 'seo', title: 'Search'},
    {name: 'policyWords', title: 'Policy dates and figures'},
    {name: 'languages', title: 'Languages'},
  ],
  fields: [
    ...translationFields(),
    textFieldOf(SITE_SETTINGS_TEXT, 'companyName', 'company'),
    textFieldOf(SITE_SETTINGS_TEXT, 'tagline', ['company', 'footer']),
    textFieldOf(SITE_SETTINGS_TEXT, 'loginLabel', 'header'),
    listField(
      'navItems',
      'navItem',
      {
        title: 'Header buttons',
        group: 'header',
        description:
          'The buttons that scroll to the home-page sections, in order. Every section needs exactly one button.',
      },
      oneForEachSection('Add a button for', 'Each section may have only one button.'),
    ),
    requiredObject(
      'bookAppointment',
      {
        title: 'Book Appointment button',
        group: 'header',
        description:
          'The button in the mobile menu that opens the contact form, ready for a booking request.',
      },
      textFields(BOOK_APPOINTMENT_TEXT),
    ),
    textFieldOf(SITE_SETTINGS_TEXT, 'companyLinksTitle', 'footer'),
    listField(
      'companyLinks',
      'requiredLink',
      {
        title: 'Company links',
        group: 'footer',
        description: 'Links to the About, Contact and policy pages, in order.',
      },
      (rule) => rule.required().min(1).max(8),
    ),
    listField(
      'footerGroups',
      'footerGroup',
      {
        title: 'Footer groups',
        group: 'footer',
        description: 'Columns of links such as "For Patients" and "For Doctors".',
      },
      (rule) => rule.max(4),
    ),
    textFieldOf(SITE_SETTINGS_TEXT, 'comingSoonLabel', 'footer'),
    defineField({
      name: 'copyrightYear',
      title: 'Copyright year',
      type: 'number',
      group: 'footer',
      description:
        'The year the site was first published. The copyright line at the bottom of every page runs from it to the year the site was built, for example "© 2025–2026".',
      validation: (rule) => rule.required().integer().min(2000).max(2100),
    }),
    requiredObject(
      'seo',
      {
        title: 'Search defaults',
        group: 'seo',
        description: 'Used when a page has no title or description of its own.',
      },
      [
        defineField({
          name: 'titleSuffix',
          title: 'Title ending',
          type: 'string',
          description: 'Added after every page title in browser tabs, for example " | MediStay India".',
          validation: (rule) => rule.max(40),
        }),
        defineField({
          name: 'description',
          title: 'Default description',
          type: 'text',
          rows: 3,
          description: 'Shown in search results for pages without their own description.',
          validation: (rule) => rule.required().min(50).max(200),
        }),
      ],
    ),
    requiredObject(
      'interfaceText',
      {
        title: 'Interface words',
        group: 'company',
        description:
          'Small words the site uses around the content, such as the menu button and the table of contents.',
      },
      textFields(INTERFACE_TEXT),
    ),
    requiredObject(
      'policyHistory',
      {
        title: 'Policy history words',
        group: ['company', 'policyWords'],
        description:
          'The words around a policy’s date, its version history, the banners on earlier and upcoming versions, and the differences between versions. Words in braces, such as {date}, mark where the page puts a value: move them to where this language says it, and keep their names.',
      },
      POLICY_HISTORY_WORD_KEYS.map((name) => historyWordField(name)),
    ),
    defineField({
      name: 'figureWords',
      title: 'Words of the figures in policies',
      type: 'object',
      group: 'policyWords',
      description:
        'How the policies in this language count months, weeks, days, business days and hours, such as "12 months" in "12 months after we receive it". {n} marks where the number goes; write each in the form the policy sentences need around it. Below them, the phrases of the list of data processors (Company facts) that the contact notice and the Privacy Policy print: what each provider does, where it is, and the word joining a list. A page in this language shows English until every word its text uses is here. English keeps its own words: they are part of each recorded policy version.',
      // English figures are printed into recorded versions; their words are the model's, not content.
      hidden: ({document}) => isEnglish(document?.[LANGUAGE_FIELD]),
      options: {collapsible: true, collapsed: false},
      fields: FIGURE_WORD_KEYS.map((name) =>
        defineField({
          name,
          title: FIGURE_WORDS[name].title,
          description: figureWordDescription(name),
          type: 'string',
          validation: (rule) => [
            rule.max(figureWordMax(name)),
            rule.custom((words: string | undefined) => figureWordProblem(name, words) ?? true),
            rule
              // Hidden on the English document, whose figures keep the model's words.
              .custom((words: string | undefined, context) =>
                words?.trim() || isEnglish(context.document?.[LANGUAGE_FIELD])
                  ? true
                  : figureWordMissingEffect(name),
              )
              .warning(),
          ],
        }),
      ),
    }),
    requiredObject(
      'notFound',
      {
        title: 'Page not found',
        group: 'company',
        description: 'What visitors see when they open an address that does not exist.',
      },
      textFields(NOT_FOUND_TEXT),
    ),
    defineField({
      name: 'languages',
      title: 'Languages the site offers',
      type: 'array',
      group: 'languages',
      description:
        'Besides English, which is always offered. Adding a language here lets staff translate into it (the Translations menu of the Site settings, the Contact page and each policy); turning it on publishes its pages at the next build.',
      of: [defineArrayMember({type: 'siteLanguage'})],
      // Only the English settings' list is read: a translation's copy would be a second, ignored list.
      hidden: ({document}) => !isEnglish(document?.[LANGUAGE_FIELD]),
    }),
  ],
  preview: translatablePreview('Site settings'),
})
