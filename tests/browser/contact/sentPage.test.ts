import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Page} from 'playwright-core'
import {beforeAll, describe, expect, inject} from 'vitest'
import {SECURITY_HEADERS} from '../../../src/server/securityHeaders'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {contactPage, settings} from '../../support/site'
import {bundledDocuments, documentById} from '../../support/dataset'
import {islandBody, postForm, postJson, validFields} from '../../support/contact'
import {vnu} from '../../support/vnu'

// The page a form post without JavaScript lands on once its message is stored: the build's
// "sent" words and the message's reference. How a visitor reaches it is in form.browser.test.ts.

const base = inject('siteUrl')
const FORM = contactPage.form
const SENT = contactPage.sentPage as {title: string; backLabel: string}
const sentPath = (reference: string) => `/api/contact/sent?reference=${encodeURIComponent(reference)}`

/** A reference the server gave a stored message. */
async function storedReference(): Promise<string> {
  const response = await postJson(base, islandBody(validFields()))
  expect(response.status).toBe(201)
  return (await response.json()).reference
}

describe('GET /api/contact/sent', () => {
  it('is the site\'s page, with its header and footer, showing the build\'s "Message sent" words, the reference and a link back to the contact page', async () => {
    const reference = await storedReference()
    const response = await fetch(base + sentPath(reference))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect(html).toMatch(new RegExp(`<title>${RegExp.escape(SENT.title)}[^<]*</title>`))
    expect(html).toMatch(new RegExp(`<h1[^>]*>${RegExp.escape(SENT.title)}</h1>`))
    expect(html).toContain(`>${FORM.successMessage}</p>`)
    expect(html).toMatch(
      new RegExp(`${RegExp.escape(FORM.referenceLabel)} <strong[^>]*>${reference}</strong>`),
    )
    expect(html).toMatch(new RegExp(`<a href="/contact-us"[^>]*>${RegExp.escape(SENT.backLabel)}</a>`))
    expect(html).toContain('<header class="site-header"')
    expect(html).toContain('<footer class="site-footer"')
    // Astro's policy for the page's own scripts and styles, by their hashes.
    expect(html).toContain('<meta http-equiv="content-security-policy"')
  })

  it('without JavaScript at 375 px, for a form sent from the Hindi page: the header and footer in Hindi, and no control that cannot work', async ({
    newPage,
  }) => {
    const hindi = documentById(bundledDocuments(), 'siteSettings__i18n_hi')
    const reference = await storedReference()
    const page = await newPage(PHONE, {javaScriptEnabled: false})
    await page.goto(`${base}${sentPath(reference)}&language=hi`)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi')
    const header = page.getByRole('banner')
    // The menu the browser opens by itself is the header's one control.
    await expect(header.locator('button:visible, summary:visible').count()).resolves.toBe(1)
    await expect(header.locator('summary').textContent()).resolves.toBe(hindi.interfaceText.menu)
    await expect(page.getByRole('contentinfo').getByText(hindi.tagline).isVisible()).resolves.toBe(true)
    await expect(page.getByText(reference).isVisible()).resolves.toBe(true)
  })

  it('is never cached or indexed, and carries the security headers of every answer', async () => {
    const response = await fetch(base + sentPath(await storedReference()))
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-robots-tag')).toBe('noindex')
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(response.headers.get(name), name).toBe(value)
    expect(await response.text()).toContain('<meta name="robots" content="noindex">')
  })

  it('can be reloaded: the same address shows the same page, and sends nothing again', async () => {
    const reference = await storedReference()
    const [first, again] = await Promise.all([
      fetch(base + sentPath(reference)),
      fetch(base + sentPath(reference)),
    ])
    expect(await again.text()).toBe(await first.text())
  })

  it('sends an address without a reference of the right shape to the contact page, repeating nothing of it', async () => {
    for (const reference of [
      '',
      'abcd1234',
      'ABCD123',
      'ABCD12345',
      '<script>alert(1)</script>',
      'ABCD1234"><img src=x onerror=alert(1)>',
    ]) {
      const response = await fetch(base + sentPath(reference), {redirect: 'manual'})
      expect(response.status, reference).toBe(303)
      expect(response.headers.get('location'), reference).toBe('/contact-us')
      expect(await response.text()).toBe('')
    }
    const without = await fetch(`${base}/api/contact/sent`, {redirect: 'manual'})
    expect(without.headers.get('location')).toBe('/contact-us')
  })

  it('is where a form post without JavaScript is sent (303) once its message is stored', async () => {
    const response = await postForm(base, {...validFields(), website: ''})
    expect(response.status).toBe(303)
    const location = response.headers.get('location')!
    expect(location).toMatch(/^\/api\/contact\/sent\?reference=[0-9A-F]{8}$/)
    expect((await fetch(base + location)).status).toBe(200)
  })

  it('answers other methods with 405, naming GET', async () => {
    const response = await fetch(base + sentPath('ABCD1234'), {method: 'POST', headers: {origin: base}})
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('the page after sending without JavaScript, checked whole', () => {
  const require = createRequire(import.meta.url)
  const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
  let reference: string
  beforeAll(async () => {
    reference = await storedReference()
  })

  it('is valid HTML (Nu HTML Checker)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sent-page-'))
    try {
      const file = join(dir, 'sent.html')
      writeFileSync(file, await (await fetch(base + sentPath(reference))).text())
      expect((await vnu([file])).messages).toEqual([])
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })

  /** The page as loaded, with its own Content-Security-Policy enforced, recording any violation. */
  async function open(page: Page) {
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as {cspViolations: string[]}).cspViolations = [])
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      )
    })
    await page.goto(base + sentPath(reference))
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px shows the reference by its label, fits the screen, and breaks no rule of its Content-Security-Policy`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport)
      await open(page)
      await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe(SENT.title)
      await expect(page.getByText(FORM.successMessage, {exact: true}).isVisible()).resolves.toBe(true)
      const shown = page.getByText(`${FORM.referenceLabel} ${reference}`, {exact: true})
      await expect(shown.isVisible()).resolves.toBe(true)
      const back = page.getByRole('link', {name: SENT.backLabel})
      await expect(back.getAttribute('href')).resolves.toBe('/contact-us')
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth),
        'no sideways scrolling',
      ).resolves.toBeLessThanOrEqual(viewport.width)
      // The site's header and footer, styled (the page's styles apply by their hashes), and nothing is blocked.
      await expect(
        page.getByRole('banner').getByRole('link', {name: settings.companyName}).isVisible(),
      ).resolves.toBe(true)
      await expect(page.getByRole('contentinfo').getByText(settings.tagline).isVisible()).resolves.toBe(true)
      await expect(
        page.getByRole('banner').evaluate((header) => getComputedStyle(header).position),
      ).resolves.toBe('sticky')
      await expect(
        page.evaluate(() => (window as unknown as {cspViolations: string[]}).cspViolations),
      ).resolves.toEqual([])
    })

    it(`at ${viewport.width} px has no WCAG 2.2 AA or best-practice violation (axe-core)`, async ({
      newPage,
    }) => {
      // axe is injected as a script, which the page's policy would rightly block.
      const page = await newPage(viewport, {bypassCSP: true})
      await page.goto(base + sentPath(reference))
      await page.addScriptTag({content: AXE_SOURCE})
      const violations = await page.evaluate(async (tags) => {
        const axe = (window as unknown as {axe: {run: (...args: unknown[]) => Promise<{violations: any[]}>}})
          .axe
        const results = await axe.run(document, {runOnly: {type: 'tag', values: tags}})
        return results.violations.map((violation) => `${violation.id}: ${violation.help}`)
      }, AXE_TAGS)
      expect(violations).toEqual([])
    })
  }
})
