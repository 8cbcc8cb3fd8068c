import {describe, expect, it} from 'vitest'
import {sitePath, sitePathOrHome} from '../../../src/server/redirects'

/** Where a browser that follows `location` from a page of the site ends up. */
const followedFrom = (location: string) => new URL(location, 'https://www.medistay.example/about-us')

describe('a redirect', () => {
  it('goes to a path on this site, keeping its query and fragment', () => {
    expect(sitePath('/privacy-policy?x=1#top')).toBe('/privacy-policy?x=1#top')
    expect(sitePath('/Refund&Cancellation-Policy')).toBe('/Refund&Cancellation-Policy')
    expect(sitePath('/terms%26conditions')).toBe('/terms%26conditions')
    expect(sitePath('/')).toBe('/')
  })

  it('is normalised as a browser would read it', () => {
    expect(sitePath('/a/../about-us')).toBe('/about-us')
    expect(sitePath('/./contact-us')).toBe('/contact-us')
  })

  it('never leads to another site, however the address is written', () => {
    for (const elsewhere of [
      '//evil.example',
      '//evil.example/',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/x/..//evil.example/phish',
      '/./..//evil.example',
      '/%2e%2e//evil.example',
      'https://evil.example/',
      'http:evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(sitePath(elsewhere), JSON.stringify(elsewhere)).toBeUndefined()
      expect(sitePathOrHome(elsewhere), JSON.stringify(elsewhere)).toBe('/')
    }
  })

  it('that it allows, a browser follows to this site', () => {
    for (const candidate of [
      '/x/../y',
      '/a//b',
      '/%2F%2Fevil.example',
      '/?next=//evil.example',
      '/#//evil.example',
    ]) {
      const location = sitePath(candidate)
      expect(location, candidate).toBeDefined()
      expect(followedFrom(location!).host, candidate).toBe('www.medistay.example')
    }
  })
})
