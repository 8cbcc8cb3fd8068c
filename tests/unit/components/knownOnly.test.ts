import {describe, expect, it} from 'vitest'
import {knownOnly} from '../../../src/components/portable-text/knownOnly'
import {knownParts, POLICY_TEXT, RICH_TEXT} from '../../../model/portableText'

// tests/unit/components/portableText.test.ts renders hostile text through both renderers; these check the
// filter itself where the rendered HTML cannot tell: what each kind of text keeps.
const pageText = knownParts(RICH_TEXT)
const policyText = knownParts(POLICY_TEXT)

const span = (text: unknown, marks: unknown[] = []) => ({_type: 'span', _key: 's', text, marks})
const block = (extra: Record<string, unknown> = {}) => ({
  _type: 'block',
  _key: 'b',
  style: 'normal',
  markDefs: [],
  children: [span('Words')],
  ...extra,
})

describe('Portable Text reduced to what the components know', () => {
  it('is empty for a value that is not a list of blocks', () => {
    for (const value of [undefined, null, 'text', 42, {_type: 'block'}])
      expect(knownOnly(value, pageText)).toEqual([])
  })

  it('drops entries and children that are not objects', () => {
    expect(knownOnly([null, 'text', 7, block({children: [null, 'loose', span('Kept')]})], pageText)).toEqual([
      block({children: [span('Kept')]}),
    ])
  })

  it('keeps the styles each kind of text offers: a heading on a page, a paragraph in a policy', () => {
    expect(knownOnly([block({style: 'h2'})], pageText)).toEqual([block({style: 'h2'})])
    expect(knownOnly([block({style: 'h2'})], policyText)).toEqual([block({style: 'normal'})])
    expect(knownOnly([block({style: 'h3'})], policyText)).toEqual([block({style: 'h3'})])
  })

  it('keeps figures, facts and the grievance contact in policies and drops them from page text', () => {
    const figure = {_type: 'figureRef', _key: 'f', figure: 'cancellationFee'}
    const grievance = {_type: 'grievanceContact', _key: 'g'}
    const value = [block({children: [span('Fee: '), figure]}), grievance]
    expect(knownOnly(value, policyText)).toEqual([block({children: [span('Fee: '), figure]}), grievance])
    expect(knownOnly(value, pageText)).toEqual([block({children: [span('Fee: ')]})])
  })

  it('keeps a bullet or numbered list item at its level, or at level 1 when it has none', () => {
    expect(knownOnly([block({listItem: 'number', level: 2})], pageText)).toEqual([
      block({listItem: 'number', level: 2}),
    ])
    expect(knownOnly([block({listItem: 'bullet', level: 'deep'})], pageText)).toEqual([
      block({listItem: 'bullet', level: 1}),
    ])
    expect(knownOnly([block({listItem: 'checkbox', level: 1})], pageText)).toEqual([block()])
  })

  it('keeps link definitions with a key, and the marks that point at them', () => {
    const link = {_type: 'link', _key: 'lnk', href: '/about-us'}
    const value = [
      block({
        markDefs: [link, {_type: 'link', href: '/no-key'}, 'not an object'],
        children: [span('linked', ['lnk', 'strong', 'underline', 7])],
      }),
    ]
    expect(knownOnly(value, pageText)).toEqual([
      block({markDefs: [link], children: [span('linked', ['lnk', 'strong'])]}),
    ])
  })

  it('gives a span whose text is not a string empty text and no marks when it has none', () => {
    expect(
      knownOnly([block({children: [{_type: 'span', _key: 's', text: {html: '<b>'}}]})], pageText),
    ).toEqual([block({children: [span('')]})])
  })
})
