import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {holdReact} from '../../support/heldReact'
import {
  MOBILE_MENU,
  ROUTES,
  hydrateMobileMenu,
  mobileMenuHydrated,
  recordScripts,
  companyFacts,
  settings,
  waitForSectionInView,
  holdScripts,
} from '../../support/site'

const base = inject('siteUrl')
const MENU = settings.interfaceText.menu

/** Every entry of the open menu: the spec's four section links, Book Appointment and Login. */
const ENTRIES = [
  ['Find Doctors', '/#services'],
  ['Embassy Hotels', '/#cities'],
  ['Help', '/#contact'],
  ['For Clinics', '/#about'],
  [
    settings.bookAppointment.label,
    `/contact-us?subject=${encodeURIComponent(settings.bookAppointment.subject)}#contact-form`,
  ],
  [settings.loginLabel, companyFacts.appUrl],
] as const

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', {name: MENU})

async function panelOf(page: Page) {
  const id = await toggle(page).getAttribute('aria-controls')
  expect(id).toBeTruthy()
  return page.locator(`[id="${id}"]`)
}

/** Loads a page at phone width and hydrates the menu island, as a first touch does. */
async function openOnPhone(page: Page, path: string) {
  await page.goto(base + path)
  await hydrateMobileMenu(page)
}

/** The menu as the server sends it: a <details> (until React takes it over). */
const disclosure = (page: Page) => page.locator(`${MOBILE_MENU} details`)
const isOpen = (page: Page) => disclosure(page).evaluate((details) => (details as HTMLDetailsElement).open)

describe('the mobile menu', () => {
  it('at 375 px is, before any script, a closed disclosure named Menu, and the desktop nav is hidden', async ({
    phonePage: page,
  }) => {
    // The server's HTML alone, as the page is until the visitor touches the menu.
    await page.route('**/_astro/*.js', (route) => route.abort())
    await page.goto(base + '/privacy-policy')
    const summary = disclosure(page).locator('summary')
    await expect(summary.isVisible()).resolves.toBe(true)
    await expect(summary.textContent()).resolves.toBe(MENU)
    await expect(disclosure(page).evaluate((details) => (details as HTMLDetailsElement).open)).resolves.toBe(
      false,
    )
    await expect(page.getByRole('link', {name: ENTRIES[0][0], exact: true}).isVisible()).resolves.toBe(false)
    await expect(
      page.getByRole('navigation', {name: settings.interfaceText.mainNavigation}).isVisible(),
    ).resolves.toBe(false)
    const box = await summary.boundingBox()
    expect(box!.width).toBeGreaterThanOrEqual(44)
    expect(box!.height).toBeGreaterThanOrEqual(44)
  })

  it('opens with every entry, in a panel at most 16rem tall that scrolls', async ({phonePage: page}) => {
    await openOnPhone(page, '/about-us')
    const button = toggle(page)
    await button.click()
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true')
    const panel = await panelOf(page)
    await expect(panel.isVisible()).resolves.toBe(true)

    const links = await panel
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => [anchor.textContent?.trim(), anchor.getAttribute('href')]),
      )
    expect(links).toEqual(ENTRIES.map(([label, href]) => [label, href]))
    for (const [label] of ENTRIES) {
      const link = panel.getByRole('link', {name: label, exact: true})
      await link.scrollIntoViewIfNeeded()
      await expect(link.isVisible(), label).resolves.toBe(true)
    }

    const style = await panel.evaluate((element) => {
      const computed = getComputedStyle(element)
      return {
        maxHeight: computed.maxHeight,
        overflowY: computed.overflowY,
        height: element.getBoundingClientRect().height,
      }
    })
    expect(style.maxHeight).toBe('256px')
    expect(['auto', 'scroll']).toContain(style.overflowY)
    expect(style.height).toBeLessThanOrEqual(256)

    // With more entries than fit, the panel keeps its height and scrolls.
    const scrolled = await panel.evaluate((element) => {
      const list = element.querySelector('ul')!
      for (let index = 0; index < 8; index++) list.append(list.lastElementChild!.cloneNode(true))
      element.scrollTop = element.scrollHeight
      return {
        height: element.getBoundingClientRect().height,
        clientHeight: element.clientHeight,
        scrollHeight: element.scrollHeight,
        scrollTop: element.scrollTop,
      }
    })
    expect(scrolled.height).toBeLessThanOrEqual(256)
    expect(scrolled.scrollHeight).toBeGreaterThan(scrolled.clientHeight)
    expect(scrolled.scrollTop).toBeGreaterThan(0)
  })

  it('on a short screen the open panel still fits below the header and reaches Login by scrolling', async ({
    newPage,
  }) => {
    const page = await newPage({width: 375, height: 360})
    await openOnPhone(page, '/')
    await toggle(page).click()
    const panel = await panelOf(page)
    const box = await panel.boundingBox()
    expect(box!.y + box!.height).toBeLessThanOrEqual(360)
    const login = panel.getByRole('link', {name: settings.loginLabel})
    await login.scrollIntoViewIfNeeded()
    const loginBox = await login.boundingBox()
    expect(loginBox!.y + loginBox!.height).toBeLessThanOrEqual(box!.y + box!.height + 1)
  })

  it('Escape closes it and returns focus to the toggle; the toggle closes it too', async ({
    phonePage: page,
  }) => {
    await openOnPhone(page, '/terms&conditions')
    const button = toggle(page)
    await button.click()
    const panel = await panelOf(page)
    // Move into the panel with the keyboard, then leave with Escape.
    await page.keyboard.press('Tab')
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Find Doctors')
    await page.keyboard.press('Escape')
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(panel.isVisible()).resolves.toBe(false)
    await expect(button.evaluate((element) => element === document.activeElement)).resolves.toBe(true)

    await button.click()
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true')
    await button.click()
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(panel.isVisible()).resolves.toBe(false)

    // A tap outside closes it as well.
    await button.click()
    const panelBox = await panel.boundingBox()
    await page.mouse.click(PHONE.width / 2, panelBox!.y + panelBox!.height + 40)
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false')
  })

  it('while open, Tab and Shift+Tab stay within the menu', async ({phonePage: page}) => {
    await openOnPhone(page, '/privacy-policy')
    await toggle(page).click()
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim())
    // Toggle, four section links, Book Appointment, Login: seven stops, then round again.
    for (let step = 0; step < ENTRIES.length; step++) await page.keyboard.press('Tab')
    await expect(focused()).resolves.toBe(settings.loginLabel)
    await page.keyboard.press('Tab')
    await expect(toggle(page).evaluate((element) => element === document.activeElement)).resolves.toBe(true)
    await page.keyboard.press('Shift+Tab')
    await expect(focused()).resolves.toBe(settings.loginLabel)
  })

  it('without JavaScript at 375 px shows no control that cannot work: Menu opens by itself, with every entry', async ({
    newPage,
  }) => {
    const page = await newPage(PHONE, {javaScriptEnabled: false})
    await page.goto(base + '/about-us')
    const header = page.getByRole('banner')
    // One control in the bar, the browser's own disclosure: the island's button, which would need
    // JavaScript to open, is not shown.
    const controls = header.locator('button:visible, summary:visible')
    await expect(controls.count()).resolves.toBe(1)
    const summary = header.locator('summary')
    await expect(summary.textContent()).resolves.toBe(MENU)
    await expect(toggle(page).isVisible()).resolves.toBe(false)
    const box = await summary.boundingBox()
    expect(box!.width).toBeGreaterThanOrEqual(44)
    expect(box!.height).toBeGreaterThanOrEqual(44)
    // Closed, the bar is one line (the height it has with JavaScript) and shows none of the entries.
    const bar = await header.boundingBox()
    for (const [label] of ENTRIES)
      await expect(header.getByRole('link', {name: label, exact: true}).isVisible(), label).resolves.toBe(
        false,
      )

    await summary.click()
    for (const [label, href] of ENTRIES) {
      const link = header.getByRole('link', {name: label, exact: true})
      await expect(link.isVisible(), label).resolves.toBe(true)
      await expect(link.getAttribute('href')).resolves.toBe(href)
    }
    // Open, it lies over the page below the bar, which keeps its height.
    expect((await header.boundingBox())!.height).toBe(bar!.height)
    await summary.click()
    await expect(header.getByRole('link', {name: ENTRIES[0][0], exact: true}).isVisible()).resolves.toBe(
      false,
    )

    // With JavaScript, the bar has the same height, and the disclosure is not on the page at all.
    const withScript = await newPage(PHONE)
    await openOnPhone(withScript, '/about-us')
    expect((await withScript.getByRole('banner').boundingBox())!.height).toBe(bar!.height)
    await expect(withScript.locator('summary').count()).resolves.toBe(0)
  })

  it('choosing For Clinics closes the menu and goes to the about section of /', async ({phonePage: page}) => {
    await openOnPhone(page, '/about-us')
    await toggle(page).click()
    await (await panelOf(page)).getByRole('link', {name: 'For Clinics'}).click()
    await page.waitForURL(base + '/#about')
    await waitForSectionInView(page, 'about')

    // On / itself the page scrolls and the menu closes.
    await hydrateMobileMenu(page)
    await page.evaluate(() => window.scrollTo({top: 0, behavior: 'instant'}))
    const button = toggle(page)
    await button.click()
    await (await panelOf(page)).getByRole('link', {name: 'Embassy Hotels'}).click()
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect((await panelOf(page)).isVisible()).resolves.toBe(false)
    await waitForSectionInView(page, 'cities')
    expect(page.url()).toBe(base + '/#cities')
  })

  it('Book Appointment opens the contact form with the subject filled in', async ({phonePage: page}) => {
    expect(settings.bookAppointment.subject).toBe('Appointment request')
    await openOnPhone(page, '/Refund&Cancellation-Policy')
    await toggle(page).click()
    await (await panelOf(page)).getByRole('link', {name: settings.bookAppointment.label}).click()
    await page.waitForURL((url) => url.pathname === '/contact-us')
    const subject = page.getByLabel('Subject', {exact: true})
    await expect.poll(() => subject.inputValue(), {timeout: 5_000}).toBe(settings.bookAppointment.subject)
    // The form, not the top of the page, is what the visitor lands on.
    const form = await page.locator('#contact-form').boundingBox()
    expect(form!.y).toBeLessThan(PHONE.height)
    await expect(subject.isVisible()).resolves.toBe(true)
  })

  it("at 1280 px the toggle is hidden and the menu's JavaScript is never requested", async ({
    desktopPage: page,
  }) => {
    const scripts = recordScripts(page)
    for (const route of ROUTES) {
      await page.goto(base + route.path)
      // Loaded and idle: a menu never touched is never hydrated, shown or not (client:touched).
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
      await expect(toggle(page).isVisible(), route.path).resolves.toBe(false)
      await expect(
        page.locator('astro-island[component-url*="MobileMenu"][ssr]').count(),
        route.path,
      ).resolves.toBe(1)
    }
    await page.waitForLoadState('networkidle')
    expect(scripts.filter((url) => /\/_astro\/MobileMenu[^/]*\.js/.test(url))).toEqual([])
  })

  it('a desktop window narrowed to phone width gets a working menu', async ({desktopPage: page}) => {
    const scripts = recordScripts(page)
    await page.goto(base + '/about-us', {waitUntil: 'networkidle'})
    await page.setViewportSize(PHONE)
    await hydrateMobileMenu(page)
    expect(scripts.some((url) => /\/_astro\/MobileMenu[^/]*\.js/.test(url))).toBe(true)
    const button = toggle(page)
    await button.click()
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true')
    // Widening again closes it (the button is hidden then, so find it by its markup).
    await page.setViewportSize(DESKTOP)
    const hiddenButton = page.locator('astro-island button[aria-controls]')
    await expect.poll(() => hiddenButton.getAttribute('aria-expanded')).toBe('false')
    await expect(
      page.getByRole('navigation', {name: settings.interfaceText.mainNavigation}).isVisible(),
    ).resolves.toBe(true)
  })

  it('at 375 px loads no script while the page loads and idles; the first touch asks for it', async ({
    phonePage: page,
  }) => {
    const scripts = recordScripts(page)
    await page.goto(base + '/privacy-policy', {waitUntil: 'load'})
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
    await page.waitForLoadState('networkidle')
    expect(scripts).toEqual([])
    await expect(page.locator(`${MOBILE_MENU}[ssr]`).count()).resolves.toBe(1)
    await disclosure(page).locator('summary').focus()
    await mobileMenuHydrated(page)
    expect(scripts.some((url) => /\/_astro\/MobileMenu[^/]*\.js/.test(url))).toBe(true)
  })
})

describe('the mobile menu before React arrives', () => {
  it('a tap on Menu opens it at once, and React takes over open, then closes it with the toggle', async ({
    phonePage: page,
  }) => {
    const scripts = await holdScripts(page)
    await page.goto(base + '/privacy-policy')
    await disclosure(page).locator('summary').click()
    // The browser opened it: every entry is there before any script has run.
    await expect(isOpen(page)).resolves.toBe(true)
    for (const [label] of ENTRIES)
      await expect(
        page.getByRole('banner').getByRole('link', {name: label, exact: true}).isVisible(),
      ).resolves.toBe(true)
    // The tap asked for the menu's script.
    await expect.poll(() => scripts.requested.some((url) => url.includes('MobileMenu'))).toBe(true)
    await expect(page.locator(`${MOBILE_MENU}[ssr]`).count()).resolves.toBe(1)

    scripts.release()
    await mobileMenuHydrated(page)
    const button = toggle(page)
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true')
    await expect((await panelOf(page)).isVisible()).resolves.toBe(true)
    await button.click()
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect((await panelOf(page)).isVisible()).resolves.toBe(false)
  })

  it('Enter on the focused Menu opens it at once; React takes over open with focus on the toggle, and Escape closes it', async ({
    phonePage: page,
  }) => {
    const scripts = await holdScripts(page)
    await page.goto(base + '/terms&conditions')
    const summary = disclosure(page).locator('summary')
    await summary.focus()
    await page.keyboard.press('Enter')
    await expect(isOpen(page)).resolves.toBe(true)
    // Tab moves into the open menu before React has come.
    await page.keyboard.press('Tab')
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(ENTRIES[0][0])

    scripts.release()
    await mobileMenuHydrated(page)
    const button = toggle(page)
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true')
    // Focus stays on the entry the visitor was on.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(ENTRIES[0][0])
    await page.keyboard.press('Escape')
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(button.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
    // And the keyboard opens it again, now through React.
    await page.keyboard.press('Enter')
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true')
    await page.keyboard.press('Space')
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false')
  })

  it('a tap while React is hydrating is kept: React takes over the state the visitor left', async ({
    phonePage: page,
  }) => {
    const react = await holdReact(page, MOBILE_MENU)
    await page.goto(base + '/about-us')
    const summary = disclosure(page).locator('summary')
    await summary.click()
    await expect(isOpen(page)).resolves.toBe(true)
    // React has the menu in hand but has not finished: the visitor taps again and closes it.
    await react.stepUntil('hydration started', (stage) => stage.started)
    await summary.click()
    await expect(isOpen(page)).resolves.toBe(false)
    await react.release()
    await mobileMenuHydrated(page)
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('false')
    await expect((await panelOf(page)).isVisible()).resolves.toBe(false)
    await toggle(page).click()
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('true')
  })
})
