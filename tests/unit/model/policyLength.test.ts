import {describe, expect, it} from 'vitest'
import {SHORT_NOTICE_MAX_WORDS} from '../../../model/contactForm'
import {
  MAIN_TEXT_MAX_WORDS,
  mainTextWordCount,
  OVERVIEW_MAX_WORDS,
  wordCount,
} from '../../../model/policyLength'
import {POLICY_ID_LIST} from '../../../model/siteDocuments'
import {bundledDocuments} from '../../support/dataset'

const block = (...children: object[]) => ({_type: 'block', _key: 'b', children})
const span = (text: string) => ({_type: 'span', _key: 's', text})
const figure = (name: string) => ({_type: 'figureRef', _key: 'f', figure: name})

describe('how words are counted', () => {
  it('counts the words a reader sees, a figure or a fact as one word, and ignores punctuation alone', () => {
    expect(
      wordCount([
        block(span('Refunds reach you within '), figure('refundProcessingWeeks'), span(' – always.')),
      ]),
    ).toBe(6)
    expect(wordCount([block(span('एक नज़र में'))])).toBe(3)
    expect(wordCount([{_type: 'grievanceContact', _key: 'g'}])).toBe(0)
    expect(wordCount(undefined)).toBe(0)
  })

  it("counts a table of timelines' rows, and the headings of the sections", () => {
    const cell = (text: string, name?: string) => [block(span(text), ...(name ? [figure(name)] : []))]
    const table = {
      _type: 'timelineTable',
      _key: 't',
      eventHeading: 'When',
      latestHeading: 'At the latest',
      usualHeading: 'Usually',
      rows: [{_key: 'r', event: 'You cancel', latest: cell('within ', 'refundProcessingWeeks'), usual: null}],
    }
    // "You cancel: within 5 weeks" with the figure as one word.
    expect(wordCount([table])).toBe(4)
    expect(mainTextWordCount([{heading: 'Refund Timelines', body: [table]}])).toBe(6)
  })
})

describe('texts a patient reads in minutes (the bundled dataset)', () => {
  const documents = bundledDocuments()
  const policies = documents.filter((document) => document._type === 'policy') as unknown as {
    _id: string
    intro?: unknown[]
    sections: {heading: string; body: unknown[]}[]
  }[]

  it('every policy, in every language, opens with an overview of at most the overview limit', () => {
    expect(policies.length).toBeGreaterThanOrEqual(POLICY_ID_LIST.length)
    for (const policy of policies) {
      expect(wordCount(policy.intro), `${policy._id} has an overview`).toBeGreaterThan(0)
      expect(wordCount(policy.intro), policy._id).toBeLessThanOrEqual(OVERVIEW_MAX_WORDS)
    }
  })

  it("every English policy's main text is within its limit", () => {
    for (const id of POLICY_ID_LIST) {
      const policy = policies.find(({_id}) => _id === id)!
      expect(mainTextWordCount(policy.sections), id).toBeLessThanOrEqual(MAIN_TEXT_MAX_WORDS[id])
    }
  })

  it('every Contact page has a short notice within its limit beside the boxes', () => {
    const pages = documents.filter((document) => document._type === 'contactPage') as {
      shortNotice?: unknown[]
    }[]
    expect(pages.length).toBeGreaterThan(0)
    for (const page of pages) {
      expect(wordCount(page.shortNotice)).toBeGreaterThan(0)
      expect(wordCount(page.shortNotice)).toBeLessThanOrEqual(SHORT_NOTICE_MAX_WORDS)
    }
  })
})
