import {gzipSync} from 'node:zlib'
import {afterAll, describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {mobileMenuHydrated, withPage} from '../../support/site'
import {HISTORY_PATHS, POLICY_PATHS, contactFormHydrated} from './pages'

const base = inject('siteUrl')
const origin = new URL(base).origin
const KB = 1024
const HTML_AND_CSS_BUDGET = 20 * KB

/** The chunks a page may load for the menu island: Astro's island runtime, React, and the menu. */
const MENU_CHUNKS = ['client', 'react', 'jsx-runtime', 'rolldown-runtime', 'MobileMenu']

interface Loaded {
  url: string
  type: string
  status: number
  bytes: number
  /** The body compressed with gzip level 9: what it costs on the wire when served compressed. */
  gzip: number
}

/**
 * Loads `path` and records every response body. The server may or may not
 * compress, so sizes are measured as gzip -9 of each body, which does not depend on the server.
 */
async function load(page: Page, path: string, settle: (page: Page) => Promise<void>) {
  const bodies: Promise<Loaded | undefined>[] = []
  let inFlight = 0
  page.on('request', () => inFlight++)
  page.on('requestfailed', () => inFlight--)
  // The test machine has no network: answer other origins at once instead of letting the page
  // hang on them.
  await page.route(
    (url) => url.protocol !== 'data:' && url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  )
  page.on('requestfinished', (request) => {
    inFlight--
    bodies.push(
      (async () => {
        const response = await request.response()
        // A redirect has no body of its own; a 404 page does, and counts.
        if (!response || (response.status() >= 300 && response.status() < 400)) return undefined
        const body = await response.body()
        return {
          url: request.url(),
          type: request.resourceType(),
          status: response.status(),
          bytes: body.length,
          gzip: gzipSync(body, {level: 9}).length,
        }
      })(),
    )
  })
  await page.goto(base + path, {waitUntil: 'load'})
  await settle(page)
  // Nothing more in flight for 150 ms: every response has been seen.
  for (let quiet = 0; quiet < 3;) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    quiet = inFlight === 0 ? quiet + 1 : 0
  }
  const loaded = (await Promise.all(bodies)).filter((entry): entry is Loaded => Boolean(entry))
  return {loaded}
}

const sum = (entries: Loaded[], key: 'bytes' | 'gzip') =>
  entries.reduce((total, entry) => total + entry[key], 0)
const chunkName = (url: string) =>
  /\/_astro\/([^/]+?)\.[\w-]+\.js$/.exec(new URL(url).pathname)?.[1] ?? new URL(url).pathname
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

/** Waits for whatever the page hydrates at this width. */
async function hydrated(page: Page, path: string, width: number) {
  if (width === PHONE.width) await mobileMenuHydrated(page)
  if (path === '/contact-us') await contactFormHydrated(page)
}

interface Visit {
  loaded: Loaded[]
}

/** The policies and their history pages: text only, with no script of their own. */
const TEXT_PATHS = [...POLICY_PATHS, ...HISTORY_PATHS]

/**
 * Each text page at both widths, visited once in a fresh context (nothing cached), islands
 * hydrated. That no page asks anything of another origin, in any state, is checked by the crawl of
 * every page (tests/browser/quality/everyPage.test.ts).
 */
const visits = new Map<string, Visit>()
const visit = (path: string, width: number) => visits.get(`${path} @ ${width}`)!

it.beforeAll(async ({browser}) => {
  await Promise.all(
    [PHONE, DESKTOP].map(async (viewport) => {
      for (const path of TEXT_PATHS) {
        await withPage(browser, viewport, async (page) => {
          visits.set(
            `${path} @ ${viewport.width}`,
            await load(page, path, (page) => hydrated(page, path, viewport.width)),
          )
        })
      }
    }),
  )
})

afterAll(async () => {
  const of = (loaded: Loaded[], types: string[]) => loaded.filter((entry) => types.includes(entry.type))
  const cell = (entries: Loaded[]) => `${kb(sum(entries, 'gzip'))} (${kb(sum(entries, 'bytes'))})`
  const table: Record<string, Record<string, string>> = {}
  for (const key of [DESKTOP, PHONE].flatMap((viewport) =>
    TEXT_PATHS.map((path) => `${path} @ ${viewport.width}`),
  )) {
    if (!visits.has(key)) continue
    const {loaded} = visits.get(key)!
    table[key] = {
      html: cell(of(loaded, ['document'])),
      css: cell(of(loaded, ['stylesheet'])),
      'html+css': cell(of(loaded, ['document', 'stylesheet'])),
      js: cell(of(loaded, ['script'])),
      requests: String(loaded.length),
    }
  }
  if (visits.size) {
    console.log(
      'Page weight: gzip -9 of each response body (raw size in brackets); CSS is counted inline in the HTML when inlined',
    )
    console.table(table)
  }
})

describe('page weight budgets', () => {
  for (const path of TEXT_PATHS) {
    it(`${path} at 1280 px loads no JavaScript at all, and its HTML and CSS weigh at most 20 KB gzipped`, () => {
      const {loaded} = visit(path, DESKTOP.width)
      const scripts = loaded.filter((entry) => entry.type === 'script')
      expect(
        scripts.map((entry) => entry.url),
        'scripts loaded',
      ).toEqual([])
      expect(sum(scripts, 'bytes')).toBe(0)
      const htmlAndCss = loaded.filter((entry) => entry.type === 'document' || entry.type === 'stylesheet')
      expect(htmlAndCss.filter((entry) => entry.type === 'document')).toHaveLength(1)
      expect(sum(htmlAndCss, 'gzip'), `HTML+CSS of ${path}, gzip -9`).toBeLessThanOrEqual(HTML_AND_CSS_BUDGET)
    })
  }

  for (const path of TEXT_PATHS) {
    it(`${path} at 375 px loads only the island runtime, React and the menu, never the contact form`, () => {
      const {loaded} = visit(path, PHONE.width)
      const scripts = loaded.filter((entry) => entry.type === 'script').map((entry) => entry.url)
      const names = scripts.map(chunkName)
      expect(names).not.toContain('ContactForm')
      expect(names).toContain('MobileMenu')
      // The island runtime may come in more than one chunk named "client"; no chunk comes twice.
      expect(new Set(scripts).size, `each chunk once: ${names.join(', ')}`).toBe(scripts.length)
      for (const name of names) expect(MENU_CHUNKS, `unexpected script ${name} on ${path}`).toContain(name)
      expect(new Set(names)).toEqual(new Set(MENU_CHUNKS))
      const htmlAndCss = loaded.filter((entry) => entry.type === 'document' || entry.type === 'stylesheet')
      expect(sum(htmlAndCss, 'gzip'), `HTML+CSS of ${path}, gzip -9`).toBeLessThanOrEqual(HTML_AND_CSS_BUDGET)
    })
  }
})
