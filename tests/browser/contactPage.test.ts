import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import type {Browser} from 'playwright-core'
import {DESKTOP, PHONE, launchBrowser} from '../support/browser'
import {companyFacts, contactPage, settings, withPage} from '../support/site'

const base = inject('siteUrl')

// The spec's five fields (section 3), by their visible labels.
const FIELDS = ['Name', 'Email', 'Phone', 'Subject', 'Message'] as const

/**
 * What a visitor sees on /contact-us. Sending the form is tested by the contact endpoint's own
 * tests, not here.
 */
describe('the contact page', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows Let's connect and a form of five labelled fields at ${viewport.width} px`, async () => {
      await withPage(browser, viewport, async (page) => {
        await page.goto(base + '/contact-us')
        const h1 = page.getByRole('heading', {level: 1})
        await expect(h1.textContent()).resolves.toBe("Let's connect")
        expect(contactPage.title).toBe("Let's connect")
        await expect(h1.isVisible()).resolves.toBe(true)

        const form = page.locator('form')
        await expect(form.count()).resolves.toBe(1)
        await expect(form.getByRole('textbox').count()).resolves.toBe(FIELDS.length)

        const label = (name: keyof typeof contactPage.form) => contactPage.form[name] as string
        expect([
          label('nameLabel'),
          label('emailLabel'),
          label('phoneLabel'),
          label('subjectLabel'),
          label('messageLabel'),
        ]).toEqual([...FIELDS])
        for (const name of FIELDS) {
          const field = page.getByLabel(name, {exact: true})
          await expect(field.count(), name).resolves.toBe(1)
          await expect(field.isVisible(), name).resolves.toBe(true)
          await expect(field.isEditable(), name).resolves.toBe(true)
          // The label is on screen, not only in the accessibility tree.
          await expect(form.getByText(name, {exact: true}).isVisible(), name).resolves.toBe(true)
          // Fits the screen.
          const box = await field.boundingBox()
          expect(box!.x + box!.width, name).toBeLessThanOrEqual(viewport.width)
        }
        await expect(page.getByLabel('Email', {exact: true}).getAttribute('type')).resolves.toBe('email')
        const message = page.getByLabel('Message', {exact: true})
        await expect(message.evaluate((element) => element.tagName)).resolves.toBe('TEXTAREA')
        await expect(message.getAttribute('rows')).resolves.toBe('3')

        // The form works as soon as it is shown: the fields accept typing.
        await page.getByLabel('Name', {exact: true}).fill('Asha Rao')
        await expect(page.getByLabel('Name', {exact: true}).inputValue()).resolves.toBe('Asha Rao')
      })
    })

    it(`shows the Reach Us block with customer care's e-mail, phone and hours from Company facts at ${viewport.width} px`, async () => {
      await withPage(browser, viewport, async (page) => {
        await page.goto(base + '/contact-us')
        const care = companyFacts.customerCare
        const reach = page.getByRole('complementary', {name: contactPage.reachUsHeading})
        await expect(reach.isVisible()).resolves.toBe(true)
        await expect(
          reach.getByRole('heading', {name: contactPage.reachUsHeading}).isVisible(),
        ).resolves.toBe(true)

        const email = reach.getByRole('link', {name: care.email})
        await expect(email.isVisible()).resolves.toBe(true)
        await expect(email.getAttribute('href')).resolves.toBe(`mailto:${care.email}`)

        const phone = reach.getByRole('link', {name: care.phone})
        await expect(phone.isVisible()).resolves.toBe(true)
        const telHref = await phone.getAttribute('href')
        expect(telHref).toMatch(/^tel:\+[0-9]+$/)
        expect(telHref).toBe(`tel:${care.phone.replace(/[^+0-9]/g, '')}`)

        await expect(reach.innerText()).resolves.toContain(
          `${settings.interfaceText.workingHours}: ${care.hours}`,
        )

        const box = await email.boundingBox()
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width)
      })
    })

    it(`shows the Grievance Officer with the acknowledgement and resolution times at ${viewport.width} px`, async () => {
      await withPage(browser, viewport, async (page) => {
        await page.goto(base + '/contact-us')
        const officer = companyFacts.grievanceOfficer
        const block = page.getByRole('region', {name: contactPage.grievance.heading})
        await expect(block.isVisible()).resolves.toBe(true)
        const text = await block.innerText()
        for (const shown of [officer.name, officer.designation, officer.email, officer.phone])
          expect(text).toContain(shown)
        expect(text).toContain(officer.postalAddress.pinCode)
        await expect(block.getByRole('link', {name: officer.email}).getAttribute('href')).resolves.toBe(
          `mailto:${officer.email}`,
        )
        await expect(block.getByRole('link', {name: officer.phone}).isVisible()).resolves.toBe(true)
        await expect(
          block.locator('[data-figure="grievanceAcknowledgementHours"]').innerText(),
        ).resolves.toBe('48 hours')
        await expect(block.locator('[data-figure="grievanceResolutionMonths"]').innerText()).resolves.toBe(
          'one month',
        )
        const box = await block.boundingBox()
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width)
      })
    })
  }
})
