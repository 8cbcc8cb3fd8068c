/**
 * How long a policy may be, as a rule of the product: a patient reads the overview ("At a glance")
 * on a phone in a minute, and each policy's main text in minutes. Studio warns staff past these
 * limits, and a test holds the bundled texts to them.
 */
import {POLICY_FIGURE_KEYS} from './policyFigures.ts'
import {POLICY_LIST, type PolicyId} from './siteDocuments.ts'
import {rowLines, type TimelineTable} from './timelineTable.ts'

/** A figure counts as one word, whatever its value. */
const FIGURE_AS_WORD = Object.fromEntries(POLICY_FIGURE_KEYS.map((key) => [key, 'ref']))

/** The overview before section 1: the answers a patient looks for, with the figures in them. */
export const OVERVIEW_MAX_WORDS = 200

/** Each policy's main text (its numbered sections), in words: its row's `maxWords`. */
export const MAIN_TEXT_MAX_WORDS = Object.fromEntries(
  POLICY_LIST.map(({id, maxWords}) => [id, maxWords]),
) as Readonly<Record<PolicyId, number>>

interface TextBlock {
  _type?: string
  children?: readonly {_type?: string; text?: string}[]
  rows?: TimelineTable['rows']
}

const wordsIn = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length

/**
 * The words of Portable Text as a reader counts them: each run of text split at spaces, and a
 * figure or a company fact (a reference inside a line) as one word, whatever its value.
 */
export function wordCount(blocks: readonly unknown[] | null | undefined): number {
  let count = 0
  for (const block of (blocks ?? []) as TextBlock[]) {
    if (block._type === 'timelineTable' && block.rows)
      count += rowLines({rows: block.rows}, FIGURE_AS_WORD).reduce((total, line) => total + wordsIn(line), 0)
    if (block._type !== 'block') continue
    const text = (block.children ?? [])
      .map((child) => (child._type === 'span' ? (child.text ?? '') : ' ref '))
      .join('')
    count += wordsIn(text)
  }
  return count
}

/** The words of a policy's numbered sections, headings included. */
export const mainTextWordCount = (sections: readonly {heading?: string; body?: readonly unknown[]}[]) =>
  sections.reduce(
    (total, {heading, body}) =>
      total + (heading ?? '').split(/\s+/).filter(Boolean).length + wordCount(body ?? []),
    0,
  )
