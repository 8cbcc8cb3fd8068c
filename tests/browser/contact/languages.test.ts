import {contactFormHydrated} from '../../support/site'
import type {Page} from 'playwright-core'
import {describe, expect, inject} from 'vitest'
import {PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {consentBoxes, marker, rowsWith} from '../../support/contact'
import {bundledDocuments, documentById} from '../../support/dataset'

const base = inject('siteUrl')
const dbPath = inject('contactDbPath')

/** The Hindi Contact page as the bundled dataset has it (a sample, shown on a local build). */
const HINDI = documentById(bundledDocuments(), 'contactPage__i18n_hi')
const FORM = HINDI.form

/** Fills the Hindi form by its Hindi labels and ticks the two boxes that must be ticked. */
async function fillInHindi(page: Page, message: string) {
  await page.getByLabel(FORM.nameLabel, {exact: true}).fill('Anjali Rao')
  await page.getByLabel(FORM.emailLabel, {exact: true}).fill('anjali.rao@example.com')
  await page.getByLabel(FORM.messageLabel, {exact: true}).fill(message)
  await page.getByRole('checkbox', {name: FORM.consentLabel, exact: true}).check()
  await page.getByRole('checkbox', {name: FORM.ageConfirmationLabel, exact: true}).check()
}

/** What the store must hold for a message sent from the Hindi page: its words and its language. */
const HINDI_CONSENT = {
  consent_language: 'hi',
  consent_boxes: consentBoxes(FORM, {healthDetails: false}),
}

describe('the contact form on /hi/contact-us', () => {
  it('without JavaScript stores the message with the Hindi consent wording and the language, and confirms it in Hindi', async ({
    newPage,
  }) => {
    const page = await newPage(PHONE, {javaScriptEnabled: false})
    await page.goto(`${base}/hi/contact-us`)
    const message = `हमें हैदराबाद में एक डॉक्टर चाहिए। (${marker()})`
    await fillInHindi(page, message)
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/api/contact/sent'),
      page.getByRole('button', {name: FORM.submitLabel}).click(),
    ])

    const rows = rowsWith(dbPath, message)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject(HINDI_CONSENT)
    const reference = rows[0]!.id.slice(0, 8).toUpperCase()
    expect(new URL(page.url()).searchParams.get('language')).toBe('hi')
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi')
    await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe(HINDI.sentPage.title)
    await expect(page.getByText(FORM.successMessage, {exact: true}).isVisible()).resolves.toBe(true)
    await expect(
      page.getByText(`${FORM.referenceLabel} ${reference}`, {exact: true}).isVisible(),
    ).resolves.toBe(true)
    await page.getByRole('link', {name: HINDI.sentPage.backLabel}).click()
    await page.waitForURL(`${base}/hi/contact-us`)
  })

  it('with JavaScript stores the message the same way, and the form confirms it in Hindi', async ({
    newPage,
  }) => {
    const page = await newPage(PHONE)
    await page.goto(`${base}/hi/contact-us`)
    await contactFormHydrated(page)
    const message = `हमें हैदराबाद में एक होटल चाहिए। (${marker()})`
    await fillInHindi(page, message)
    await page.getByRole('button', {name: FORM.submitLabel}).click()

    const status = page.locator('form.contact-form').getByRole('status')
    await status.getByText(FORM.successMessage, {exact: true}).waitFor({state: 'visible', timeout: 10_000})
    expect(page.url()).toBe(`${base}/hi/contact-us`)
    const rows = rowsWith(dbPath, message)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject(HINDI_CONSENT)
    await expect(status.textContent()).resolves.toContain(
      `${FORM.referenceLabel} ${rows[0]!.id.slice(0, 8).toUpperCase()}`,
    )
  })
})
