/**
 * The About page's fields, as staff see them in Studio and as the site checks them. The page's
 * document is made from this table alone (model/documentFields.ts): a new field is a row here,
 * then the page showing it.
 */
import type {DocumentFields} from './documentFields.ts'

export const ABOUT_PAGE_FIELDS = {
  title: {
    kind: 'text',
    title: 'Title',
    description: 'The heading of the page, for example "About Us".',
    max: 60,
  },
  intro: {
    kind: 'text',
    title: 'Introduction',
    description: 'The lead paragraph under the title, in larger type.',
    max: 400,
    rows: 3,
  },
  body: {
    kind: 'richText',
    title: 'Text',
    description: 'The rest of the page. Use headings to break it into parts.',
  },
} as const satisfies DocumentFields
