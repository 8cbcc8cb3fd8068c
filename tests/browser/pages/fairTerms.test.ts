/**
 * Only what is true, on the home and About pages (issue 18): what a visitor reads on the built
 * pages. What the policies must keep is the legal reviews' list in docs/legal.md, checked
 * by a lawyer reading the texts: a test of their words would break whenever staff reword them.
 */
import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {DESKTOP} from '../../support/browser'
import {it} from '../../support/browserTest'
import {aboutPage, homePage, hydrateMobileMenu, settings, withPage} from '../../support/site'

const base = inject('siteUrl')

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

const text: Record<string, string> = {}

async function mainText(page: Page, path: string) {
  await page.goto(base + path)
  return squash(await page.getByRole('main').innerText())
}

it.beforeAll(async ({browser}) => {
  await withPage(browser, DESKTOP, async (page) => {
    text.home = await mainText(page, '/')
    text.about = await mainText(page, '/about-us')
  })
})

describe('only what is true, on the home and About pages', () => {
  const UNTRUE = [
    'Already booked',
    'see your bookings',
    'existing users can sign in',
    'GST-compliant',
    'kept together in your account',
    'Many of the clinics we work with',
  ]

  it('the home page makes none of the old claims, and says plainly that Embassy Hotels are independent', () => {
    for (const phrase of UNTRUE) expect(text.home, phrase).not.toContain(phrase)
    expect(text.home).not.toMatch(/our embassy hotels/i)
    const cities = homePage.sections.find((section: {sectionId: string}) => section.sectionId === 'cities')
    expect(cities.body).toContain(
      'Embassy Hotels are independent hotels near embassies, consulates and major hospitals',
    )
    expect(cities.body).toContain('None of them is run by, or has any tie to, an embassy or consulate.')
    expect(text.home).toContain(squash(cities.body))
  })

  it('the home page says the clinic software and a suitable doctor are coming, not already here', () => {
    expect(text.home).toContain(
      'Coming soon: our clinic-management software will bring appointments, patient records, treatment plans, billing and reminders into one place',
    )
    expect(text.home).toContain('with online booking for patients to come')
    expect(text.home).toContain('A suitable doctor, booked before you land')
    expect(text.home).not.toContain('Our clinic-management software brings')
    expect(text.home).not.toMatch(/the right doctor/i)
  })

  it('the About page makes none of the old claims either, and describes its services as coming', () => {
    for (const phrase of UNTRUE) expect(text.about, phrase).not.toContain(phrase)
    for (const coming of [
      'We will check availability and book consultations',
      'A coordinator will keep track of your plan',
      'we will suggest suitable specialists and hospitals',
      'We will bring healthcare and accommodation together in one plan.',
      'It will cover:',
      'Each charge shown before you pay.',
      'Before you pay, you will see our fee, the GST on it',
    ])
      expect(text.about, coming).toContain(coming)
    for (const old of [
      'We check availability',
      'A coordinator keeps track',
      'Transparent pricing',
      'It covers:',
      'the right doctor',
    ])
      expect(text.about, old).not.toContain(old)
    expect(text.about).not.toMatch(/our embassy hotels/i)
    expect(text.about).toContain('none of them is run by, or has any tie to, an embassy or consulate')
    expect(text.about).toContain('Records (coming soon).')
    expect(JSON.stringify(aboutPage)).not.toContain('existing users')
  })

  it("Book Appointment and the footer's Book Appointments agree: online booking is not open, both open the contact form for an appointment request", async ({
    phonePage: page,
  }) => {
    expect(text.home).toContain(
      'Online booking is coming soon: until then, appointments are requested through our contact form.',
    )
    expect(text.home).toContain(
      'Online booking is not open yet: for now, appointments are requested through our contact form',
    )
    await page.goto(base + '/')
    const footer = page.getByRole('contentinfo')
    const footerBook = footer.getByRole('link', {name: 'Book Appointments', exact: true})
    await expect(footerBook.textContent()).resolves.not.toContain(settings.comingSoonLabel)
    await hydrateMobileMenu(page)
    await page.getByRole('banner').getByRole('button', {name: settings.interfaceText.menu}).click()
    const book = page
      .getByRole('banner')
      .getByRole('link', {name: settings.bookAppointment.label, exact: true})
    const href = await book.getAttribute('href')
    expect(href).toMatch(/^\/contact-us\b/)
    await expect(footerBook.getAttribute('href')).resolves.toBe(href)
    expect(new URL(href!, base).searchParams.get('subject')).toBe(settings.bookAppointment.subject)
  })
})
