import {CogIcon} from '@sanity/icons/Cog'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {
  POLICY_HISTORY_WORD_KEYS,
  POLICY_HISTORY_WORD_MAX,
  POLICY_HISTORY_WORDS,
} from '../../../model/policyVersions'
import {HOME_SECTION_IDS} from '../../../model/siteDocuments'

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
    defineField({
      name: 'companyName',
      title: 'Company name',
      type: 'string',
      group: 'company',
      description:
        'The brand, shown next to the logo, in the copyright line and in browser tabs. The registered name and the contact details are in "Company facts".',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'tagline',
      title: 'Tagline',
      type: 'text',
      rows: 2,
      group: ['company', 'footer'],
      description: 'The sentence under the logo in the footer of every page.',
      validation: (rule) => rule.required().max(200),
    }),
    defineField({
      name: 'loginLabel',
      title: 'Login label',
      type: 'string',
      group: 'header',
      description: 'The words on the Login link.',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({
      name: 'navItems',
      title: 'Header buttons',
      type: 'array',
      group: 'header',
      description:
        'The buttons that scroll to the home-page sections, in order. Every section needs exactly one button.',
      of: [defineArrayMember({type: 'navItem'})],
      validation: (rule) =>
        rule.required().custom((items: {sectionId?: string}[] | undefined) => {
          const ids = (items ?? []).map((item) => item.sectionId)
          const missing = HOME_SECTION_IDS.filter((id) => !ids.includes(id))
          if (missing.length) return `Add a button for: ${missing.join(', ')}.`
          if (new Set(ids).size !== ids.length) return 'Each section may have only one button.'
          return true
        }),
    }),
    defineField({
      name: 'bookAppointment',
      title: 'Book Appointment button',
      type: 'object',
      group: 'header',
      description: 'The button in the mobile menu that opens the contact form, ready for a booking request.',
      fields: [
        defineField({
          name: 'label',
          title: 'Label',
          type: 'string',
          description: 'The words on the button.',
          validation: (rule) => rule.required().max(30),
        }),
        defineField({
          name: 'subject',
          title: 'Subject filled in',
          type: 'string',
          description: 'The subject the contact form starts with when a visitor uses this button.',
          validation: (rule) => rule.required().max(120),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'companyLinksTitle',
      title: 'Company links heading',
      type: 'string',
      group: 'footer',
      description: 'The heading of the footer column with the company pages, for example "Company".',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'companyLinks',
      title: 'Company links',
      type: 'array',
      group: 'footer',
      description: 'Links to the About, Contact and policy pages, in order.',
      of: [defineArrayMember({type: 'requiredLink'})],
      validation: (rule) => rule.required().min(1).max(8),
    }),
    defineField({
      name: 'footerGroups',
      title: 'Footer groups',
      type: 'array',
      group: 'footer',
      description: 'Columns of links such as "For Patients" and "For Doctors".',
      of: [defineArrayMember({type: 'footerGroup'})],
      validation: (rule) => rule.max(4),
    }),
    defineField({
      name: 'comingSoonLabel',
      title: 'Coming soon label',
      type: 'string',
      group: 'footer',
      description: 'Shown beside a footer link that has no address yet.',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({
      name: 'copyrightYear',
      title: 'Copyright year',
      type: 'number',
      group: 'footer',
      description: 'The year in the copyright line at the bottom of every page.',
      validation: (rule) => rule.required().integer().min(2000).max(2100),
    }),
    defineField({
      name: 'seo',
      title: 'Search defaults',
      type: 'object',
      group: 'seo',
      description: 'Used when a page has no title or description of its own.',
      fields: [
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
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'interfaceText',
      title: 'Interface words',
      type: 'object',
      group: 'company',
      description:
        'Small words the site uses around the content, such as the menu button and the table of contents.',
      fields: [
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
      ].map(([name, title, description]) =>
        defineField({
          name,
          title,
          type: 'string',
          description,
          validation: (rule) => rule.required().max(60),
        }),
      ),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'policyHistory',
      title: 'Policy history words',
      type: 'object',
      group: 'company',
      description:
        'The words around a policy’s date, its version history, the banners on earlier and upcoming versions, and the differences between versions.',
      fields: POLICY_HISTORY_WORD_KEYS.map((name) =>
        defineField({
          name,
          title: POLICY_HISTORY_WORDS[name].title,
          type: 'string',
          description: `For example "${POLICY_HISTORY_WORDS[name].example}".`,
          validation: (rule) => rule.required().max(POLICY_HISTORY_WORD_MAX),
        }),
      ),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'notFound',
      title: 'Page not found',
      type: 'object',
      group: 'company',
      description: 'What visitors see when they open an address that does not exist.',
      fields: [
        defineField({
          name: 'title',
          title: 'Heading',
          type: 'string',
          description: 'The heading of the page.',
          validation: (rule) => rule.required().max(60),
        }),
        defineField({
          name: 'body',
          title: 'Text',
          type: 'text',
          rows: 2,
          description: 'One or two sentences pointing visitors to the home page and the policies.',
          validation: (rule) => rule.required().max(300),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {prepare: () => ({title: 'Site settings'})},
})
