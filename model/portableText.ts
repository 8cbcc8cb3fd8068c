import type {TextFields} from './textFields.ts'

/**
 * What each rich-text field offers staff: its paragraph styles, lists, marks and embedded
 * objects. The Studio's block definitions are built from these, and the site renders exactly
 * these and drops anything else, so the two can never disagree about what a text may hold.
 */
export interface TextDefinition {
  styles: readonly {title: string; value: string}[]
  lists: readonly {title: string; value: string}[]
  decorators: readonly {title: string; value: string}[]
  /** Annotation types (marks with data): only links. */
  annotations: readonly string[]
  /** Object types that sit inside a line of text. */
  inlineObjects: readonly string[]
  /** Object types that stand between paragraphs. */
  blockObjects: readonly string[]
}

const paragraph = {title: 'Paragraph', value: 'normal'}
const subHeading = {title: 'Sub-heading', value: 'h3'}
const common = {
  lists: [
    {title: 'Bullets', value: 'bullet'},
    {title: 'Numbered', value: 'number'},
  ],
  decorators: [
    {title: 'Bold', value: 'strong'},
    {title: 'Italic', value: 'em'},
  ],
  annotations: ['link'],
} as const

/** Text of an ordinary page such as About Us. */
export const RICH_TEXT = {
  ...common,
  styles: [paragraph, {title: 'Heading', value: 'h2'}, subHeading],
  inlineObjects: [],
  blockObjects: [],
} as const satisfies TextDefinition

/** Text of a policy section and of the Contact page's grievance block. */
export const POLICY_TEXT = {
  ...common,
  styles: [paragraph, subHeading],
  inlineObjects: ['figureRef', 'factRef'],
  blockObjects: ['grievanceContact', 'timelineTable'],
} as const satisfies TextDefinition

/** The names a renderer checks content against. */
export interface KnownParts {
  types: readonly string[]
  inline: readonly string[]
  styles: readonly string[]
  lists: readonly string[]
  decorators: readonly string[]
  annotations: readonly string[]
}

export const knownParts = (text: TextDefinition): KnownParts => ({
  types: text.blockObjects,
  inline: text.inlineObjects,
  styles: text.styles.map(({value}) => value),
  lists: text.lists.map(({value}) => value),
  decorators: text.decorators.map(({value}) => value),
  annotations: text.annotations,
})

/** A cell of a table of timelines: one plain line, with figures in it. */
export const TIMELINE_CELL_TEXT = {
  styles: [paragraph],
  lists: [],
  decorators: [],
  annotations: [],
  inlineObjects: ['figureRef'],
  blockObjects: [],
} as const satisfies TextDefinition

/** The column headings of a table of timelines (the Refund Policy's: each event, the latest day, the usual time). */
export const TIMELINE_TABLE_HEADINGS = {
  eventHeading: {title: 'Heading of the first column', description: 'For example "When".', max: 60},
  latestHeading: {
    title: 'Heading of the second column',
    description: 'For example "The refund reaches you at the latest".',
    max: 80,
  },
  usualHeading: {title: 'Heading of the third column', description: 'For example "Usually".', max: 60},
} as const satisfies TextFields
