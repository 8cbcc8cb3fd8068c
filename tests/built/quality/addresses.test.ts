import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, inject, it} from 'vitest'
import {isReservedDomain} from '../../../model/samples'
import {bundledDocuments, documentById} from '../../support/dataset'

/**
 * Hosts the site may name although they are neither its own nor reserved for examples: public
 * authorities a policy cites on purpose (a regulator, a grievance portal). Add one only together
 * with the wording that cites it; anything else in the built pages is an address nobody checked.
 */
const CITED_AUTHORITIES: readonly string[] = []

const clientDir = join(inject('distDir'), 'client')
const pages = readdirSync(clientDir, {recursive: true, encoding: 'utf8'}).filter((file) =>
  file.endsWith('.html'),
)

/** The site's own hosts: where its sitemap says its pages are. */
const ownHosts = [
  ...readFileSync(join(clientDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g),
].map((match) => new URL(match[1]).hostname)

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi
const ABSOLUTE_URL = /\b(?:https?:)?\/\/[^\s"'<>\\`]+/gi
/** Attributes whose whole value is an address a visitor or the browser follows. */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'cite', 'poster', 'data'])

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|quot|apos|lt|gt|nbsp);/gi, (_, entity: string) => {
    const named: Record<string, string> = {amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' '}
    if (entity[0] !== '#') return named[entity.toLowerCase()]
    return String.fromCodePoint(
      entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
    )
  })
}

/** An address found on a page: an e-mail address or the host of a link. */
interface Found {
  kind: 'e-mail' | 'host'
  /** The address as the page has it. */
  value: string
  /** The host it belongs to. */
  host: string
  /** Where on the page: an attribute of an element, or the text. */
  where: string
}

function emailsIn(text: string, where: string): Found[] {
  return [...text.matchAll(EMAIL)].map(([email]) => ({
    kind: 'e-mail',
    value: email,
    host: email.slice(email.lastIndexOf('@') + 1).toLowerCase(),
    where,
  }))
}

function addressOf(value: string, where: string): Found[] {
  const trimmed = value.trim()
  if (/^mailto:/i.test(trimmed)) {
    const recipients = trimmed.slice('mailto:'.length).split('?')[0].split(',')
    const found = recipients.flatMap((recipient) => emailsIn(decodeURIComponent(recipient), where))
    // A mailto: link with nothing readable in it is reported as it stands.
    return found.length ? found : [{kind: 'e-mail', value: trimmed, host: '', where}]
  }
  let url: URL
  try {
    url = new URL(trimmed, 'relative:/')
  } catch {
    return []
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return []
  return [{kind: 'host', value: trimmed, host: url.hostname.toLowerCase(), where}]
}

/**
 * Every e-mail address and link host in a built page: every address attribute (href, src, …), any
 * absolute address or e-mail address inside another attribute (meta tags, island props), and every
 * e-mail or web address in the text. Scripts, styles and comments are not read.
 */
function addressesIn(html: string): Found[] {
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1</script>')
    .replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/gi, '$1</style>')
  const found: Found[] = []
  for (const tag of markup.matchAll(/<([a-z][a-z0-9-]*)\b((?:"[^"]*"|'[^']*'|[^'">])*)>/gi)) {
    const element = tag[1].toLowerCase()
    for (const attribute of tag[2].matchAll(/([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
      const name = attribute[1].toLowerCase()
      const value = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '')
      const where = `<${element} ${name}>`
      if (ADDRESS_ATTRIBUTES.has(name)) found.push(...addressOf(value, where))
      else if (name === 'srcset')
        for (const candidate of value.split(','))
          found.push(...addressOf(candidate.trim().split(/\s+/)[0], where))
      else {
        for (const [url] of value.matchAll(ABSOLUTE_URL)) found.push(...addressOf(url, where))
        for (const [, recipient] of value.matchAll(/mailto:([^\s"'<>\\`]+)/gi))
          found.push(...addressOf(`mailto:${recipient}`, where))
        found.push(...emailsIn(value.replace(/mailto:[^\s"'<>\\`]+/gi, ''), where))
      }
    }
  }
  // The text as visitors read it: inline elements (a change page's <ins> and <del>, links) join
  // their words, and the words said only to screen readers ("added:") are not in the line.
  const text = decodeEntities(
    markup
      .replace(/<span class="visually-hidden">[^<]*<\/span>/g, '')
      .replace(/<\/?(?:ins|del|a|strong|em|b|i|span|time|mark|abbr)\b[^>]*>/gi, '')
      .replace(/<[^>]*>/g, ' '),
  )
  found.push(...emailsIn(text, 'text'))
  for (const [url] of text.matchAll(/\bhttps?:\/\/[^\s"'<>]+/gi))
    found.push(...addressOf(url.replace(/[.,;:!?)]+$/, ''), 'text'))
  return found
}

const isOwn = (host: string) =>
  ownHosts.some(
    (own) => host === own || host.endsWith(`.${own}`) || (own.endsWith(`.${host}`) && host.includes('.')),
  )

const allowed = (host: string) =>
  host !== '' && (isOwn(host) || isReservedDomain(host) || CITED_AUTHORITIES.includes(host))

/** What a page names that is neither the site's own, reserved for examples, nor a cited authority. */
const offending = (page: string, html: string) =>
  addressesIn(html)
    .filter(({host}) => !allowed(host))
    .map(({kind, value, where}) => `${page}: ${kind} ${JSON.stringify(value)} in ${where}`)

const read = (page: string) => readFileSync(join(clientDir, page), 'utf8')

describe('addresses in the built site', () => {
  it('the site names no e-mail address or link host but its own, reserved example names and cited authorities', () => {
    expect(pages.length).toBeGreaterThanOrEqual(7)
    expect(ownHosts.length).toBeGreaterThan(0)
    expect(pages.flatMap((page) => offending(page, read(page)))).toEqual([])
  })

  it('the check reads links, mailto: addresses and the text (it finds the sample customer-care e-mail)', () => {
    const careEmail: string = documentById(bundledDocuments(), 'companyFacts').customerCare.email
    const found = addressesIn(read('contact-us.html'))

    expect(found).toEqual(
      expect.arrayContaining([
        {kind: 'e-mail', value: careEmail, host: careEmail.split('@')[1], where: '<a href>'},
        {kind: 'e-mail', value: careEmail, host: careEmail.split('@')[1], where: 'text'},
      ]),
    )
    expect(found.some(({kind, host}) => kind === 'host' && isOwn(host))).toBe(true)
  })

  it('the check reports the page and the value of an address that is not allowed', () => {
    const page = [
      '<a href="mailto:owner@gmail.com?subject=Hi">Write</a>',
      '<a href="https://tracker.example.net.evil.io/x">x</a>',
      '<img srcset="https://cdn.elsewhere.com/a.png 1x">',
      '<meta property="og:image" content="https://images.elsewhere.org/card.png">',
      `<astro-island props='{"href":[0,"https://app.elsewhere.in/login"]}'></astro-island>`,
      '<p>Write to someone@yahoo.co.in or see http://other.site.in/page.</p>',
      '<!-- hidden@nowhere.com --><script>const a = "script@nowhere.com"</script>',
      '<p>name@example.com, <a href="mailto:care@medistay.example">care</a>, <a href="/contact-us">us</a></p>',
    ].join('\n')

    expect(offending('sample.html', page)).toEqual([
      'sample.html: e-mail "owner@gmail.com" in <a href>',
      'sample.html: host "https://tracker.example.net.evil.io/x" in <a href>',
      'sample.html: host "https://cdn.elsewhere.com/a.png" in <img srcset>',
      'sample.html: host "https://images.elsewhere.org/card.png" in <meta content>',
      'sample.html: host "https://app.elsewhere.in/login" in <astro-island props>',
      'sample.html: e-mail "someone@yahoo.co.in" in text',
      'sample.html: host "http://other.site.in/page" in text',
    ])
  })
})
