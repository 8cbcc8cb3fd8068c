/**
 * The About page's plain-text fields, as staff see them in Studio and as the site checks them.
 * A new one is a row here, its name in the page's query, and the page showing it.
 */
import type {TextFields} from './textFields.ts'

export const ABOUT_PAGE_TEXT = {
  title: {title: 'Title', description: 'The heading of the page, for example "About Us".', max: 60},
  intro: {
    title: 'Introduction',
    description: 'The lead paragraph under the title, in larger type.',
    max: 400,
    rows: 3,
  },
} satisfies TextFields
