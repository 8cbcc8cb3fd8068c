import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {QuotedFact} from '../../../src/components/CompanyFact'
import type {CompanyFactKey} from '../../../model/companyFacts'
import {isSampleCin, isSampleGstin, isSamplePhone, SAMPLE_MARK} from '../../../model/samples'

/** The fact as a visitor reads it: its text and anything printed after it. */
const read = (fact: CompanyFactKey, text: string, sampleMark?: string) =>
  renderToStaticMarkup(createElement(QuotedFact, {fact, text, sampleMark}))
    .replace(/<[^>]+>/g, '')
    .trim()

// Values the test makes: one of each shape samples.ts calls a sample, and one that is not.
const SAMPLE_CIN = 'U86100TG2025PTC000000'
const REAL_SHAPED_CIN = 'U86100TG2025PTC123456'
const SAMPLE_GSTIN = '36AAACM0000A1ZN'
const SAMPLE_PHONE = '+91 40 0000 0100'

describe('a company fact that is a sample by its shape', () => {
  it('the test data is what samples.ts says it is', () => {
    expect([isSampleCin(SAMPLE_CIN), isSampleGstin(SAMPLE_GSTIN), isSamplePhone(SAMPLE_PHONE)]).toEqual([
      true,
      true,
      true,
    ])
    expect(isSampleCin(REAL_SHAPED_CIN)).toBe(false)
  })

  it.each([
    ['cin', SAMPLE_CIN],
    ['gstin', SAMPLE_GSTIN],
    ['customerCarePhone', SAMPLE_PHONE],
    ['grievanceOfficerEmail', 'grievance@company.example'],
  ] as const)('%s prints the sample mark after it', (fact, text) => {
    expect(read(fact, text)).toBe(`${text} ${SAMPLE_MARK}`)
  })

  it('prints the mark in the page’s language', () => {
    expect(read('cin', SAMPLE_CIN, '(नमूना)')).toBe(`${SAMPLE_CIN} (नमूना)`)
  })

  it('a value that is not a sample, or already carries the mark, prints as it is', () => {
    expect(read('cin', REAL_SHAPED_CIN)).toBe(REAL_SHAPED_CIN)
    expect(read('legalName', `Company Private Limited ${SAMPLE_MARK}`)).toBe(
      `Company Private Limited ${SAMPLE_MARK}`,
    )
  })
})
