import {describe, expect, it} from 'vitest'
import {previewTarget} from '../../../model/previewTargets'

describe('which page a preview request asks for', () => {
  it('names every page of the site, with "&" written either way', () => {
    expect(previewTarget('/')).toEqual({page: 'home'})
    expect(previewTarget('/about-us')).toEqual({page: 'about'})
    expect(previewTarget('/about-us.html')).toEqual({page: 'about'})
    expect(previewTarget('/policy-versions/privacy-policy/2.html')).toEqual({
      page: 'version',
      policy: 'privacyPolicy',
      number: 2,
    })
    expect(previewTarget('/contact-us')).toEqual({page: 'contact'})
    expect(previewTarget('/privacy-policy')).toEqual({page: 'policy', policy: 'privacyPolicy'})
    expect(previewTarget('/terms&conditions')).toEqual({page: 'policy', policy: 'termsAndConditions'})
    expect(previewTarget('/terms%26conditions')).toEqual({page: 'policy', policy: 'termsAndConditions'})
    expect(previewTarget('/Refund%26Cancellation-Policy?x=1')).toEqual({
      page: 'policy',
      policy: 'refundPolicy',
    })
    expect(previewTarget('/policy-history/privacy-policy')).toEqual({
      page: 'history',
      policy: 'privacyPolicy',
    })
    expect(previewTarget('/policy-versions/Refund&Cancellation-Policy/2')).toEqual({
      page: 'version',
      policy: 'refundPolicy',
      number: 2,
    })
    expect(previewTarget('/policy-changes/terms%26conditions/2')).toEqual({
      page: 'changes',
      policy: 'termsAndConditions',
      number: 2,
    })
  })

  it('answers "not found" for anything else, as the static site would', () => {
    for (const path of [
      '/no-such-page',
      '/policy-versions/privacy-policy',
      '/policy-versions/privacy-policy/0',
      '/policy-versions/privacy-policy/02',
      '/policy-versions/privacy-policy/2/extra',
      '/policy-versions/no-such-policy/1',
      '/policy-history/privacy-policy/1',
      '/%E0%A4%A',
    ])
      expect(previewTarget(path), path).toEqual({page: 'notFound'})
  })
})
