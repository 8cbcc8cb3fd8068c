import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import PolicyText from '../../../src/components/portable-text/PolicyText'
import RichText from '../../../src/components/portable-text/RichText'
import {
  companyFactsSchema,
  policyBodySchema,
  policyFiguresSchema,
  richTextSchema,
  siteSettingsSchema,
  type CompanyFacts,
  type PolicyBody,
  type PolicyFigures,
} from '../../../src/content/schemas'
import {liveQuotes} from '../../../src/content/quotes'
import {DEFAULT_BUNDLED_DATASET} from '../../../src/config'
import {bundledDatasetSource} from '../../../src/lib/contentSource'
import {readPart} from '../../support/contentParts'
import {followableHref} from '../../../model/addresses'
import {isExternal} from '../../../src/lib/links'

/**
 * Content comes from people and from the Content Lake's API, not only from the Studio's forms: rich
 * text that a Studio would never produce must still render as harmless HTML (and never throw).
 */

const source = bundledDatasetSource(DEFAULT_BUNDLED_DATASET)
const figures = policyFiguresSchema.parse(await readPart(source, 'policyFigures'))
const facts = companyFactsSchema.parse(await readPart(source, 'companyFacts'))

type Value = Record<string, unknown>[]

/** Policy text quoting today's figures and facts, as the Contact page renders it. */
const PolicyTextFromDocuments = ({
  value,
  figures,
  facts,
}: {
  value: PolicyBody
  figures: PolicyFigures
  facts: CompanyFacts
}) => createElement(PolicyText, {value, quotes: liveQuotes(figures, facts)})

const renderers = {
  RichText: (value: Value) => renderToStaticMarkup(createElement(RichText, {value: value as never})),
  PolicyText: (value: Value) =>
    renderToStaticMarkup(
      createElement(PolicyTextFromDocuments, {
        value: value as never,
        figures,
        facts,
      }),
    ),
}

let keys = 0
const key = () => `k${++keys}`
const span = (text: string, marks: string[] = []) => ({_type: 'span', _key: key(), text, marks})
const block = (children: Value, extra: Record<string, unknown> = {}) => ({
  _type: 'block',
  _key: key(),
  style: 'normal',
  markDefs: [],
  children,
  ...extra,
})
/** A paragraph: "Before <linked words> after.", the words carrying a link mark to `href`. */
const linkParagraph = (href: string, words = 'the linked words') =>
  block([span('Before '), span(words, ['lnk']), span(' after.')], {
    markDefs: [{_type: 'link', _key: 'lnk', href}],
  })

/** Every <a> of the output with its attributes. */
function anchors(html: string): {attributes: string; text: string}[] {
  return [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/gs)].map(([, attributes, text]) => ({attributes, text}))
}

const UNSAFE_HREFS: [string, string][] = [
  ['javascript:', 'javascript:alert(1)'],
  ['upper-case JAVASCRIPT:', 'JAVASCRIPT:alert(1)'],
  ['javascript: after a leading space', ' javascript:alert(1)'],
  ['javascript: with a tab inside the scheme', 'java\tscript:alert(1)'],
  ['javascript: with a newline inside the scheme', 'java\nscript:alert(1)'],
  ['javascript: after a control character', '\u0001javascript:alert(1)'],
  ['an HTML-entity-encoded javascript:', 'javascript&colon;alert(1)'],
  ['data: HTML', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['a protocol-relative address', '//evil.example/x'],
  ['a back-slashed protocol-relative address', '/\\evil.example'],
  ['a protocol-relative address hidden by a tab', '/\t/evil.example/x'],
  ['a protocol-relative address hidden by a newline', '/\n/evil.example/x'],
  ['a back-slash-only address', '\\\\evil.example'],
  ['file:', 'file:///etc/passwd'],
  ['an empty address', ''],
  ['white space only', '   '],
]

const SAFE_HREFS: [string, string, boolean][] = [
  ['https', 'https://example.com/care?city=Hyderabad&x=1', true],
  ['http', 'http://example.com/', true],
  ['upper-case HTTPS', 'HTTPS://example.com/', true],
  ['mailto:', 'mailto:care@example.com', false],
  ['tel:', 'tel:+914040000000', false],
  ['a page of this site', '/about-us', false],
  ['a section of this page', '#section', false],
]

describe('followableHref', () => {
  it.each(UNSAFE_HREFS)('drops %s', (_, href) => {
    expect(followableHref(href)).toBeUndefined()
  })

  it.each(SAFE_HREFS)('keeps %s', (_, href, external) => {
    expect(followableHref(href)).toBe(href)
    expect(isExternal(href)).toBe(external)
  })

  it('trims surrounding white space from a safe address', () => {
    expect(followableHref('  /about-us \n')).toBe('/about-us')
  })

  it.each([undefined, null, 42, {href: '/about-us'}, ['/about-us']])('drops a non-string (%j)', (href) => {
    expect(followableHref(href)).toBeUndefined()
  })
})

describe.each(Object.entries(renderers))('%s renders hostile or unexpected content safely', (_, render) => {
  describe('links', () => {
    it.each(UNSAFE_HREFS)('%s: the words render as plain text and the address nowhere', (_, href) => {
      const html = render([linkParagraph(href)])
      expect(html).toContain('Before the linked words after.')
      expect(anchors(html)).toEqual([])
      expect(html).not.toMatch(/href=/i)
      expect(html.toLowerCase()).not.toMatch(/javascript|vbscript|data:|evil\.example|file:|alert|msgbox/)
    })

    it.each(SAFE_HREFS)('%s stays a link', (_, href, external) => {
      const html = render([linkParagraph(href)])
      const links = anchors(html)
      expect(links).toHaveLength(1)
      expect(links[0].text).toBe('the linked words')
      expect(links[0].attributes).toContain(`href="${href.replaceAll('&', '&amp;')}"`)
      if (external) expect(links[0].attributes).toMatch(/\brel="noopener noreferrer"/)
      else expect(links[0].attributes).not.toContain('rel=')
    })

    it('an address that tries to break out of its attribute stays inside it', () => {
      const html = render([linkParagraph('https://example.com/"><script>alert(1)</script>')])
      expect(html).not.toMatch(/<script/i)
      expect(anchors(html)).toHaveLength(1)
      expect(anchors(html)[0].attributes).toContain('&quot;&gt;&lt;script&gt;')
    })

    it('a link mark whose definition has no address, or a non-string one, leaves plain words', () => {
      for (const markDef of [
        {_type: 'link', _key: 'lnk'},
        {_type: 'link', _key: 'lnk', href: {toString: 'javascript:alert(1)'}},
      ]) {
        const html = render([block([span('plain words', ['lnk'])], {markDefs: [markDef]})])
        expect(html).toBe('<p>plain words</p>')
      }
    })
  })

  describe('raw HTML in text', () => {
    it.each([
      ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
      ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
      ['"><svg onload=alert(1)>', '&quot;&gt;&lt;svg onload=alert(1)&gt;'],
    ])('%s is escaped', (text, escaped) => {
      const html = render([
        block([span(text)]),
        block([span(text, ['strong'])]),
        linkParagraph('/about-us', text),
      ])
      expect(html).not.toMatch(/<(script|img|svg)\b/i)
      // No tag of the output carries an event handler (the text itself may say "onerror=").
      for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) expect(tag).not.toMatch(/\son\w+=/i)
      expect(html.split(escaped).length - 1).toBeGreaterThanOrEqual(3)
    })

    it('the word <script> itself comes out as &lt;script&gt;', () => {
      expect(render([block([span('<script>alert(1)</script>')])])).toBe(
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      )
    })
  })

  describe('unknown types, marks and styles', () => {
    const secret = 'https://unknown.example/secret-video'

    it('an unknown block type renders nothing and leaks none of its fields', () => {
      const html = render([
        block([span('Before.')]),
        {_type: 'youtubeEmbed', _key: key(), url: secret},
        block([span('After.')]),
      ])
      expect(html).toBe('<p>Before.</p><p>After.</p>')
    })

    it('an unknown inline object inside a block renders nothing and leaks none of its fields', () => {
      const html = render([
        block([span('Before '), {_type: 'youtubeEmbed', _key: key(), url: secret}, span('after.')]),
      ])
      expect(html).toBe('<p>Before after.</p>')
    })

    it('an unknown decorator keeps its text, without markup of its own', () => {
      const html = render([block([span('Some '), span('underlined', ['underline']), span(' words.')])])
      expect(html).toBe('<p>Some underlined words.</p>')
    })

    it('a mark key with no definition keeps its text', () => {
      const html = render([block([span('dangling mark', ['missingDef'])])])
      expect(html).toBe('<p>dangling mark</p>')
    })

    it('an unknown annotation keeps its text and leaks none of its fields', () => {
      const html = render([
        block([span('annotated words', ['ann'])], {
          markDefs: [{_type: 'videoLink', _key: 'ann', url: secret, href: 'javascript:alert(1)'}],
        }),
      ])
      expect(html).toBe('<p>annotated words</p>')
    })

    it.each(['h1', 'blockquote', 'marquee', '<script>', 'constructor'])(
      'block style %j renders its text',
      (style) => {
        const html = render([block([span('Styled text')], {style})])
        expect(html).toContain('>Styled text</')
        expect(html).not.toMatch(/<(script|marquee)\b/i)
      },
    )

    it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
      'type, inline type and mark named %j render without throwing',
      (name) => {
        const html = render([
          {_type: name, _key: key(), url: secret},
          block([span('Kept ', [name]), {_type: name, _key: key(), url: secret}, span('text.')], {
            markDefs: [{_type: name, _key: name, url: secret}],
          }),
        ])
        expect(html).toBe('<p>Kept text.</p>')
      },
    )

    it.each(['@list', '@span', '@text'])("a block typed as the renderer's internal %j is dropped", (name) => {
      const html = render([
        {_type: name, _key: key(), text: secret, children: [span(secret)], markDef: {}, listItem: 'bullet'},
        block([span('After.')]),
      ])
      expect(html).toBe('<p>After.</p>')
    })

    it('an unknown list type renders its items without throwing', () => {
      const html = render([block([span('item')], {listItem: 'checkbox', level: 1})])
      expect(html).toContain('item')
      expect(html).not.toContain('checkbox')
    })

    it('nothing of a raw object is ever printed', () => {
      const html = render([
        {_type: 'youtubeEmbed', _key: key(), url: secret},
        block([span('x', ['underline']), {_type: 'mystery', _key: key(), url: secret}], {style: 'h1'}),
      ])
      expect(html).not.toMatch(/\[object Object\]|_type|_key|youtubeEmbed|mystery|unknown\.example/)
    })
  })
})

describe('figures in PolicyText', () => {
  it('a figureRef renders the formatted figure', () => {
    const html = renderers.PolicyText([
      block([
        span('A fee of '),
        {_type: 'figureRef', _key: key(), figure: 'cancellationFeePercent'},
        span(' applies.'),
      ]),
    ])
    expect(html).toBe(
      `<p>A fee of <span class="figure" data-figure="cancellationFeePercent">${figures.cancellationFeePercent}%</span> applies.</p>`,
    )
  })

  it('figure text from the CMS is escaped', () => {
    const html = renderToStaticMarkup(
      createElement(PolicyTextFromDocuments, {
        value: [block([{_type: 'figureRef', _key: key(), figure: 'jurisdictionCity'}])] as never,
        figures: {...figures, jurisdictionCity: '<img src=x onerror=alert(1)>'},
        facts,
      }),
    )
    expect(html).not.toMatch(/<img/i)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('the grievance contact escapes its note and the officer details', () => {
    const html = renderToStaticMarkup(
      createElement(PolicyTextFromDocuments, {
        value: [{_type: 'grievanceContact', _key: key(), note: '<script>alert(1)</script>'}] as never,
        figures,
        facts: {
          ...facts,
          grievanceOfficer: {
            ...facts.grievanceOfficer,
            name: '<svg onload=alert(1)>',
            designation: '<b>Officer</b>',
            email: '"><script>x</script>@x.example',
          },
        },
      }),
    )
    expect(html).not.toMatch(/<(script|svg|b)\b/i)
    expect(html).toContain('&lt;script&gt;')
  })
})

describe('content schemas', () => {
  it.each([
    'javascript:alert(1)',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    'data:text/html,x',
  ])('reject %j as the address of a site link', async (href) => {
    const raw = (await readPart(source, 'siteSettings')) as {
      companyLinks: {href: string}[]
      footerGroups: {links: {href?: string}[]}[]
    }
    expect(siteSettingsSchema.safeParse(raw).success).toBe(true)
    raw.companyLinks[0].href = href
    expect(siteSettingsSchema.safeParse(raw).success).toBe(false)
  })

  const figureRef = (figure: string) => ({_type: 'figureRef', _key: key(), figure})

  it('reject a figure reference to a figure that does not exist, wherever it stands', () => {
    // As the brief states it (no _key), at the top level, and where Studio puts figures: inside a block.
    expect(policyBodySchema.safeParse([{_type: 'figureRef', figure: 'notAFigure'}]).success).toBe(false)
    expect(policyBodySchema.safeParse([figureRef('notAFigure')]).success).toBe(false)
    expect(policyBodySchema.safeParse([block([span('Fee: '), figureRef('notAFigure')])]).success).toBe(false)
    expect(policyBodySchema.safeParse([block([figureRef('toString')])]).success).toBe(false)
    expect(
      policyBodySchema.safeParse([block([span('Fee: '), figureRef('cancellationFeePercent')])]).success,
    ).toBe(true)
  })

  const factRef = (fact: string) => ({_type: 'factRef', _key: key(), fact})

  it('reject a company-fact reference to a fact that does not exist', () => {
    expect(policyBodySchema.safeParse([block([span('Write to '), factRef('ceoMobile')])]).success).toBe(false)
    expect(policyBodySchema.safeParse([block([factRef('constructor')])]).success).toBe(false)
    expect(policyBodySchema.safeParse([block([factRef('grievanceOfficerEmail')])]).success).toBe(true)
  })

  it('a company fact is escaped; an e-mail fact is a mailto: link and a phone fact a tel: link', () => {
    const html = renderToStaticMarkup(
      createElement(PolicyTextFromDocuments, {
        value: [
          block([
            factRef('customerCareEmail'),
            span(' '),
            factRef('customerCarePhone'),
            span(' '),
            factRef('legalName'),
          ]),
        ] as never,
        figures,
        facts: {
          ...facts,
          legalName: '<img src=x onerror=alert(1)> Private Limited',
          customerCare: {...facts.customerCare, email: 'care@x.example', phone: '+91 40 2345 6789'},
        },
      }),
    )
    expect(html).not.toMatch(/<img/i)
    expect(html).toContain(
      '<a class="fact" data-fact="customerCareEmail" href="mailto:care@x.example">care@x.example</a>',
    )
    expect(html).toContain(
      '<a class="fact" data-fact="customerCarePhone" href="tel:+914023456789">+91 40 2345 6789</a>',
    )
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Private Limited')
  })

  it('reject a known type whose fields are broken instead of passing it off as an unknown type', () => {
    expect(policyBodySchema.safeParse([{_type: 'grievanceContact', _key: key(), note: 42}]).success).toBe(
      false,
    )
    expect(policyBodySchema.safeParse([{_type: 'block', _key: key(), children: []}]).success).toBe(false)
    expect(
      richTextSchema.safeParse([
        {_type: 'block', _key: key(), children: [{_type: 'span', _key: key(), text: 42}]},
      ]).success,
    ).toBe(false)
  })

  it('keep an unknown block type as it is, so a later Studio plugin does not fail the build', () => {
    const embed = {_type: 'youtubeEmbed', _key: key(), url: 'https://unknown.example/video'}
    for (const schema of [policyBodySchema, richTextSchema]) {
      const parsed = schema.safeParse([embed])
      expect(parsed.success).toBe(true)
      expect(parsed.data).toEqual([embed])
    }
    const inline = {_type: 'mystery', _key: key(), url: 'https://unknown.example/x'}
    expect(policyBodySchema.safeParse([block([span('a'), inline])]).data?.[0]).toMatchObject({
      children: [{}, inline],
    })
  })

  it('the policy schema keeps a link address as text (followableHref decides at render time)', () => {
    const parsed = policyBodySchema.parse([linkParagraph('javascript:alert(1)')])
    expect(renderers.PolicyText(parsed as Value)).toBe('<p>Before the linked words after.</p>')
  })
})
