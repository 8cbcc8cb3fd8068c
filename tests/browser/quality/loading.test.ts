import {gzipSync} from 'node:zlib'
import {afterAll, describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {
  NOT_FOUND_PATH,
  ROUTES,
  contactFormHydrated,
  contactPage,
  hydrateMobileMenu,
  withPage,
  holdScripts,
} from '../../support/site'
import {HISTORY_PATHS, POLICY_PATHS} from './pages'

const base = inject('siteUrl')
const PATHS = [...ROUTES.map((route) => route.path), NOT_FOUND_PATH, ...HISTORY_PATHS]
const menuIsland = (page: Page) => page.locator('astro-island[component-url*="MobileMenu"]')
const formIsland = (page: Page) => page.locator('astro-island[component-url*="ContactForm"]')

interface Settled {
  /** When the page had loaded and the browser first went idle, in ms since navigation began. */
  idleAt: number
  /** Every script the page requested, with when. */
  scripts: {url: string; startTime: number}[]
  /** Each layout shift CLS counts: how much, when (ms since navigation began), and what moved. */
  shifts: {value: number; at: number; moved: string[]}[]
  /** When the load event fired, in ms since navigation began: islands hydrate only after it. */
  loadedAt: number
  /** Every response with a body, with its size. */
  loaded: Loaded[]
}

interface Loaded {
  url: string
  type: string
  status: number
  bytes: number
  /** The body compressed with gzip level 9: what it costs on the wire when served compressed. */
  gzip: number
}

/** The layout shifts CLS counts, from when to when, in words a failure can be read by. */
const shifted = (shifts: Settled['shifts'], from = 0) => shifts.filter((shift) => shift.at >= from)
const total = (shifts: Settled['shifts']) => shifts.reduce((sum, shift) => sum + shift.value, 0)
const described = (shifts: Settled['shifts']) =>
  shifts
    .map(({value, at, moved}) => `${value.toFixed(4)} at ${Math.round(at)} ms: ${moved.join('; ')}`)
    .join('\n')
/** Below a tenth of Google's "good" CLS (0.1): a repaint of a still-arriving page on a busy machine, not a jump. */
const UNNOTICEABLE = 0.01

/**
 * Opens `path` in a fresh page (nothing cached), waits until it has loaded, gone idle and hydrated
 * what hydrates untouched (the contact form, near the viewport), and reports, with every response
 * body it received. The server may or may not compress, so sizes are measured as gzip -9 of each
 * body, which does not depend on the server.
 */
async function visit(page: Page, path: string): Promise<Settled> {
  const bodies: Promise<Loaded | undefined>[] = []
  let inFlight = 0
  page.on('request', () => inFlight++)
  page.on('requestfailed', () => inFlight--)
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
  await page.addInitScript(() => {
    const record: Partial<Settled> & {shifts: Settled['shifts']} = {shifts: []}
    Object.assign(window, {__settled: record})
    // Registered before any script of the page, so this runs before any idle callback of the page.
    addEventListener('load', () => {
      record.loadedAt = performance.now()
      requestIdleCallback(() => (record.idleAt = performance.now()))
    })
    interface Shift {
      value: number
      startTime: number
      hadRecentInput: boolean
      sources?: {node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly}[]
    }
    const where = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[])
        if (!entry.hadRecentInput)
          record.shifts.push({
            value: entry.value,
            at: entry.startTime,
            moved: (entry.sources ?? []).map(
              ({node, previousRect, currentRect}) =>
                `${node?.nodeName ?? '?'}.${node?.className ?? ''} ${where(previousRect)} → ${where(currentRect)}`,
            ),
          })
    }).observe({type: 'layout-shift', buffered: true})
  })
  await page.goto(base + path)
  await page.waitForFunction(() => (window as unknown as {__settled: Settled}).__settled.idleAt !== undefined)
  if (path === '/contact-us') await contactFormHydrated(page)
  // Every request the page made until it went idle has ended, so its response is in `bodies`:
  // waited for as each ends. The protocol delivers a request's start before the answer to the
  // wait above, so none begun by then is missed.
  await new Promise<void>((allEnded) => {
    const ended = () => {
      if (inFlight > 0) return
      page.off('requestfinished', ended).off('requestfailed', ended)
      allEnded()
    }
    page.on('requestfinished', ended).on('requestfailed', ended)
    ended()
  })
  const settled = await page.evaluate(() => ({
    ...(window as unknown as {__settled: Settled}).__settled,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({url: entry.name, startTime: entry.startTime})),
  }))
  const loaded = (await Promise.all(bodies)).filter((entry): entry is Loaded => Boolean(entry))
  return {...settled, loaded}
}

/**
 * Every page of PATHS at both widths, visited once each in a fresh context: what the tests of
 * loading and the page weight budgets below read. A visit that failed fails the tests that read it,
 * with its error, and no other.
 */
const visits = new Map<string, Settled | Error>()
const visited = (path: string, width: number): Settled => {
  const found = visits.get(`${path} @ ${width}`)
  if (found instanceof Error) throw found
  expect(found, `the visit of ${path} at ${width} px`).toBeDefined()
  return found!
}

it.beforeAll(async ({browser}) => {
  await Promise.all(
    [PHONE, DESKTOP].map(async (viewport) => {
      for (const path of PATHS)
        visits.set(
          `${path} @ ${viewport.width}`,
          await withPage(browser, viewport, (page) => visit(page, path)).catch((error: Error) => error),
        )
    }),
  )
})

describe('loading a page', () => {
  it('no page names a script file in its HTML: what waits for the page to settle is inlined', async () => {
    for (const path of PATHS) {
      const html = await (await fetch(base + path)).text()
      expect(html, path).not.toMatch(/<script[^>]*\ssrc=/i)
      expect(html, path).not.toMatch(/<link[^>]*(modulepreload|preload)/i)
    }
  })

  for (const viewport of [PHONE, DESKTOP]) {
    for (const path of PATHS) {
      it(`at ${viewport.width} px ${path} requests no script until it has loaded, none at all untouched but the contact form, and nothing on it moves as it hydrates`, () => {
        const {loadedAt, idleAt, scripts, shifts} = visited(path, viewport.width)
        expect(scripts.filter((script) => script.startTime < loadedAt).map((script) => script.url)).toEqual(
          [],
        )
        const names = scripts.map((script) => new URL(script.url).pathname)
        // The menu waits for a touch (client:touched): an untouched page asks for no script of it.
        expect(names.filter((name) => name.includes('MobileMenu'))).toEqual([])
        if (path === '/contact-us') expect(names.some((name) => name.includes('ContactForm'))).toBe(true)
        else expect(names).toEqual([])
        // Nothing moves once the page has loaded and gone idle, and before it, while a busy
        // machine paints the page in parts and the form hydrates, nothing noticeable.
        expect(loadedAt).toBeLessThanOrEqual(idleAt)
        expect(total(shifted(shifts, idleAt)), described(shifts)).toBe(0)
        expect(total(shifts), described(shifts)).toBeLessThan(UNNOTICEABLE)
      })
    }
  }
})

describe('the menu when its script arrives', () => {
  it('at 375 px the first touch hydrates it, and nothing on the page moves', async ({phonePage: page}) => {
    await page.goto(base + '/about-us')
    const layout = () =>
      page.evaluate(() =>
        ['body > header', '.mobile-menu__toggle', 'main h1'].map((selector) =>
          JSON.stringify(document.querySelector(selector)!.getBoundingClientRect()),
        ),
      )
    const before = await layout()
    await expect(menuIsland(page).getAttribute('ssr')).resolves.not.toBeNull()
    await hydrateMobileMenu(page)
    expect(await layout()).toEqual(before)
  })
})

describe('the contact form before its script has arrived', () => {
  it('Send posts the form the plain way, and the visitor lands on the "sent" page with the reference', async ({
    desktopPage: page,
  }) => {
    await holdScripts(page)
    await page.goto(base + '/contact-us')
    await page.getByLabel('Name', {exact: true}).fill('Anjali Rao')
    await page.getByLabel('Email', {exact: true}).fill('anjali.rao@example.com')
    await page.getByLabel('Message', {exact: true}).fill('Sent before the form script arrived.')
    await page.getByRole('checkbox', {name: contactPage.form.consentLabel, exact: true}).check()
    await page.getByRole('checkbox', {name: contactPage.form.ageConfirmationLabel, exact: true}).check()
    await expect(formIsland(page).getAttribute('ssr')).resolves.not.toBeNull()
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/api/contact/sent'),
      page.getByRole('button', {name: contactPage.form.submitLabel}).click(),
    ])
    await expect(page.getByText(contactPage.form.successMessage, {exact: true}).isVisible()).resolves.toBe(
      true,
    )
    await expect(page.getByText(contactPage.form.referenceLabel, {exact: false}).isVisible()).resolves.toBe(
      true,
    )
  })
})

const KB = 1024
const HTML_AND_CSS_BUDGET = 20 * KB

/** The policies and their history pages: text only, with no script of their own. */
const TEXT_PATHS = [...POLICY_PATHS, ...HISTORY_PATHS]

const sum = (entries: Loaded[], key: 'bytes' | 'gzip') =>
  entries.reduce((total, entry) => total + entry[key], 0)
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

afterAll(async () => {
  const of = (loaded: Loaded[], types: string[]) => loaded.filter((entry) => types.includes(entry.type))
  const cell = (entries: Loaded[]) => `${kb(sum(entries, 'gzip'))} (${kb(sum(entries, 'bytes'))})`
  const table: Record<string, Record<string, string>> = {}
  for (const key of [DESKTOP, PHONE].flatMap((viewport) =>
    PATHS.map((path) => `${path} @ ${viewport.width}`),
  )) {
    const found = visits.get(key)
    if (!found || found instanceof Error) continue
    const {loaded} = found
    table[key] = {
      html: cell(of(loaded, ['document'])),
      css: cell(of(loaded, ['stylesheet'])),
      'html+css': cell(of(loaded, ['document', 'stylesheet'])),
      js: cell(of(loaded, ['script'])),
      requests: String(loaded.length),
    }
  }
  if (Object.keys(table).length) {
    console.log(
      'Page weight: gzip -9 of each response body (raw size in brackets); CSS is counted inline in the HTML when inlined',
    )
    console.table(table)
  }
})

describe('page weight budgets', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const path of TEXT_PATHS) {
      it(`${path} at ${viewport.width} px loads no JavaScript at all untouched, and its HTML and CSS weigh at most 20 KB gzipped`, () => {
        const {loaded} = visited(path, viewport.width)
        const scripts = loaded.filter((entry) => entry.type === 'script')
        expect(
          scripts.map((entry) => entry.url),
          'scripts loaded',
        ).toEqual([])
        expect(sum(scripts, 'bytes')).toBe(0)
        const htmlAndCss = loaded.filter((entry) => entry.type === 'document' || entry.type === 'stylesheet')
        expect(htmlAndCss.filter((entry) => entry.type === 'document')).toHaveLength(1)
        expect(sum(htmlAndCss, 'gzip'), `HTML+CSS of ${path}, gzip -9`).toBeLessThanOrEqual(
          HTML_AND_CSS_BUDGET,
        )
      })
    }
  }
})
