import {CogIcon} from '@sanity/icons/Cog'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {
  POLICY_HISTORY_WORD_KEYS,
  POLICY_HISTORY_WORD_MAX,
  POLICY_HISTORY_WORDS,
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
  textField,
  textFieldOf,
  textFields,
  translatablePreview,
  translationFields,
} from '../fields'
import {oneForEachSection} from '../rules'

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
        group: 'company',
        description:
          'The words around a policy’s date, its version history, the banners on earlier and upcoming versions, and the differences between versions.',
      },
      POLICY_HISTORY_WORD_KEYS.map((name) =>
        textField(name, {
          title: POLICY_HISTORY_WORDS[name].title,
          description: `For example "${POLICY_HISTORY_WORDS[name].example}".`,
          max: POLICY_HISTORY_WORD_MAX,
        }),
      ),
    ),
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
