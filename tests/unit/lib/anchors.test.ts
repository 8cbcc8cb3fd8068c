import {describe, expect, it} from 'vitest'
import {headingAnchors} from '../../../src/lib/anchors'

describe('the anchors of policy sections', () => {
  it('are made from the headings: lower case, words joined by hyphens', () => {
    expect(headingAnchors(['Personal Data We Collect', 'Sharing and Transfers Outside India'])).toEqual([
      'personal-data-we-collect',
      'sharing-and-transfers-outside-india',
    ])
  })

  it('spell "&" as "and" and drop accents and punctuation', () => {
    expect(headingAnchors(['Taxes, GST & Third-Party Charges', 'Café Policy: Résumé (2026)!'])).toEqual([
      'taxes-gst-and-third-party-charges',
      'cafe-policy-resume-2026',
    ])
  })

  it('stay the same when sections are added before or reordered, so links keep working', () => {
    const [before] = headingAnchors(['Refund Timelines'])
    const after = headingAnchors(['Scope of This Policy', 'How We Verify a Request', 'Refund Timelines'])
    expect(after[2]).toBe(before)
  })

  it('are unique on a page: a repeated heading gets a number', () => {
    expect(headingAnchors(['Contact', 'Fees', 'Contact', 'contact!'])).toEqual([
      'contact',
      'fees',
      'contact-2',
      'contact-3',
    ])
  })

  it('fall back to "section" for a heading with no letters or digits', () => {
    expect(headingAnchors(['', '—', 'नमस्ते'])).toEqual(['section', 'section-2', 'section-3'])
  })
})
