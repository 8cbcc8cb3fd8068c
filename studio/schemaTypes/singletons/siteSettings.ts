import {CogIcon} from '@sanity/icons/Cog'
import {defineField, defineType} from 'sanity'
import {
  POLICY_HISTORY_WORD_KEYS,
  POLICY_HISTORY_WORD_MAX,
  POLICY_HISTORY_WORDS,
} from '../../../model/policyVersions'
import {listField, requiredObject, textField, textFields} from '../fields'
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
  ],
  fields: [
    textField(
      'companyName',
      {
        title: 'Company name',
        description:
          'The brand, shown next to the logo, in the copyright line and in browser tabs. The registered name and the contact details are in "Company facts".',
        max: 60,
      },
      'company',
    ),
    textField(
      'tagline',
      {
        title: 'Tagline',
        description: 'The sentence under the logo in the footer of every page.',
        max: 200,
        rows: 2,
      },
      ['company', 'footer'],
    ),
    textField(
      'loginLabel',
      {title: 'Login label', description: 'The words on the Login link.', max: 20},
      'header',
    ),
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
      textFields({
        label: {title: 'Label', description: 'The words on the button.', max: 30},
        subject: {
          title: 'Subject filled in',
          description: 'The subject the contact form starts with when a visitor uses this button.',
          max: 120,
        },
      }),
    ),
    textField(
      'companyLinksTitle',
      {
        title: 'Company links heading',
        description: 'The heading of the footer column with the company pages, for example "Company".',
        max: 40,
      },
      'footer',
    ),
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
    textField(
      'comingSoonLabel',
      {
        title: 'Coming soon label',
        description: 'Shown beside a footer link that has no address yet.',
        max: 20,
      },
      'footer',
    ),
    defineField({
      name: 'copyrightYear',
      title: 'Copyright year',
      type: 'number',
      group: 'footer',
      description: 'The year in the copyright line at the bottom of every page.',
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
      [
        [
          'skipToContent',
          'Skip link',
          'The first link for keyboard and screen-reader users, e.g. "Skip to content".',
        ],
        [
          'mainNavigation',
          'Header navigation name',
          'Read out by screen readers for the header buttons, e.g. "Main".',
        ],
        [
          'menu',
          'Menu button',
          'The name of the menu button on phones, read out by screen readers, e.g. "Menu".',
        ],
        ['contents', 'Contents heading', 'The heading of a policy\'s list of sections, e.g. "Contents".'],
        [
          'rightsReserved',
          'Rights line',
          'Follows the copyright year and company name, e.g. "All rights reserved."',
        ],
        ['homeLink', 'Home link', 'The link back to the home page on the "page not found" page.'],
        [
          'registeredOffice',
          'Registered office label',
          'Before the registered office address in the footer, e.g. "Registered office".',
        ],
        ['cin', 'CIN label', 'Before the Corporate Identity Number in the footer, e.g. "CIN".'],
        ['gstin', 'GSTIN label', 'Before the GST number in the footer, e.g. "GSTIN".'],
        [
          'workingHours',
          'Working hours label',
          'Before customer care\'s working hours on the Contact page, e.g. "Working hours".',
        ],
      ].map(([name, title, description]) => textField(name, {title, description, max: 60})),
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
      textFields({
        title: {title: 'Heading', description: 'The heading of the page.', max: 60},
        body: {
          title: 'Text',
          description: 'One or two sentences pointing visitors to the home page and the policies.',
          max: 300,
          rows: 2,
        },
      }),
    ),
  ],
  preview: {prepare: () => ({title: 'Site settings'})},
})
