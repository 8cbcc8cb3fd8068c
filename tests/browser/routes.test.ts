import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import type {Browser} from 'playwright-core'
import {DESKTOP, launchBrowser, openPage} from '../support/browser'

const ROUTES = [
  ['/', 'Coming Soon'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms&conditions', 'Terms and Conditions'],
  ['/Refund&Cancellation-Policy', 'Refund and Cancellation Policy'],
  ['/about-us', 'About Us'],
  ['/contact-us', "Let's connect"],
] as const

const servers = {'npm start': inject('siteUrl'), 'astro preview': inject('previewUrl')}

describe.each(Object.entries(servers))('every route on %s', (_name, base) => {
  for (const [path, heading] of ROUTES) {
    const forms = path.includes('&') ? [path, path.replace('&', '%26')] : [path]
    for (const form of forms) {
      it(`${form} answers 200 without a redirect`, async () => {
        const response = await fetch(base + form, {redirect: 'manual'})
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toMatch(/^text\/html/)
        expect(await response.text()).toContain(heading.replace("'", '&#39;'))
      })
    }
  }

  it('an unknown path gets the 404 page with status 404', async () => {
    const response = await fetch(`${base}/no-such-page`, {redirect: 'manual'})
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('href="/"')
    expect(html).toContain('href="/privacy-policy"')
  })
})

describe('in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('the home page shows the Coming Soon heading, line and badge', async () => {
    const page = await openPage(browser, DESKTOP)
    await page.goto(inject('siteUrl'))
    await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe('Coming Soon')
    await expect(page.getByText("We're working hard to bring you something amazing. Stay tuned for updates!").isVisible()).resolves.toBe(true)
    await expect(page.getByText('Launching Soon').isVisible()).resolves.toBe(true)
  })
})
