import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {companyFacts, ROUTES, sectionPosition, settings, waitForSectionInView} from '../../support/site'

const base = inject('siteUrl')

/** The header buttons of the spec and where they lead. */
const NAV = [
  ['Find Doctors', '/#services', 'services'],
  ['Embassy Hotels', '/#cities', 'cities'],
  ['Help', '/#contact', 'contact'],
] as const

const mainNav = (page: Page) =>
  page.getByRole('banner').getByRole('navigation', {name: settings.interfaceText.mainNavigation})

/**
 * The header's Menu control: the <details> summary the browser opens by itself until the visitor
 * touches it, then React's button (tests/browser/components/mobileMenu.test.ts checks both).
 */
const menuControl = (page: Page) =>
  page.getByRole('banner').locator('summary, button').filter({hasText: settings.interfaceText.menu})

describe('the site header', () => {
  it("the nav buttons in the CMS are the spec's", () => {
    const wide = settings.navItems.filter((item: {mobileOnly?: boolean}) => !item.mobileOnly)
    expect(
      wide.map((item: {label: string; sectionId: string}) => [item.label, `/#${item.sectionId}`]),
    ).toEqual(NAV.map(([label, href]) => [label, href]))
  })

  it('at 1280 px every page has the logo linking home, the three nav links and Login', async ({
    desktopPage: page,
  }) => {
    for (const route of ROUTES) {
      await page.goto(base + route.path)
      const banner = page.getByRole('banner')
      await expect(banner.count(), route.path).resolves.toBe(1)
      const logo = banner.getByRole('link', {name: settings.companyName})
      await expect(logo.isVisible(), route.path).resolves.toBe(true)
      await expect(logo.getAttribute('href'), route.path).resolves.toBe('/')

      const nav = mainNav(page)
      await expect(nav.isVisible(), route.path).resolves.toBe(true)
      const links = await nav
        .getByRole('link')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => [anchor.textContent?.trim(), anchor.getAttribute('href')]),
        )
      expect(links, route.path).toEqual([
        ...NAV.map(([label, href]) => [label, href]),
        [settings.loginLabel, companyFacts.appUrl],
      ])
      for (const [label] of NAV)
        await expect(
          nav.getByRole('link', {name: label}).isVisible(),
          `${route.path} ${label}`,
        ).resolves.toBe(true)

      const login = banner.getByRole('link', {name: settings.loginLabel})
      await expect(login.isVisible(), route.path).resolves.toBe(true)
      await expect(login.getAttribute('href'), route.path).resolves.toBe(companyFacts.appUrl)
      expect(companyFacts.appUrl).toMatch(/^https:\/\//)

      await expect(menuControl(page).isVisible(), route.path).resolves.toBe(false)
    }
  })

  it('at 375 px every page has the logo linking home and the menu button instead of the nav links', async ({
    phonePage: page,
  }) => {
    for (const route of ROUTES) {
      await page.goto(base + route.path)
      const banner = page.getByRole('banner')
      const logo = banner.getByRole('link', {name: settings.companyName})
      await expect(logo.isVisible(), route.path).resolves.toBe(true)
      await expect(logo.getAttribute('href'), route.path).resolves.toBe('/')
      await expect(mainNav(page).isVisible(), route.path).resolves.toBe(false)
      await expect(menuControl(page).isVisible(), route.path).resolves.toBe(true)
      // Nothing in the header runs off the right edge of a phone.
      const box = await banner.boundingBox()
      expect(box!.width, route.path).toBeLessThanOrEqual(PHONE.width)
    }
  })

  it('at every width from 320 to 1280 px the header shows either its nav or the Menu button, never both or neither', async ({
    phonePage: page,
  }) => {
    await page.goto(base + '/about-us')
    const nav = mainNav(page)
    const menu = menuControl(page)
    const shown: string[] = []
    for (let width = 320; width <= DESKTOP.width; width += 16) {
      await page.setViewportSize({width, height: PHONE.height})
      const [navShown, menuShown] = await Promise.all([nav.isVisible(), menu.isVisible()])
      expect([navShown, menuShown], `at ${width} px`).toContain(true)
      expect(navShown && menuShown, `at ${width} px`).toBe(false)
      const now = navShown ? 'nav' : 'menu'
      if (shown.at(-1) !== now) shown.push(now)
    }
    // One breakpoint: the menu below it, the nav above.
    expect(shown).toEqual(['menu', 'nav'])
  })

  it('the logo takes a visitor home from a policy page', async ({phonePage: page}) => {
    await page.goto(base + '/terms&conditions')
    await page.getByRole('banner').getByRole('link', {name: settings.companyName}).click()
    await page.waitForURL(base + '/')
    await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe('Coming Soon')
  })

  for (const [label, href, id] of NAV) {
    // Watching a smooth scroll takes a second; one link is watched, the others jump (reduced motion).
    const smooth = id === 'services'
    it(`${label} on /about-us opens / with #${id} scrolled into view below the header${smooth ? '' : ' (reduced motion)'}`, async ({
      newPage,
    }) => {
      const page = await newPage(DESKTOP, smooth ? {} : {reducedMotion: 'reduce'})
      await page.goto(base + '/about-us')
      await mainNav(page).getByRole('link', {name: label}).click()
      await page.waitForURL(base + href)
      await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe('Coming Soon')
      await waitForSectionInView(page, id)
      const position = await sectionPosition(page, id)
      expect(position.scrollY).toBeGreaterThan(0)
      // Not hidden under the sticky header.
      expect(position.top).toBeGreaterThanOrEqual(position.headerBottom - 2)
    })
  }

  it('on / the nav buttons scroll to their sections', async ({desktopPage: page}) => {
    await page.goto(base + '/')
    for (const [label, href, id] of [NAV[1], NAV[0], NAV[2]]) {
      await mainNav(page).getByRole('link', {name: label}).click()
      await waitForSectionInView(page, id)
      expect(page.url()).toBe(base + href)
      // The first scroll is watched; the others jump, which is quicker to test.
      await page.emulateMedia({reducedMotion: 'reduce'})
    }
  })

  it('opening /#cities directly shows the cities section', async ({newPage}) => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(viewport, viewport === PHONE ? {reducedMotion: 'reduce'} : {})
      await page.goto(base + '/#cities')
      await waitForSectionInView(page, 'cities')
      await expect(page.getByRole('region', {name: /hospital and your consulate/}).isVisible()).resolves.toBe(
        true,
      )
    }
  })

  it('scrolls smoothly, except for visitors who ask for reduced motion', async ({newPage}) => {
    const scrollBehavior = (page: Page) =>
      page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)
    {
      const page = await newPage(DESKTOP)
      await page.goto(base + '/about-us')
      await expect(scrollBehavior(page)).resolves.toBe('smooth')
    }
    {
      const page = await newPage(DESKTOP, {reducedMotion: 'reduce'})
      await page.goto(base + '/about-us')
      await expect(scrollBehavior(page)).resolves.toBe('auto')
      // With reduced motion the jump to a section is immediate.
      await page.goto(base + '/')
      await mainNav(page).getByRole('link', {name: 'Help'}).click()
      const position = await sectionPosition(page, 'contact')
      expect(position.top).toBeGreaterThanOrEqual(position.headerBottom - 2)
      expect(position.top).toBeLessThanOrEqual(position.headerBottom + 40)
    }
  })
})
