import {diffArrays, diffWords} from 'diff'
import {GRIEVANCE_CARD_FACTS} from './policyVersions.ts'
import {withSampleMark, type CompanyFactKey} from './companyFacts.ts'
import type {PolicyFigureKey} from './policyFigures.ts'
import {translatedWords} from './translations.ts'
import {rowLines, type TimelineTable} from './timelineTable.ts'

/**
 * The differences between two versions of a policy, word by word, as the "what changed" page
 * shows them. Sections and paragraphs are matched by the keys Studio gives them (kept across
 * edits) or, failing that, by identical text; a paragraph replaced by another is compared word
 * by word with it, unless it was mostly rewritten (`REWRITTEN_BELOW`): then the old paragraph
 * shows as removed and the new one as added, each whole. The words are compared as visitors read them, figures and facts included, so
 * a changed fee shows as a changed word.
 */

export interface DiffQuotes {
  figures: Partial<Record<PolicyFigureKey, string>>
  facts: Partial<Record<CompanyFactKey, string>>
  /** The mark after a sample fact in the text's language; "(sample)" when not given. */
  sampleMark?: string
}

interface Text {
  title: string
  intro: readonly unknown[]
  sections: readonly {_key: string; heading: string; body: readonly unknown[]}[]
  quotes: DiffQuotes
}

/** A run of words: the same in both versions, only in the newer one, or only in the older one. */
export interface Words {
  change: 'same' | 'added' | 'removed'
  text: string
}

export interface ParagraphDiff {
  /** The paragraph's style in the newer version ("normal", "h3") and list kind, if any. */
  style: string
  listItem?: string
  change: 'same' | 'changed' | 'added' | 'removed'
  words: Words[]
}

export interface SectionDiff {
  key: string
  /** The section's number in the newer version; in the older one for a removed section. */
  number?: number
  change: 'same' | 'changed' | 'added' | 'removed'
  heading: Words[]
  paragraphs: ParagraphDiff[]
}

export interface PolicyDiff {
  title: Words[]
  /** The text before the numbered sections; absent when neither version has one. */
  intro?: SectionDiff
  sections: SectionDiff[]
  /** How many sections differ. */
  changedSections: number
}

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null

interface Paragraph {
  key: string
  style: string
  listItem?: string
  text: string
}

/** A fact as visitors read it, with the sample mark the page prints after it. */
const printedFact = (fact: CompanyFactKey, quotes: DiffQuotes) =>
  withSampleMark(fact, quotes.facts[fact] ?? '', quotes.sampleMark)

/** A paragraph as visitors read it: its words, with figures and facts printed. */
function paragraphs(body: readonly unknown[], quotes: DiffQuotes): Paragraph[] {
  return body.filter(isNode).flatMap((block, index): Paragraph[] => {
    const key = typeof block._key === 'string' ? block._key : String(index)
    if (block._type === 'grievanceContact') {
      const note = typeof block.note === 'string' && block.note ? [block.note] : []
      const card = GRIEVANCE_CARD_FACTS.map((fact) => printedFact(fact, quotes)).filter(Boolean)
      return [{key, style: 'normal', text: [...note, card.join(', ')].join(' ')}]
    }
    if (block._type === 'timelineTable' && Array.isArray(block.rows))
      return rowLines(block as never as TimelineTable, quotes.figures).map((text, row) => ({
        key: `${key}.${row}`,
        style: 'normal',
        listItem: 'bullet',
        text,
      }))
    if (block._type !== 'block' || !Array.isArray(block.children)) return []
    const text = block.children
      .filter(isNode)
      .map((child) => {
        if (child._type === 'span') return typeof child.text === 'string' ? child.text : ''
        if (child._type === 'figureRef') return quotes.figures[child.figure as PolicyFigureKey] ?? ''
        if (child._type === 'factRef') return printedFact(child.fact as CompanyFactKey, quotes)
        return ''
      })
      .join('')
    return [
      {
        key,
        style: typeof block.style === 'string' ? block.style : 'normal',
        listItem: typeof block.listItem === 'string' ? block.listItem : undefined,
        text,
      },
    ]
  })
}

/** A text's paragraphs as visitors read them, figures and facts printed: for a record of what a page said. */
export const readableParagraphs = (body: readonly unknown[], quotes: DiffQuotes): string[] =>
  paragraphs(body, quotes).map(({text}) => text)

const whole = (change: 'added' | 'removed', text: string): Words[] => (text ? [{change, text}] : [])

/**
 * A text counts as rewritten, rather than edited, when fewer than this share of its words (of the
 * longer version) are unchanged. Marking every word of a rewrite leaves old and new words taking
 * turns, which reads as neither text; the old text struck through, then the new one, reads as both.
 */
export const REWRITTEN_BELOW = 0.5

const wordCount = (text: string) => text.match(/\S+/g)?.length ?? 0

/** Whether `parts`, the word-by-word comparison of `before` with `after`, is a rewrite. */
export function isRewrite(parts: readonly Words[], before: string, after: string): boolean {
  const longer = Math.max(wordCount(before), wordCount(after))
  if (!before || !after || longer === 0) return false
  const kept = parts
    .filter((part) => part.change === 'same')
    .reduce((sum, part) => sum + wordCount(part.text), 0)
  return kept / longer < REWRITTEN_BELOW
}

/** The words of `before` and `after` compared: changed words marked, or a rewrite as two wholes. */
function compare(before: string, after: string): {rewritten: boolean; words: Words[]} {
  if (before === after) return {rewritten: false, words: after ? [{change: 'same', text: after}] : []}
  const parts: Words[] = diffWords(before, after).map((part) => ({
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }))
  return isRewrite(parts, before, after)
    ? {rewritten: true, words: [...whole('removed', before), ...whole('added', after)]}
    : {rewritten: false, words: parts}
}

const words = (before: string, after: string): Words[] => compare(before, after).words

/**
 * Whether the run at `index` is removed or added words that touch the run before, also changed,
 * with no space between ("colour" struck through, then "color"): shown apart, they read as two
 * words. The gap is the page's to draw, not a space in the text, so each version reads as it was.
 */
export function needsGap(parts: readonly Words[], index: number): boolean {
  const [previous, part] = [parts[index - 1], parts[index]]
  return (
    previous !== undefined &&
    part !== undefined &&
    previous.change !== 'same' &&
    part.change !== 'same' &&
    previous.change !== part.change &&
    !/\s$/.test(previous.text) &&
    !/^\s/.test(part.text)
  )
}

/**
 * Lines up two lists: items with the same key, or failing that the same content, are the same
 * item. A run of removed items followed by added ones pairs up, first with first, as edits.
 */
function align<T>(
  before: readonly T[],
  after: readonly T[],
  same: (a: T, b: T) => boolean,
): {before?: T; after?: T}[] {
  const pairs: {before?: T; after?: T}[] = []
  let [oldAt, newAt] = [0, 0]
  let removed: T[] = []
  const flushRemoved = () => {
    removed.forEach((item) => pairs.push({before: item}))
    removed = []
  }
  for (const part of diffArrays([...before], [...after], {comparator: same})) {
    const count = part.count ?? part.value.length
    if (part.removed) {
      removed.push(...before.slice(oldAt, oldAt + count))
      oldAt += count
    } else if (part.added) {
      after.slice(newAt, newAt + count).forEach((item) => pairs.push({before: removed.shift(), after: item}))
      newAt += count
      flushRemoved()
    } else {
      flushRemoved()
      for (let index = 0; index < count; index++)
        pairs.push({before: before[oldAt + index], after: after[newAt + index]})
      oldAt += count
      newAt += count
    }
  }
  flushRemoved()
  return pairs
}

function paragraphDiffs(before: Paragraph[], after: Paragraph[]): ParagraphDiff[] {
  const whole_ = (paragraph: Paragraph, change: 'added' | 'removed'): ParagraphDiff => ({
    style: paragraph.style,
    listItem: paragraph.listItem,
    change,
    words: whole(change, paragraph.text),
  })
  return align(before, after, (a, b) => a.key === b.key || a.text === b.text).flatMap(
    ({before: old, after: now}): ParagraphDiff[] => {
      if (old && now) {
        const {rewritten, words: parts} = compare(old.text, now.text)
        // A rewritten paragraph: the old one removed, then the new one added, each whole.
        if (rewritten) return [whole_(old, 'removed'), whole_(now, 'added')]
        return [
          {
            style: now.style,
            listItem: now.listItem,
            change: old.text === now.text ? 'same' : 'changed',
            words: parts,
          },
        ]
      }
      return now ? [whole_(now, 'added')] : [whole_(old!, 'removed')]
    },
  )
}

function sectionDiff(
  key: string,
  number: number | undefined,
  before: {heading: string; body: readonly unknown[]} | undefined,
  after: {heading: string; body: readonly unknown[]} | undefined,
  quotes: {before: DiffQuotes; after: DiffQuotes},
): SectionDiff {
  const old = before ? paragraphs(before.body, quotes.before) : []
  const now = after ? paragraphs(after.body, quotes.after) : []
  const heading =
    before && after
      ? words(before.heading, after.heading)
      : whole(after ? 'added' : 'removed', (after ?? before)!.heading)
  const paragraphs_ = paragraphDiffs(old, now)
  const change = !before
    ? 'added'
    : !after
      ? 'removed'
      : before.heading === after.heading && paragraphs_.every((paragraph) => paragraph.change === 'same')
        ? 'same'
        : 'changed'
  return {key, number, change, heading, paragraphs: paragraphs_}
}

/** The key of the text before the numbered sections. */
export const INTRO_KEY = 'intro'

/** What changed from `before` to `after`. */
export function policyDiff(before: Text, after: Text): PolicyDiff {
  const quotes = {before: before.quotes, after: after.quotes}
  let number = 0
  const sections = align(
    before.sections,
    after.sections,
    (a, b) => a._key === b._key || (a.heading === b.heading && a.body.length === b.body.length),
  ).map(({before: old, after: now}) =>
    sectionDiff((now ?? old)!._key, now ? ++number : undefined, old, now, quotes),
  )
  const intro =
    before.intro.length || after.intro.length
      ? sectionDiff(
          INTRO_KEY,
          undefined,
          {heading: '', body: before.intro},
          {heading: '', body: after.intro},
          quotes,
        )
      : undefined
  return {
    title: words(before.title, after.title),
    intro,
    sections,
    changedSections:
      sections.filter((section) => section.change !== 'same').length +
      (intro && intro.change !== 'same' ? 1 : 0),
  }
}

/** The figures and facts as a recorded version printed them. */
export const recordedQuotes = (version: {
  figures: readonly {figure: PolicyFigureKey; text: string}[]
  facts: readonly {fact: CompanyFactKey; text?: string | null}[]
}): DiffQuotes => ({
  figures: Object.fromEntries(version.figures.map(({figure, text}) => [figure, text])),
  facts: Object.fromEntries(version.facts.map(({fact, text}) => [fact, text ?? ''])),
})

/** A recorded version's text as `policyDiff` compares it. */
export const versionText = (version: {
  title: string
  intro?: readonly unknown[] | null
  sections: Text['sections']
  figures: readonly {figure: PolicyFigureKey; text: string}[]
  facts: readonly {fact: CompanyFactKey; text?: string | null}[]
}): Text => ({
  title: version.title,
  intro: version.intro ?? [],
  sections: version.sections,
  quotes: recordedQuotes(version),
})

/** One changed text of a document that is not a policy: where it is, and its words compared. */
export interface FieldChange {
  /** Its place as staff find it: "reach us heading", "form → consent wording". */
  field: string
  words: Words[]
}

/** Every text in a document, by its place: strings, and Portable Text paragraphs as read. */
function textsOf(value: unknown, place: string[] = [], found = new Map<string, string>()) {
  if (typeof value === 'string') {
    if (place.length > 0) found.set(place.join(' → '), value)
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (isNode(item) && item._type === 'block' && Array.isArray(item.children)) {
        const text = item.children
          .filter(isNode)
          .map((child) => (typeof child.text === 'string' ? child.text : ''))
          .join('')
        found.set([...place, `paragraph ${index + 1}`].join(' → '), text)
      } else textsOf(item, [...place, String(index + 1)], found)
    })
  } else if (isNode(value)) {
    for (const [key, child] of Object.entries(value))
      if (!key.startsWith('_') && key !== 'language' && key !== 'translation')
        textsOf(child, [...place, key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()], found)
  }
  return found
}

/**
 * The words that changed between two revisions of a document that is not a policy (the Contact
 * page, Site settings), text by text, compared as the change pages compare a policy's paragraphs.
 */
export function documentChanges(before: unknown, after: unknown): FieldChange[] {
  // Only what translations translate: a language added to Site settings is no change to translate.
  const translated = (value: unknown) => (isNode(value) ? translatedWords(value) : value)
  const old = textsOf(translated(before))
  const now = textsOf(translated(after))
  const places = [...new Set([...now.keys(), ...old.keys()])]
  return places.flatMap((field) => {
    const was = old.get(field) ?? ''
    const is = now.get(field) ?? ''
    return was === is ? [] : [{field, words: words(was, is)}]
  })
}
