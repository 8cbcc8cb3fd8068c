import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {NOT_FOUND_PATH, ROUTES, settings} from '../../support/site'
import {copyrightYears} from '../../../model/copyright'

const base = inject('siteUrl')

// The spec's words (section 1 and the footer list); the CMS must say the same.
const TAGLINE =
  'Your trusted partner for premium healthcare and accommodation services in India. Specially designed for NRIs visiting India.'
const COMPANY_LINKS = [
  ['Contact Us', '/contact-us'],
  ['About Us', '/about-us'],
  ['Privacy Policy', '/privacy-policy'],
  ['Terms and Conditions', '/terms&conditions'],
  ['Refund & Cancellation Policy', '/Refund&Cancellation-Policy'],
]
const FOOTER_GROUPS = {
  'For Patients': ['Find Doctors', 'Book Appointments', 'Embassy Hotels', 'Health Records'],
  'For Doctors': ['Join as Provider', 'Free CRM', 'Practice Management', 'Support'],
}
/**
 * Book Appointments leads where the header's Book Appointment does: the contact form, with the
 * subject "Appointment request". The other words have no destination yet.
 */
const BOOK_APPOINTMENTS_HREF = `/contact-us?subject=${encodeURIComponent(settings.bookAppointment.subject)}#contact-form`
const FOOTER_HREFS: Record<string, string> = {'Book Appointments': BOOK_APPOINTMENTS_HREF}

async function expectFooter(page: Page, where: string) {
  const footer = page.getByRole('contentinfo')
  await expect(footer.count(), where).resolves.toBe(1)
  await expect(footer.isVisible(), where).resolves.toBe(true)

  const tagline = footer.getByText(TAGLINE, {exact: true})
  await expect(tagline.isVisible(), where).resolves.toBe(true)

  const company = footer.getByRole('navigation', {name: 'Company'})
  await expect(company.getByRole('heading', {name: 'Company'}).isVisible(), where).resolves.toBe(true)
  const links = await company
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => [anchor.textContent?.trim(), anchor.getAttribute('href')]),
    )
  expect(links, where).toEqual(COMPANY_LINKS)
  for (const [label] of COMPANY_LINKS) {
    await expect(
      company.getByRole('link', {name: label, exact: true}).isVisible(),
      `${where} ${label}`,
    ).resolves.toBe(true)
  }

  for (const [group, labels] of Object.entries(FOOTER_GROUPS)) {
    const nav = footer.getByRole('navigation', {name: group})
    await expect(nav.getByRole('heading', {name: group}).isVisible(), `${where} ${group}`).resolves.toBe(true)
    // Words with a destination are links to it; words without one are not links, and say "coming soon".
    const anchors = await nav
      .locator('a')
      .evaluateAll((elements) =>
        elements.map((anchor) => [anchor.textContent?.trim(), anchor.getAttribute('href')]),
      )
    expect(anchors, `${where} ${group}`).toEqual(
      labels.filter((label) => FOOTER_HREFS[label]).map((label) => [label, FOOTER_HREFS[label]]),
    )
    const items = await nav.getByRole('listitem').allTextContents()
    expect(
      items.map((text) => text.replace(/\s+/g, ' ').trim()),
      `${where} ${group}`,
    ).toEqual(labels.map((label) => (FOOTER_HREFS[label] ? label : `${label} (${settings.comingSoonLabel})`)))
    for (const label of labels) {
      await expect(nav.getByText(label, {exact: false}).isVisible(), `${where} ${label}`).resolves.toBe(true)
    }
  }

  // From the first year in the CMS to the year the site was built (this test runs just after).
  const copyright = footer.getByText(/©/)
  await expect(copyright.textContent(), where).resolves.toContain(
    `© ${copyrightYears(settings.copyrightYear, new Date())} MediStay India`,
  )
  await expect(copyright.isVisible(), where).resolves.toBe(true)

  // The footer follows the page's last section directly: no empty band of another colour between.
  await expect(
    footer.evaluate(
      (element) =>
        element.getBoundingClientRect().top - document.querySelector('main')!.getBoundingClientRect().bottom,
    ),
    where,
  ).resolves.toBe(0)

  // No anchor anywhere on the page lacks a destination.
  await expect(page.locator('a:not([href])').count(), where).resolves.toBe(0)
  await expect(page.locator('a[href=""], a[href="#"]').count(), where).resolves.toBe(0)
}

describe('the site footer', () => {
  it("the CMS holds the spec's footer words", () => {
    expect(settings.tagline).toBe(TAGLINE)
    expect(
      settings.companyLinks.map((link: {label: string; href: string}) => [link.label, link.href]),
    ).toEqual(COMPANY_LINKS)
    expect(settings.copyrightYear).toBe(2025)
    expect(settings.comingSoonLabel).toBe('Coming soon')
    // The spec's footer groups, in the CMS; Book Appointments with the header button's destination.
    const groups = settings.footerGroups.map(
      (group: {title: string; links: {label: string; href?: string}[]}) => [
        group.title,
        group.links.map((link) => [link.label, link.href ?? null]),
      ],
    )
    expect(groups).toEqual(
      Object.entries(FOOTER_GROUPS).map(([title, labels]) => [
        title,
        labels.map((label) => [label, FOOTER_HREFS[label] ?? null]),
      ]),
    )
  })

  for (const viewport of [PHONE, DESKTOP]) {
    it(`is on every route, and on the 404 page, at ${viewport.width} px`, async ({newPage}) => {
      const page = await newPage(viewport)
      for (const path of [...ROUTES.map((route) => route.path), NOT_FOUND_PATH]) {
        await page.goto(base + path)
        await expectFooter(page, `${path} at ${viewport.width}`)
      }
    })
  }

  it('its links take a visitor to the page they name', async ({phonePage: page}) => {
    await page.goto(base + '/')
    await page.getByRole('contentinfo').getByRole('link', {name: 'Book Appointments', exact: true}).click()
    await page.waitForURL((url) => url.pathname === '/contact-us' && url.hash === '#contact-form')
    // The form fills the subject in once it has hydrated.
    const subject = page.getByLabel('Subject', {exact: true})
    await expect.poll(() => subject.inputValue(), {timeout: 5_000}).toBe(settings.bookAppointment.subject)
    await page.goto(base + '/')
    await page.getByRole('contentinfo').getByRole('link', {name: 'Refund & Cancellation Policy'}).click()
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/Refund&Cancellation-Policy')
    await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe(
      'Refund and Cancellation Policy',
    )
    await page.getByRole('contentinfo').getByRole('link', {name: 'Terms and Conditions'}).click()
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/terms&conditions')
    await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe('Terms and Conditions')
  })
})
