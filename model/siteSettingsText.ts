/**
 * The words of Site settings as staff see them in Studio (a title and a hint for each) and the
 * limits the site holds them to. The Studio's fields and the site's content schema are both made
 * from these tables; the words themselves are content, in the dataset.
 */
import type {TextField, TextFields} from './textFields.ts'

/**
 * The settings' fields of words that stand on their own. In Studio they sit among the lists of
 * links and in different groups, so Studio places each row by name.
 */
export const SITE_SETTINGS_TEXT = {
  companyName: {
    title: 'Company name',
    description:
      'The brand, shown next to the logo, in the copyright line and in browser tabs. The registered name and the contact details are in "Company facts".',
    max: 60,
  },
  tagline: {
    title: 'Tagline',
    description: 'The sentence under the logo in the footer of every page.',
    max: 200,
    rows: 2,
  },
  loginLabel: {title: 'Login label', description: 'The words on the Login link.', max: 20},
  companyLinksTitle: {
    title: 'Company links heading',
    description: 'The heading of the footer column with the company pages, for example "Company".',
    max: 40,
  },
  comingSoonLabel: {
    title: 'Coming soon label',
    description: 'Shown beside a footer link that has no address yet.',
    max: 20,
  },
} satisfies TextFields

/** The Book Appointment button in the mobile menu. */
export const BOOK_APPOINTMENT_TEXT = {
  label: {title: 'Label', description: 'The words on the button.', max: 30},
  subject: {
    title: 'Subject filled in',
    description: 'The subject the contact form starts with when a visitor uses this button.',
    max: 120,
  },
} satisfies TextFields

/** Each is a label of a few words, so all have the same room. */
const interfaceWord = (title: string, description: string): TextField => ({title, description, max: 60})

/** Small words the site uses around the content, such as the menu button and the table of contents. */
export const INTERFACE_TEXT = {
  skipToContent: interfaceWord(
    'Skip link',
    'The first link for keyboard and screen-reader users, e.g. "Skip to content".',
  ),
  mainNavigation: interfaceWord(
    'Header navigation name',
    'Read out by screen readers for the header buttons, e.g. "Main".',
  ),
  menu: interfaceWord(
    'Menu button',
    'The name of the menu button on phones, read out by screen readers, e.g. "Menu".',
  ),
  contents: interfaceWord(
    'Contents heading',
    'The heading of a policy\'s list of sections, e.g. "Contents".',
  ),
  rightsReserved: interfaceWord(
    'Rights line',
    'Follows the copyright year and company name, e.g. "All rights reserved."',
  ),
  homeLink: interfaceWord('Home link', 'The link back to the home page on the "page not found" page.'),
  registeredOffice: interfaceWord(
    'Registered office label',
    'Before the registered office address in the footer, e.g. "Registered office".',
  ),
  cin: interfaceWord('CIN label', 'Before the Corporate Identity Number in the footer, e.g. "CIN".'),
  gstin: interfaceWord('GSTIN label', 'Before the GST number in the footer, e.g. "GSTIN".'),
  workingHours: interfaceWord(
    'Working hours label',
    'Before customer care\'s working hours on the Contact page, e.g. "Working hours".',
  ),
} satisfies TextFields

/** The page visitors see when they open an address that does not exist. */
export const NOT_FOUND_TEXT = {
  title: {title: 'Heading', description: 'The heading of the page.', max: 60},
  body: {
    title: 'Text',
    description: 'One or two sentences pointing visitors to the home page and the policies.',
    max: 300,
    rows: 2,
  },
} satisfies TextFields
