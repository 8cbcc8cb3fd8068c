import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import PolicyText from '../../../src/components/portable-text/PolicyText'
import {hrefIn} from '../../../src/lib/links'

const NO_QUOTES = {figures: {}, facts: {}}

/** A paragraph of policy text with one link, rendered as a page in `language` renders it. */
const linkIn = (language: string, href: string) =>
  renderToStaticMarkup(
    createElement(PolicyText, {
      value: [
        {
          _type: 'block',
          _key: 'b',
          style: 'normal',
          markDefs: [{_type: 'link', _key: 'l', href}],
          children: [{_type: 'span', _key: 's', text: 'our policy', marks: ['l']}],
        },
      ] as never,
      quotes: NO_QUOTES as never,
      language,
    }),
  ).match(/href="([^"]*)"/)?.[1]

describe('links on a page in a language', () => {
  it('a Hindi notice linking the Privacy Policy leads to the Hindi page, with its section', () => {
    expect(linkIn('hi', '/privacy-policy')).toBe('/hi/privacy-policy')
    expect(linkIn('hi', '/privacy-policy#your-rights-and-how-to-use-them')).toBe(
      '/hi/privacy-policy#your-rights-and-how-to-use-them',
    )
    expect(linkIn('te', '/terms&conditions')).toBe('/te/terms&amp;conditions')
  })

  it('every page of the route table in every language leads to its own language: history, contact with a subject', () => {
    expect(hrefIn('hi', '/policy-history/privacy-policy')).toBe('/hi/policy-history/privacy-policy')
    expect(hrefIn('te', '/contact-us?subject=Appointment%20request#contact-form')).toBe(
      '/te/contact-us?subject=Appointment%20request#contact-form',
    )
    expect(hrefIn('hi', '/')).toBe('/hi')
  })

  it('English pages, other sites and addresses the site has in English only keep their links', () => {
    expect(linkIn('en', '/privacy-policy')).toBe('/privacy-policy')
    expect(linkIn('hi', 'https://example.org/privacy-policy')).toBe('https://example.org/privacy-policy')
    expect(hrefIn('hi', '/404')).toBe('/404')
    expect(hrefIn('hi', '/policy-changes.atom')).toBe('/policy-changes.atom')
    expect(hrefIn('hi', '//evil.example/privacy-policy')).toBe('//evil.example/privacy-policy')
  })
})
