import {beforeAll, describe, expect, inject, it} from 'vitest'
import {HISTORY_PAGE_PATHS, NOT_FOUND_PATH, contactPage} from '../../support/site'

const base = inject('siteUrl')
const origin = new URL(base).origin

/** The few entities Astro writes into attribute values and XML. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|quot|apos|lt|gt);/gi, (_, entity: string) => {
    const named: Record<string, string> = {amp: '&', quot: '"', apos: "'", lt: '<', gt: '>'}
    if (entity[0] !== '#') return named[entity.toLowerCase()]
    return String.fromCodePoint(
      entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
    )
  })
}

function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {}
  for (const match of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    result[match[1].toLowerCase()] ??= decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')
  }
  return result
}

interface Reference {
  kind: string
  value: string
}

/**
 * What an HTML page points at, read with a small tokenizer: the inside of <script>, <style> and
 * comments is dropped first, so only real elements count.
 */
function readHtml(html: string): {references: Reference[]; ids: Set<string>} {
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1</script>')
    .replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/gi, '$1</style>')
  const references: Reference[] = []
  const ids = new Set<string>()
  for (const match of markup.matchAll(/<([a-z][a-z0-9-]*)\b((?:"[^"]*"|'[^']*'|[^'">])*)>/gi)) {
    const tag = match[1].toLowerCase()
    const attrs = attributes(match[2])
    if (attrs.id !== undefined) ids.add(attrs.id)
    if (tag === 'a' && attrs.name !== undefined) ids.add(attrs.name)
    const add = (kind: string, value: string | undefined) =>
      value !== undefined && references.push({kind, value})
    if (tag === 'a') add('<a href>', attrs.href)
    if (tag === 'link') add(`<link rel="${attrs.rel ?? ''}" href>`, attrs.href)
    if (tag === 'script') add('<script src>', attrs.src)
    if (tag === 'img') {
      add('<img src>', attrs.src)
      for (const candidate of (attrs.srcset ?? '').split(','))
        add('<img srcset>', candidate.trim().split(/\s+/)[0] || undefined)
    }
    // The islands load their code from these.
    if (tag === 'astro-island') {
      add('<astro-island component-url>', attrs['component-url'])
      add('<astro-island renderer-url>', attrs['renderer-url'])
    }
  }
  return {references, ids}
}

/** Files a stylesheet or a script chunk loads in turn. */
function readAsset(path: string, text: string): Reference[] {
  if (path.endsWith('.css')) {
    return [...text.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)]
      .map((match) => match[1] ?? match[2] ?? match[3])
      .filter((url) => !url.startsWith('data:') && !url.startsWith('#'))
      .map((value) => ({kind: 'css url()', value}))
  }
  if (path.endsWith('.js')) {
    return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["'](\.{1,2}\/[^"']+)["']/g)].map(
      (match) => ({kind: 'js import', value: match[1]}),
    )
  }
  return []
}

interface Fetched {
  status: number
  location: string | null
  contentType: string
  ids: Set<string>
}

interface Crawl {
  /** Pages and assets by path, with what they answered. */
  fetched: Map<string, Fetched>
  /** path -> the pages (or files) it was found on. */
  foundOn: Map<string, Set<string>>
  /** The paths visitors navigate to (by <a href>, a canonical link, or the start): pages, not assets. */
  navigable: Set<string>
  /** Anchors to check: target path, id, and where the link was. */
  anchors: {path: string; id: string; from: string; href: string}[]
  external: {href: string; from: string}[]
  malformed: string[]
  sitemapPaths: string[]
  sitemapOrigin: string
}

const crawl = {} as Crawl

beforeAll(async () => {
  // The sitemap (and every canonical address) names the site by its configured origin: links to
  // that origin are the site's own, and are fetched from the server under test.
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text()
  const locs = [...sitemap.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map(
    (match) => new URL(decodeEntities(match[1])),
  )
  crawl.sitemapOrigin = locs[0]?.origin ?? origin
  crawl.sitemapPaths = locs.map((url) => url.pathname)
  const internal = new Set([origin, crawl.sitemapOrigin])

  crawl.fetched = new Map()
  crawl.foundOn = new Map()
  crawl.navigable = new Set(['/', NOT_FOUND_PATH])
  crawl.anchors = []
  crawl.external = []
  crawl.malformed = []
  const queue: string[] = []
  const enqueue = (path: string, from: string) => {
    if (!crawl.foundOn.has(path)) {
      crawl.foundOn.set(path, new Set())
      queue.push(path)
    }
    crawl.foundOn.get(path)!.add(from)
  }
  enqueue('/', '(start)')
  // The 404 page is nobody's link target, but its own links are read too.
  enqueue(NOT_FOUND_PATH, '(start)')

  const follow = (reference: Reference, from: string) => {
    const {value, kind} = reference
    const where = `${kind} "${value}" on ${from}`
    if (value.trim() === '') return crawl.malformed.push(`empty ${where}`)
    if (value.startsWith('#')) {
      crawl.anchors.push({path: from, id: decodeURIComponent(value.slice(1)), from, href: value})
      return
    }
    let url: URL
    try {
      url = new URL(value, crawl.sitemapOrigin + from)
    } catch {
      return crawl.malformed.push(`unparsable ${where}`)
    }
    if (url.protocol === 'data:') return
    if ((url.protocol === 'http:' || url.protocol === 'https:') && internal.has(url.origin)) {
      enqueue(url.pathname, from)
      if (kind === '<a href>' || /^<link rel="(canonical|alternate)"/.test(kind))
        crawl.navigable.add(url.pathname)
      if (url.hash.length > 1)
        crawl.anchors.push({path: url.pathname, id: decodeURIComponent(url.hash.slice(1)), from, href: value})
      return
    }
    crawl.external.push({href: value, from})
  }

  while (queue.length) {
    const path = queue.shift()!
    const response = await fetch(origin + path, {redirect: 'manual'})
    const contentType = response.headers.get('content-type') ?? ''
    const entry: Fetched = {
      status: response.status,
      location: response.headers.get('location'),
      contentType,
      ids: new Set(),
    }
    crawl.fetched.set(path, entry)
    const text = await response.text()
    // An error answer is reported, not read (the 404 page is read once, from its own start).
    if (response.status !== 200 && path !== NOT_FOUND_PATH) continue
    if (contentType.startsWith('text/html')) {
      const {references, ids} = readHtml(text)
      entry.ids = ids
      for (const reference of references) follow(reference, path)
    } else {
      for (const reference of readAsset(path, text)) follow(reference, path)
    }
  }
})

const from = (path: string) => [...(crawl.foundOn.get(path) ?? [])].join(', ')
const isHtml = (path: string) => crawl.fetched.get(path)!.contentType.startsWith('text/html')
/** A page: navigated to, and answering with HTML (an extensionless path must). */
const isPage = (path: string) => crawl.navigable.has(path) && (isHtml(path) || !/\.[a-z0-9]+$/i.test(path))

describe('links across the built site (crawled from /)', () => {
  it('reaches the pages and the assets they load', () => {
    const pages = [...crawl.fetched.keys()].filter(isPage)
    expect(pages.length).toBeGreaterThanOrEqual(7)
    expect([...crawl.fetched.keys()].some((path) => path.startsWith('/_astro/'))).toBe(true)
    console.log(
      `crawled ${pages.length} pages and ${crawl.fetched.size - pages.length} other files; ${crawl.anchors.length} anchors, ${crawl.external.length} external links`,
    )
  })

  it("reaches every policy's version history, each version and what each version changed, so their links are checked", () => {
    const pages = [...crawl.fetched.keys()].filter(isPage)
    expect(HISTORY_PAGE_PATHS.filter((path) => !pages.includes(path))).toEqual([])
  })

  it('every internal page answers 200 with HTML, without a redirect', () => {
    const broken: string[] = []
    for (const [path, {status, location, contentType}] of crawl.fetched) {
      if (path === NOT_FOUND_PATH || !crawl.navigable.has(path)) continue
      if (status !== 200)
        broken.push(
          `${path} answered ${status}${location ? ` -> ${location}` : ''} (linked from ${from(path)})`,
        )
      else if (isPage(path) && !contentType.startsWith('text/html'))
        broken.push(`${path} answered ${contentType}, not HTML (linked from ${from(path)})`)
    }
    expect(broken).toEqual([])
    expect(crawl.fetched.get(NOT_FOUND_PATH)?.status, 'the 404 page').toBe(404)
  })

  it('every stylesheet, script, island chunk, icon and image answers 200', () => {
    const assets = [...crawl.fetched].filter(([path]) => !crawl.navigable.has(path))
    expect(assets.length).toBeGreaterThan(0)
    const broken = assets
      .filter(([, {status}]) => status !== 200)
      .map(([path, {status}]) => `${path} answered ${status} (linked from ${from(path)})`)
    expect(broken).toEqual([])
  })

  it('every in-page anchor (#id and /path#id) names an id on its target page', () => {
    const broken: string[] = []
    for (const {path, id, from, href} of crawl.anchors) {
      const target = crawl.fetched.get(path)
      if (
        !target ||
        (target.status !== 200 && path !== NOT_FOUND_PATH) ||
        !target.contentType.startsWith('text/html')
      )
        broken.push(`"${href}" on ${from}: ${path} is not a page`)
      else if (!target.ids.has(id)) broken.push(`"${href}" on ${from}: no id="${id}" on ${path}`)
    }
    // The header's /#services-style links are among them.
    expect(crawl.anchors.map((anchor) => anchor.href)).toEqual(
      expect.arrayContaining(['/#services', '/#cities', '/#contact', '#main']),
    )
    expect(broken).toEqual([])
  })

  it("the privacy notice's links on /contact-us to sections of a policy are among the anchors checked", () => {
    const sectionLinks = (contactPage.privacyNotice as {markDefs?: {href?: string}[]}[])
      .flatMap((block) => block.markDefs ?? [])
      .map((mark) => mark.href ?? '')
      .filter((href) => href.includes('#'))
    expect(sectionLinks.length).toBeGreaterThan(0)
    const checked = crawl.anchors
      .filter((anchor) => anchor.from === '/contact-us')
      .map((anchor) => anchor.href)
    expect(checked).toEqual(expect.arrayContaining(sectionLinks))
  })

  it('external links are well-formed https, mailto and tel addresses (not fetched)', () => {
    const bad: string[] = [...crawl.malformed]
    for (const {href, from} of crawl.external) {
      const ok =
        /^mailto:[^\s@?]+@[^\s@?]+\.[a-z]{2,}(\?\S*)?$/i.test(href) ||
        /^tel:\+?[0-9]{6,15}$/.test(href) ||
        (() => {
          if (/\s/.test(href) || !href.startsWith('https://')) return false
          try {
            const url = new URL(href)
            return (
              url.hostname.includes('.') &&
              !url.hostname.endsWith('.') &&
              url.username === '' &&
              url.password === ''
            )
          } catch {
            return false
          }
        })()
      if (!ok) bad.push(`"${href}" on ${from}`)
    }
    expect(bad).toEqual([])
  })

  it('every page in /sitemap.xml is reached by the crawl, and every page reached is in the sitemap', () => {
    expect(crawl.sitemapPaths.length).toBeGreaterThanOrEqual(6)
    const pages = [...crawl.fetched.keys()].filter(
      (path) => isPage(path) && path !== NOT_FOUND_PATH && crawl.fetched.get(path)!.status === 200,
    )
    expect(
      crawl.sitemapPaths.filter((path) => !crawl.fetched.has(path)),
      'in the sitemap, never linked',
    ).toEqual([])
    expect(
      pages.filter((path) => !crawl.sitemapPaths.includes(path)),
      'linked, not in the sitemap',
    ).toEqual([])
  })
})
