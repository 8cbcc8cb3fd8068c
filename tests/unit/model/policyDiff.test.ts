import {describe, expect, it} from 'vitest'
import {policyDiff, type Words} from '../../../model/policyDiff'

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
})
