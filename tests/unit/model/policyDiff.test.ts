import {describe, expect, it} from 'vitest'
import {
  documentChanges,
  isRewrite,
  needsGap,
  policyDiff,
  REWRITTEN_BELOW,
  type Words,
} from '../../../model/policyDiff'

const block = (key: string, ...children: unknown[]) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children: children.map((child, index) =>
    typeof child === 'string' ? {_type: 'span', _key: `${key}s${index}`, text: child, marks: []} : child,
  ),
})
const fee = {_type: 'figureRef', _key: 'fee', figure: 'cancellationFeePercent'}
const noQuotes = {figures: {}, facts: {}}

function text(sections: {key: string; heading: string; body: unknown[]}[], quotes = noQuotes) {
  return {
    title: 'Refund Policy',
    intro: [],
    sections: sections.map(({key, heading, body}) => ({_key: key, heading, body})),
    quotes,
  }
}

const marked = (words: Words[], change: Words['change']) =>
  words.filter((part) => part.change === change).map((part) => part.text.trim())

describe('the differences between two versions', () => {
  const before = text([
    {key: 'a', heading: 'Scope', body: [block('a1', 'These terms apply to every booking.')]},
    {key: 'b', heading: 'Refunds', body: [block('b1', 'A refund takes three weeks after we approve it.')]},
    {key: 'c', heading: 'Contact', body: [block('c1', 'Write to us.')]},
  ])

  it('marks exactly the changed words, and leaves untouched sections as they were', () => {
    const after = text([
      {key: 'a', heading: 'Scope', body: [block('a1', 'These terms apply to every booking.')]},
      {key: 'b', heading: 'Refunds', body: [block('b1', 'A refund takes five weeks after we approve it.')]},
      {key: 'c', heading: 'Contact', body: [block('c1', 'Write to us.')]},
    ])
    const diff = policyDiff(before, after)
    expect(diff.sections.map((section) => section.change)).toEqual(['same', 'changed', 'same'])
    expect(diff.changedSections).toBe(1)
    const [paragraph] = diff.sections[1].paragraphs
    expect(paragraph.change).toBe('changed')
    expect(marked(paragraph.words, 'removed')).toEqual(['three'])
    expect(marked(paragraph.words, 'added')).toEqual(['five'])
    expect(paragraph.words.map((part) => (part.change === 'removed' ? '' : part.text)).join('')).toBe(
      'A refund takes five weeks after we approve it.',
    )
    expect(paragraph.words.map((part) => (part.change === 'added' ? '' : part.text)).join('')).toBe(
      'A refund takes three weeks after we approve it.',
    )
  })

  it('shows a changed figure as a changed word, the text around it unchanged', () => {
    // The library counts "%" as a word of its own: only the number changed.
    const body = [block('f1', 'We keep ', fee, ' of the fee.')]
    const diff = policyDiff(
      text([{key: 'f', heading: 'Fee', body}], {figures: {cancellationFeePercent: '25%'}, facts: {}}),
      text([{key: 'f', heading: 'Fee', body}], {figures: {cancellationFeePercent: '20%'}, facts: {}}),
    )
    const [paragraph] = diff.sections[0].paragraphs
    expect(marked(paragraph.words, 'removed')).toEqual(['25'])
    expect(marked(paragraph.words, 'added')).toEqual(['20'])
    expect(
      paragraph.words
        .filter((part) => part.change !== 'removed')
        .map((part) => part.text)
        .join(''),
    ).toBe('We keep 20% of the fee.')
  })

  it('marks an added section and a removed one whole, numbering the newer version', () => {
    const after = text([
      {key: 'a', heading: 'Scope', body: [block('a1', 'These terms apply to every booking.')]},
      {key: 'n', heading: 'Grievances', body: [block('n1', 'Complaints go to the Grievance Officer.')]},
      {key: 'b', heading: 'Refunds', body: [block('b1', 'A refund takes three weeks after we approve it.')]},
    ])
    const diff = policyDiff(before, after)
    expect(diff.sections.map(({change, number}) => [change, number])).toEqual([
      ['same', 1],
      ['added', 2],
      ['same', 3],
      ['removed', undefined],
    ])
    expect(marked(diff.sections[1].paragraphs[0].words, 'added')).toEqual([
      'Complaints go to the Grievance Officer.',
    ])
    expect(marked(diff.sections[3].heading, 'removed')).toEqual(['Contact'])
  })

  it('compares a paragraph that was replaced under a new key word by word with the one it replaced', () => {
    const after = text([
      {key: 'a', heading: 'Scope', body: [block('a1', 'These terms apply to every booking.')]},
      {
        key: 'b',
        heading: 'Refunds',
        body: [block('zz', 'A refund takes three business weeks after we approve it.')],
      },
      {key: 'c', heading: 'Contact', body: [block('c1', 'Write to us.')]},
    ])
    const [paragraph] = policyDiff(before, after).sections[1].paragraphs
    expect(paragraph.change).toBe('changed')
    expect(marked(paragraph.words, 'added')).toEqual(['business'])
    expect(marked(paragraph.words, 'removed')).toEqual([])
  })

  it('finds no change between identical versions', () => {
    const diff = policyDiff(before, before)
    expect(diff.changedSections).toBe(0)
    expect(diff.sections.every((section) => section.change === 'same')).toBe(true)
    expect(diff.title).toEqual([{change: 'same', text: 'Refund Policy'}])
  })

  describe('a paragraph mostly rewritten', () => {
    const was = 'IP address. When you send the form, our server uses your IP address briefly.'
    const is = 'Required: you agree to the notice beside the form: we keep your message to reply to you.'
    const rewritten = (from: string, to: string) =>
      policyDiff(
        text([{key: 'p', heading: 'Data', body: [block('p1', from)]}]),
        text([{key: 'p', heading: 'Data', body: [block('p1', to)]}]),
      ).sections[0].paragraphs

    it('shows the old paragraph removed, then the new one added, each whole with its spaces', () => {
      expect(rewritten(was, is)).toEqual([
        {style: 'normal', listItem: undefined, change: 'removed', words: [{change: 'removed', text: was}]},
        {style: 'normal', listItem: undefined, change: 'added', words: [{change: 'added', text: is}]},
      ])
    })

    it('keeps word marks while at least half the words stay', () => {
      // 6 of 10 words kept: an edit.
      const [edited] = rewritten(
        'We answer every message within two business days of receipt.',
        'We answer every message within one working day of receiving it.',
      )
      expect(edited.change).toBe('changed')
      expect(marked(edited.words, 'removed')).toEqual(['two business days', 'receipt'])
    })

    it('draws the line at half the words of the longer version', () => {
      const parts = (kept: number, changed: number): Words[] => [
        {change: 'same', text: 'a '.repeat(kept)},
        {change: 'removed', text: 'b '.repeat(changed)},
        {change: 'added', text: 'c '.repeat(changed)},
      ]
      const texts = (kept: number, changed: number) =>
        ['a '.repeat(kept) + 'b '.repeat(changed), 'a '.repeat(kept) + 'c '.repeat(changed)] as const
      expect(REWRITTEN_BELOW).toBe(0.5)
      expect(isRewrite(parts(5, 5), ...texts(5, 5))).toBe(false)
      expect(isRewrite(parts(4, 6), ...texts(4, 6))).toBe(true)
      // A paragraph that only grew or only shrank is added or removed text, not a rewrite.
      expect(isRewrite([{change: 'added', text: 'new'}], '', 'new')).toBe(false)
    })

    it('applies to the texts of other documents as well', () => {
      const [change] = documentChanges({heading: 'Reach us by phone'}, {heading: 'Write to our team'})
      expect(change.words).toEqual([
        {change: 'removed', text: 'Reach us by phone'},
        {change: 'added', text: 'Write to our team'},
      ])
    })
  })

  it('sets removed and added words that touch apart, without adding a space to either text', () => {
    const [paragraph] = policyDiff(
      text([{key: 'c', heading: 'Colour', body: [block('c1', 'The colour, blue and green, of our logo.')]}]),
      text([{key: 'c', heading: 'Colour', body: [block('c1', 'The color, blue and green, of our logo.')]}]),
    ).sections[0].paragraphs
    const gaps = paragraph.words.map((_, index) => needsGap(paragraph.words, index))
    expect(paragraph.words.filter((_, index) => gaps[index])).toEqual([{change: 'added', text: 'color'}])
    expect(paragraph.words.map((part) => (part.change === 'added' ? '' : part.text)).join('')).toBe(
      'The colour, blue and green, of our logo.',
    )
  })
})
