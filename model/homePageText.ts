/**
 * The home page's plain-text fields above its sections, as staff see them in Studio and as the
 * site checks them.
 */
import type {TextFields} from './textFields.ts'

export const HOME_PAGE_TEXT = {
  heading: {
    title: 'Heading',
    description: 'The large heading at the top, for example "Coming Soon".',
    max: 60,
  },
  line: {
    title: 'Line under the heading',
    description: 'One sentence under the heading.',
    max: 200,
    rows: 2,
  },
  badge: {title: 'Badge', description: 'The small badge, for example "Launching Soon".', max: 30},
} satisfies TextFields
