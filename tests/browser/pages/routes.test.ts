import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {policies, settings} from '../../support/site'

const ROUTES = [
  ['/', 'Coming Soon'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms&conditions', 'Terms and Conditions'],
  ['/Refund&Cancellation-Policy', 'Refund and Cancellation Policy'],
  ['/about-us', 'About Us'],
  ['/contact-us', "Let's connect"],
] as const

const servers = {'npm start': inject('siteUrl')}

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
  it('the home page shows the Coming Soon heading, line and badge', async ({desktopPage: page}) => {
    await page.goto(inject('siteUrl'))
    await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe('Coming Soon')
    await expect(
      page
        .getByText("We're working hard to bring you something amazing. Stay tuned for updates!")
        .isVisible(),
    ).resolves.toBe(true)
    await expect(page.getByText('Launching Soon').isVisible()).resolves.toBe(true)
  })

  /** The visible 404 page: heading, a link home and a link to each policy. */
  async function expectNotFoundPage(page: Page) {
    await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe(settings.notFound.title)
    await expect(page.getByText(settings.notFound.body).isVisible()).resolves.toBe(true)
    const main = page.getByRole('main')
    const home = main.getByRole('link', {name: settings.interfaceText.homeLink})
    await expect(home.isVisible()).resolves.toBe(true)
    await expect(home.getAttribute('href')).resolves.toBe('/')
    for (const [title, href] of [
      [policies.privacy.title, '/privacy-policy'],
      [policies.terms.title, '/terms&conditions'],
      [policies.refund.title, '/Refund&Cancellation-Policy'],
    ]) {
      const link = main.getByRole('link', {name: title, exact: true})
      await expect(link.isVisible(), title).resolves.toBe(true)
      await expect(link.getAttribute('href'), title).resolves.toBe(href)
    }
  }

  for (const [name, base] of Object.entries(servers)) {
    for (const viewport of name === 'npm start' ? [PHONE, DESKTOP] : [PHONE]) {
      it(`an unknown path shows the 404 page, not a blank one (${name}, ${viewport.width} px)`, async ({
        newPage,
      }) => {
        const page = await newPage(viewport)
        const response = await page.goto(`${base}/no-such-page`)
        expect(response?.status()).toBe(404)
        await expectNotFoundPage(page)
      })
    }

    it(`an unknown path with a trailing slash or nested folders shows the 404 page (${name})`, async ({
      phonePage: page,
    }) => {
      for (const path of ['/no-such-page/', '/a/b/c/', '/about-us/extra']) {
        const response = await page.goto(base + path)
        expect(response?.status(), path).toBe(404)
        await expectNotFoundPage(page)
      }
    })

    it(`a known page asked for with a trailing slash shows that page, not a blank one (${name})`, async ({
      desktopPage: page,
    }) => {
      for (const [path, heading] of ROUTES.filter(([path]) => path !== '/')) {
        for (const form of path.includes('&') ? [path, path.replace('&', '%26')] : [path]) {
          const response = await page.goto(`${base}${form}/`)
          expect(response?.status(), form).toBe(200)
          await expect(page.getByRole('heading', {level: 1}).textContent(), form).resolves.toBe(heading)
          expect(decodeURIComponent(new URL(page.url()).pathname), form).toBe(path)
        }
      }
    })
  }
})
