import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import PolicyText from '../../../src/components/portable-text/PolicyText'
import {
  companyFactsSchema,
  policyFiguresSchema,
  policySchema,
  type Policy,
  type PolicyFigures,
} from '../../../src/content/schemas'
import {DEFAULT_BUNDLED_DATASET} from '../../../src/config'
import {bundledDatasetSource} from '../../../src/lib/contentSource'
import {readPart} from '../../support/contentParts'
import {liveQuotes} from '../../../src/content/quotes'

const source = bundledDatasetSource(DEFAULT_BUNDLED_DATASET)
const policies = policySchema.array().parse(await readPart(source, 'policies'))
const figures = policyFiguresSchema.parse(await readPart(source, 'policyFigures'))
const facts = companyFactsSchema.parse(await readPart(source, 'companyFacts'))

function render(policy: Policy, withFigures: PolicyFigures): string {
  return [policy.intro, ...policy.sections.map((section) => section.body)]
    .map((value) =>
      renderToStaticMarkup(createElement(PolicyText, {value, quotes: liveQuotes(withFigures, facts)})),
    )
    .join('\n')
}

function references(policy: Policy, figure: string): number {
  return JSON.stringify(policy).split(`"figure":"${figure}"`).length - 1
}

const byId = (id: string) => policies.find((policy) => policy._id === id)!

describe('policy figures', () => {
  it('every figure of the spec appears in the policy where it belongs', () => {
    // Spec section 9, figure by figure, and the policy that states it; the notice of a change in
    // the two texts that promise it.
    const SPEC: Record<string, readonly string[]> = {
      privacyPolicy: ['minorAge', 'policyChangeNoticeDays'],
      termsAndConditions: ['contractAge', 'governingLaw', 'jurisdictionCity', 'policyChangeNoticeDays'],
      refundPolicy: [
        'cancellationFeePercent',
        'refundRequestWindowDays',
        'refundProcessingWeeks',
        'refundUsualBusinessDays',
        'serviceChangeWindowHours',
      ],
    }
    for (const [id, keys] of Object.entries(SPEC))
      for (const figure of keys)
        expect(references(byId(id), figure), `${id} quotes ${figure}`).toBeGreaterThan(0)
    // A GST e-invoice needs the GSTIN given at payment.
    expect(render(byId('termsAndConditions'), figures)).toContain('GSTIN')
    // The deadline is the only promise: the usual time is never a floor.
    expect(render(byId('refundPolicy'), figures)).not.toMatch(/no sooner than|at the earliest|not before/i)
  })

  it('changing a figure changes it in every policy that references it', () => {
    const changed: PolicyFigures = {
      ...figures,
      cancellationFeePercent: 25,
      refundRequestWindowDays: 45,
      minorAge: 16,
      contractAge: 21,
      jurisdictionCity: 'Secunderabad',
    }
    let checked = 0
    for (const policy of policies) {
      const before = render(policy, figures)
      const after = render(policy, changed)
      for (const [figure, oldValue, newValue] of [
        ['cancellationFeePercent', '20%', '25%'],
        ['refundRequestWindowDays', '30 days', '45 days'],
        ['minorAge', '18', '16'],
        ['contractAge', '18', '21'],
        ['jurisdictionCity', 'Hyderabad', 'Secunderabad'],
      ] as const) {
        const count = references(policy, figure)
        const oldText = `data-figure="${figure}">${oldValue}<`
        const newText = `data-figure="${figure}">${newValue}<`
        expect(before.split(oldText).length - 1, `${policy._id} ${figure}`).toBe(count)
        expect(after.split(newText).length - 1, `${policy._id} ${figure}`).toBe(count)
        expect(after, `${policy._id} ${figure}`).not.toContain(oldText)
        checked += count
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6)
  })

  it('policy text states no figure as a literal number where a figure reference belongs', () => {
    const refund = JSON.stringify(byId('refundPolicy').sections)
    expect(refund).not.toMatch(/\b(20%|30 days|3-5 weeks|3–5 weeks|5 weeks|15 business days|12 hours)\b/)
  })
})
