import {describe, expect, it} from 'vitest'
import {
  factText,
  factWordsNeeded,
  PERIOD_FACT_KEYS,
  sampleFacts,
  type CompanyFactsDocument,
} from '../../../model/companyFacts'
import {formatPeriod, periodProblem, periodWordsNeeded} from '../../../model/periods'
import {figureWordProblem, figureWordsIn} from '../../../model/policyFigures'
import {quotesFor} from '../../../model/policyVersions'
import {figureWordsLacking} from '../../../model/translatedFigures'
import {companyFactsSchema} from '../../../src/content/schemas'
import {realShapedCompanyFacts} from '../../support/companyFacts'
import {bundledDocuments, documentById} from '../../support/dataset'

const documents = bundledDocuments()
const bundledFacts = documentById(documents, 'companyFacts') as CompanyFactsDocument
const hindi = figureWordsIn(documentById(documents, 'siteSettings__i18n_hi').figureWords)
const telugu = figureWordsIn(documentById(documents, 'siteSettings__i18n_te').figureWords)

describe('a Company fact period', () => {
  it('prints in English as the policies always have, the sample marked', () => {
    expect(formatPeriod({count: 30, unit: 'day'})).toBe('30 days')
    expect(formatPeriod({count: 1, unit: 'day'})).toBe('1 day')
    expect(formatPeriod({count: 1, unit: 'month'})).toBe('one month')
    expect(formatPeriod({count: 2, unit: 'businessDay'})).toBe('2 business days')
    expect(formatPeriod({count: 30, unit: 'day', sample: true})).toBe('30 days (sample)')
  })

  it('prints in Hindi and Telugu with the words of their Site settings translations, the sample marked in them', () => {
    expect([hindi.missing, telugu.missing]).toEqual([[], []])
    expect(formatPeriod({count: 35, unit: 'day'}, hindi.words)).toBe('35 दिन')
    expect(formatPeriod({count: 2, unit: 'businessDay', sample: true}, hindi.words)).toBe(
      '2 कार्य दिवसों (नमूना)',
    )
    expect(formatPeriod({count: 1, unit: 'month'}, telugu.words)).toBe('ఒక నెల')
    expect(factText(bundledFacts, 'unverifiedChildDataDeletion', telugu.words)).toBe('30 రోజుల (నమూనా)')
    for (const key of PERIOD_FACT_KEYS)
      expect(factText(bundledFacts, key, hindi.words)).not.toMatch(/[A-Za-z]/)
  })

  it('reads the bundled samples in English exactly as the recorded policy versions quote them, so no version is due', () => {
    const versions = documents.filter((document) => document._type === 'policyVersion')
    const recorded = new Map(
      versions.flatMap((version) =>
        (version.facts as {fact: string; text: string}[]).map(({fact, text}) => [fact, text] as const),
      ),
    )
    for (const key of PERIOD_FACT_KEYS) expect(factText(bundledFacts, key), key).toBe(recorded.get(key))
    expect(factText(bundledFacts, 'bookingConfirmationWithin')).toBe('2 business days (sample)')
  })

  it('is a sample while the bundled dataset marks it so, and the company’s own once staff turn the mark off', () => {
    expect(
      sampleFacts(bundledFacts)
        .filter(({key}) => (PERIOD_FACT_KEYS as string[]).includes(key))
        .map(({key}) => key),
    ).toEqual(PERIOD_FACT_KEYS)
    const confirmed = {
      ...realShapedCompanyFacts(),
      lastCopyGoneWithin: {count: 35, unit: 'day', sample: false},
    }
    expect(sampleFacts(confirmed)).toEqual([])
  })

  it('is refused in Studio unless it is a whole number of 1 or more and a unit', () => {
    expect(periodProblem({count: 30, unit: 'day'})).toBeUndefined()
    expect(periodProblem(undefined)).toBeUndefined()
    expect(periodProblem({count: 0, unit: 'day'})).toBe('Enter a whole number of 1 or more.')
    expect(periodProblem({count: 1.5, unit: 'week'})).toBe('Enter a whole number of 1 or more.')
    expect(periodProblem({count: 3})).toMatch(/^Choose the unit/)
    expect(periodProblem({unit: 'day'})).toBe('Enter the number of the period.')
    expect(periodProblem({count: 3, unit: 'fortnight'})).toBe(
      '"fortnight" is not a unit: choose one from the list.',
    )
    // Incomplete, it prints nothing, as a fact not entered does (the build names an empty quoted fact).
    expect(formatPeriod({count: 3})).toBe('')
  })
})

describe('the words a page in another language needs for period facts', () => {
  it('are the words of their units, and the sample mark only while one is a sample', () => {
    expect(periodWordsNeeded([{count: 35, unit: 'day'}, {count: 2}, undefined])).toEqual([
      'dayOne',
      'dayOther',
    ])
    expect(periodWordsNeeded([{count: 2, unit: 'businessDay', sample: true}])).toEqual([
      'businessDayOne',
      'businessDayOther',
      'sampleMark',
    ])
    expect(factWordsNeeded(bundledFacts, ['legalName', 'lastCopyGoneWithin'])).toEqual([
      'dayOne',
      'dayOther',
      'sampleMark',
    ])
  })

  it('keep a translation quoting a sample period from being shown while its language has no sample mark', () => {
    const contact = documentById(documents, 'contactPage__i18n_hi')
    const {missing} = figureWordsIn({
      ...documentById(documents, 'siteSettings__i18n_hi').figureWords,
      sampleMark: '',
    })
    expect(missing).toEqual(['sampleMark'])
    expect(figureWordsLacking(contact, missing, bundledFacts)).toEqual(['sampleMark'])
    expect(figureWordsLacking(contact, missing, realShapedCompanyFacts())).toEqual([])
    expect(figureWordProblem('sampleMark', '({n})')).toMatch(/^\{n\} is not a value/)
  })
})

describe('a recorded policy version', () => {
  it('freezes a period fact as its number and unit, beside its English text', () => {
    const privacy = documentById(documents, 'privacyPolicy')
    const facts = quotesFor(privacy, documentById(documents, 'policyFigures'), bundledFacts).facts
    expect(facts.find(({fact}) => fact === 'lastCopyGoneWithin')).toEqual({
      _key: 'lastCopyGoneWithin',
      _type: 'quotedFact',
      fact: 'lastCopyGoneWithin',
      text: '35 days (sample)',
      period: {_type: 'period', count: 35, unit: 'day', sample: true},
    })
    expect(facts.find(({fact}) => fact === 'legalName')).not.toHaveProperty('period')
  })
})

describe('the build', () => {
  it('refuses a period fact that is not a number and a unit, naming the field', () => {
    const result = companyFactsSchema.safeParse({...bundledFacts, lastCopyGoneWithin: '35 days'})
    expect(result.error?.issues.map(({path}) => path.join('.'))).toEqual(['lastCopyGoneWithin'])
  })
})
