import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {DESKTOP, PHONE, launchBrowser} from '../../support/browser'
import {contactPage, mobileMenuHydrated, settings, versionInForce, withPage} from '../../support/site'
import {eventually, marker, readDb, rowsWith} from '../../support/contact'

const base = inject('siteUrl')
const dbPath = inject('contactDbPath')
const FORM = contactPage.form

const LABELS = {name: 'Name', email: 'Email', phone: 'Phone', subject: 'Subject', message: 'Message'} as const
type Fields = Record<keyof typeof LABELS, string>

function visitor(ref = marker()): Fields {
  return {
    name: 'Anjali Rao',
    email: 'anjali.rao@example.com',
    phone: '+1 (415) 555-0134',
    subject: 'Hip replacement and a hotel nearby',
    message: `We arrive in Hyderabad on 3 March.\nCould you suggest a surgeon and an embassy hotel? (${ref})`,
  }
}

const field = (page: Page, name: keyof typeof LABELS) => page.getByLabel(LABELS[name], {exact: true})
const consentBox = (page: Page) => page.getByRole('checkbox', {name: FORM.consentLabel, exact: true})
const ageBox = (page: Page) => page.getByRole('checkbox', {name: FORM.ageConfirmationLabel, exact: true})
const healthBox = (page: Page) => page.getByRole('checkbox', {name: FORM.healthDetailsLabel, exact: true})
const sendButton = (page: Page) => page.getByRole('button', {name: FORM.submitLabel})
/** The form's own live status region (the page has one more role=status, the no-JavaScript notice). */
const formStatus = (page: Page) => page.locator('form.contact-form').getByRole('status')

/** Opens the contact page and resolves once the form island has hydrated. */
async function openContactPage(page: Page, query = ''): Promise<void> {
  await page.goto(base + '/contact-us' + query)
  await page.waitForSelector('astro-island[component-url*="ContactForm"]:not([ssr])', {state: 'attached'})
}

/**
 * Types the fields and, as a visitor who agrees to the privacy notice and is 18 or over does, ticks
 * the consent and age boxes; the optional health box only if asked.
 */
async function fill(page: Page, fields: Partial<Fields>, {consent = true, age = true, health = false} = {}) {
  for (const [name, value] of Object.entries(fields)) await field(page, name as keyof Fields).fill(value)
  if (consent) await consentBox(page).check()
  if (age) await ageBox(page).check()
  if (health) await healthBox(page).check()
}

/** The reference a stored message was given: the first eight characters of its id, in capitals. */
const referenceOf = (row: {id: string}) => row.id.slice(0, 8).toUpperCase()

async function values(page: Page): Promise<Fields> {
  const entries = await Promise.all(
    Object.keys(LABELS).map(
      async (name) => [name, await field(page, name as keyof Fields).inputValue()] as const,
    ),
  )
  return Object.fromEntries(entries) as Fields
}

/** The rows holding this message, once the server has stored it. */
const storedWith = (message: string) =>
  eventually(
    () => {
      const found = rowsWith(dbPath, message)
      return found.length > 0 ? found : undefined
    },
    5_000,
    'the row',
  )

async function statusSays(page: Page, text: string) {
  await formStatus(page).getByText(text, {exact: true}).waitFor({state: 'visible', timeout: 10_000})
}

describe('the contact form in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px sends the five fields without the optional health box, confirms with the success message and the reference, and the message is stored`, async () => {
      await withPage(browser, viewport, async (page) => {
        await openContactPage(page)
        const fields = visitor()
        await fill(page, fields)
        await expect(healthBox(page).isChecked()).resolves.toBe(false)
        await sendButton(page).click()

        await statusSays(page, FORM.successMessage)
        const rows = await storedWith(fields.message)
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject(fields)
        // The reference, shown by its label, is the stored message's.
        await statusSays(page, `${FORM.referenceLabel} ${referenceOf(rows[0]!)}`)
        // With the record of what the visitor agreed to: when, to which privacy notice, in which
        // words, and that the health details may not be used.
        expect(rows[0]).toMatchObject({
          consent_given_at: rows[0]!.received_at,
          consent_privacy_policy_updated: versionInForce('privacy').effectiveDate,
          consent_wording: FORM.consentLabel,
          consent_age_confirmation_wording: FORM.ageConfirmationLabel,
          consent_health_details_allowed: 0,
          consent_health_details_wording: FORM.healthDetailsLabel,
        })
        // Sent and confirmed, the form is empty for a next message, which needs its own consent.
        expect(await values(page)).toEqual({name: '', email: '', phone: '', subject: '', message: ''})
        for (const box of [consentBox, ageBox, healthBox])
          await expect(box(page).isChecked()).resolves.toBe(false)
        // The success message is seen, not just present.
        const box = await formStatus(page).boundingBox()
        expect(box!.width).toBeGreaterThan(0)
      })
    })
  }

  it('keeps and sends what the visitor typed, and the ticked boxes, from before the form script arrived (a slow connection)', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      let release!: () => void
      const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/_astro/*.js', async (route) => {
        await scriptsHeld
        await route.continue()
      })
      await page.goto(base + '/contact-us')
      const fields = visitor()
      await fill(page, fields, {health: true})
      release()
      await page.waitForSelector('astro-island[component-url*="ContactForm"]:not([ssr])', {state: 'attached'})
      expect(await values(page)).toEqual(fields)
      for (const box of [consentBox, ageBox, healthBox])
        await expect(box(page).isChecked()).resolves.toBe(true)
      await sendButton(page).click()

      await statusSays(page, FORM.successMessage)
      const rows = await storedWith(fields.message)
      expect(rows[0]).toMatchObject({...fields, consent_health_details_allowed: 1})
    })
  })

  it('with neither e-mail nor phone, shows the replyRequired text by the Email field and keeps everything typed', async () => {
    await withPage(browser, PHONE, async (page) => {
      const posts: string[] = []
      page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
      await openContactPage(page)
      const fields = {...visitor(), email: '', phone: ''}
      await fill(page, fields)
      await sendButton(page).click()

      await statusSays(page, FORM.invalidMessage)
      const email = field(page, 'email')
      await expect(email.getAttribute('aria-invalid')).resolves.toBe('true')
      const errorId = await email.getAttribute('aria-describedby')
      expect(errorId).toBeTruthy()
      const error = page.locator(`[id="${errorId}"]`)
      await expect(error.textContent()).resolves.toBe(FORM.replyRequired)
      await expect(error.isVisible()).resolves.toBe(true)
      // By the field: in the Email field's own group, just below the input (measured in one frame,
      // as focusing the field may be scrolling the page).
      const placement = await error.evaluate(
        (node, input) => {
          const inputBox = input!.getBoundingClientRect()
          return {
            sameGroup: node.parentElement === input!.parentElement,
            gap: node.getBoundingClientRect().top - inputBox.bottom,
          }
        },
        await email.elementHandle(),
      )
      expect(placement.sameGroup).toBe(true)
      expect(placement.gap).toBeGreaterThanOrEqual(-1)
      expect(placement.gap).toBeLessThan(40)
      // The visitor is taken to the field to fix.
      await expect(email.evaluate((node) => node === document.activeElement)).resolves.toBe(true)

      expect(await values(page)).toEqual(fields)
      expect(posts).toEqual([])
      expect(rowsWith(dbPath, fields.message)).toEqual([])
    })
  })

  for (const [failure, answer] of [
    [
      'answers 503',
      {status: 503, contentType: 'application/json', body: '{"ok":false,"error":"unavailable"}'},
    ],
    ['cannot be reached', 'abort'],
  ] as const) {
    it(`when the server ${failure}, shows the error message, keeps every typed value, and a retry is stored once`, async () => {
      await withPage(browser, DESKTOP, async (page) => {
        let attempts = 0
        await page.route('**/api/contact', (route) => {
          attempts++
          return answer === 'abort' ? route.abort('connectionrefused') : route.fulfill(answer)
        })
        await openContactPage(page)
        const fields = visitor()
        await fill(page, fields)
        await sendButton(page).click()

        await statusSays(page, FORM.errorMessage)
        expect(attempts).toBe(1)
        expect(await values(page)).toEqual(fields)
        await expect(sendButton(page).isEnabled()).resolves.toBe(true)
        expect(rowsWith(dbPath, fields.message)).toEqual([])

        // The connection is back: sending again stores the message, once.
        await page.unroute('**/api/contact')
        await sendButton(page).click()
        await statusSays(page, FORM.successMessage)
        expect(rowsWith(dbPath, fields.message)).toHaveLength(1)
      })
    })
  }

  it('when the server says too many messages (429), shows the rate-limit message and keeps every typed value', async () => {
    await withPage(browser, PHONE, async (page) => {
      await page.route('**/api/contact', (route) =>
        route.fulfill({
          status: 429,
          headers: {'retry-after': '120'},
          contentType: 'application/json',
          body: '{"ok":false,"error":"rateLimited"}',
        }),
      )
      await openContactPage(page)
      const fields = visitor()
      await fill(page, fields)
      await sendButton(page).click()
      await statusSays(page, FORM.rateLimitedMessage)
      expect(await values(page)).toEqual(fields)
    })
  })

  for (const viewport of [PHONE, DESKTOP]) {
    it(`without JavaScript at ${viewport.width} px, posts the plain form and lands on a page with the success message and the reference; the message is stored with its boxes`, async () => {
      await withPage(
        browser,
        viewport,
        async (page) => {
          await page.goto(base + '/contact-us')
          const fields = visitor()
          await fill(page, fields, {health: viewport === DESKTOP})
          await Promise.all([
            page.waitForURL((url) => url.pathname === '/api/contact/sent'),
            sendButton(page).click(),
          ])

          const rows = rowsWith(dbPath, fields.message)
          expect(rows).toHaveLength(1)
          expect(rows[0]).toMatchObject({
            ...fields,
            consent_wording: FORM.consentLabel,
            consent_age_confirmation_wording: FORM.ageConfirmationLabel,
            consent_health_details_allowed: viewport === DESKTOP ? 1 : 0,
            consent_health_details_wording: FORM.healthDetailsLabel,
          })
          const reference = referenceOf(rows[0]!)
          expect(new URL(page.url()).searchParams.get('reference')).toBe(reference)
          await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe(
            contactPage.sentPage.title,
          )
          await expect(page.getByText(FORM.successMessage, {exact: true}).isVisible()).resolves.toBe(true)
          await expect(
            page.getByText(`${FORM.referenceLabel} ${reference}`, {exact: true}).isVisible(),
          ).resolves.toBe(true)
          // A reload shows the same page and sends nothing again.
          await page.reload()
          await expect(
            page.getByText(`${FORM.referenceLabel} ${reference}`, {exact: true}).isVisible(),
          ).resolves.toBe(true)
          expect(rowsWith(dbPath, fields.message)).toHaveLength(1)
          // And leads back to the contact page.
          await page.getByRole('link', {name: contactPage.sentPage.backLabel}).click()
          await page.waitForURL(`${base}/contact-us`)
        },
        {javaScriptEnabled: false},
      )
    })
  }

  it('without JavaScript, a form with no message lands on #message-invalid, and nothing is stored', async () => {
    await withPage(
      browser,
      PHONE,
      async (page) => {
        await page.goto(base + '/contact-us')
        const ref = marker()
        await fill(page, {name: `Anjali ${ref}`, email: 'anjali.rao@example.com'})
        await Promise.all([page.waitForURL(`${base}/contact-us#message-invalid`), sendButton(page).click()])
        await expect(page.locator('#message-invalid').isVisible()).resolves.toBe(true)
        await expect(page.locator('#message-invalid').textContent()).resolves.toBe(
          contactPage.noScriptNotices.invalid,
        )
        // It asks for a message and a way to reply, not for any one of them.
        expect(contactPage.noScriptNotices.invalid).toContain(
          'it needs your message, and an e-mail address or a phone number so that we can reply',
        )
        expect(contactPage.noScriptNotices.invalid).not.toContain(
          'it needs a message, an e-mail address or a phone number',
        )
        await expect(page.locator('#message-sent').isVisible()).resolves.toBe(false)
        expect(
          readDb(dbPath, (db) =>
            db.prepare('SELECT id FROM contact_messages WHERE instr(name, ?) > 0').all(ref),
          ) ?? [],
        ).toEqual([])
      },
      {javaScriptEnabled: false},
    )
  })

  describe('the boxes beside the privacy notice', () => {
    /** The consent box's error, found through the box's aria-describedby. */
    async function consentError(page: Page) {
      const box = consentBox(page)
      await expect(box.getAttribute('aria-invalid')).resolves.toBe('true')
      const errorId = await box.getAttribute('aria-describedby')
      expect(errorId).toBeTruthy()
      return page.locator(`[id="${errorId}"]`)
    }

    for (const viewport of [PHONE, DESKTOP]) {
      it(`at ${viewport.width} px, sending without ticking the box shows the consentRequired text by the box, takes the visitor there, posts and stores nothing; ticked, the message is stored`, async () => {
        await withPage(browser, viewport, async (page) => {
          const posts: string[] = []
          page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
          await openContactPage(page)
          await expect(consentBox(page).isChecked()).resolves.toBe(false)
          const fields = visitor()
          await fill(page, fields, {consent: false})
          await sendButton(page).click()

          await statusSays(page, FORM.invalidMessage)
          const error = await consentError(page)
          await expect(error.textContent()).resolves.toBe(FORM.consentRequired)
          await expect(error.isVisible()).resolves.toBe(true)
          // By the box: in its own group, below the box.
          const placement = await error.evaluate(
            (node, box) => ({
              sameGroup: node.parentElement === box!.parentElement,
              below: node.getBoundingClientRect().top >= box!.getBoundingClientRect().top,
            }),
            await consentBox(page).elementHandle(),
          )
          expect(placement).toEqual({sameGroup: true, below: true})
          // Every other field was fine: the box is the one to fix, and it has the focus.
          await expect(page.locator('form [aria-invalid="true"]').count()).resolves.toBe(1)
          await expect(consentBox(page).evaluate((node) => node === document.activeElement)).resolves.toBe(
            true,
          )
          expect(await values(page)).toEqual(fields)
          expect(posts).toEqual([])
          expect(rowsWith(dbPath, fields.message)).toEqual([])

          // Ticked, the same message is sent and stored once; the error is gone.
          await consentBox(page).check()
          await sendButton(page).click()
          await statusSays(page, FORM.successMessage)
          await expect(storedWith(fields.message)).resolves.toHaveLength(1)
          await expect(consentBox(page).getAttribute('aria-invalid')).resolves.toBeNull()
          expect(posts).toHaveLength(1)
        })
      })
    }

    for (const viewport of [PHONE, DESKTOP]) {
      it(`at ${viewport.width} px, sending without ticking the age box shows the ageConfirmationRequired text by that box, takes the visitor there, posts and stores nothing, and keeps everything typed`, async () => {
        await withPage(browser, viewport, async (page) => {
          const posts: string[] = []
          page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
          await openContactPage(page)
          await expect(ageBox(page).isChecked()).resolves.toBe(false)
          const fields = visitor()
          await fill(page, fields, {age: false, health: true})
          await sendButton(page).click()

          await statusSays(page, FORM.invalidMessage)
          const box = ageBox(page)
          await expect(box.getAttribute('aria-invalid')).resolves.toBe('true')
          const error = page.locator(`[id="${await box.getAttribute('aria-describedby')}"]`)
          await expect(error.textContent()).resolves.toBe(FORM.ageConfirmationRequired)
          await expect(error.isVisible()).resolves.toBe(true)
          const placement = await error.evaluate(
            (node, input) => ({
              sameGroup: node.parentElement === input!.parentElement,
              below: node.getBoundingClientRect().top >= input!.getBoundingClientRect().top,
            }),
            await box.elementHandle(),
          )
          expect(placement).toEqual({sameGroup: true, below: true})
          await expect(page.locator('form [aria-invalid="true"]').count()).resolves.toBe(1)
          await expect(box.evaluate((node) => node === document.activeElement)).resolves.toBe(true)
          // Nothing typed or ticked is lost.
          expect(await values(page)).toEqual(fields)
          await expect(consentBox(page).isChecked()).resolves.toBe(true)
          await expect(healthBox(page).isChecked()).resolves.toBe(true)
          expect(posts).toEqual([])
          expect(rowsWith(dbPath, fields.message)).toEqual([])

          // Ticked, the message is sent and stored once.
          await box.check()
          await sendButton(page).click()
          await statusSays(page, FORM.successMessage)
          const rows = await storedWith(fields.message)
          expect(rows).toHaveLength(1)
          expect(rows[0]).toMatchObject({consent_health_details_allowed: 1})
          await expect(box.getAttribute('aria-invalid')).resolves.toBeNull()
        })
      })

      it(`without JavaScript at ${viewport.width} px, a form sent without ticking the age box lands on #message-invalid, which mentions the box, and nothing is stored`, async () => {
        await withPage(
          browser,
          viewport,
          async (page) => {
            await page.goto(base + '/contact-us')
            const fields = visitor()
            await fill(page, fields, {age: false})
            await Promise.all([
              page.waitForURL(`${base}/contact-us#message-invalid`),
              sendButton(page).click(),
            ])
            const invalid = page.locator('#message-invalid')
            await expect(invalid.isVisible()).resolves.toBe(true)
            await expect(invalid.textContent()).resolves.toBe(contactPage.noScriptNotices.invalid)
            expect(contactPage.noScriptNotices.invalid).toMatch(/\bage\b/)
            expect(rowsWith(dbPath, fields.message)).toEqual([])
            // Back, as the notice says, returns to everything typed.
            await page.goBack()
            expect(await values(page)).toEqual(fields)
          },
          {javaScriptEnabled: false},
        )
      })
    }

    it('a post from the island that reaches the server without consent is refused with the consent field error, shown by the box, and nothing is stored', async () => {
      await withPage(browser, DESKTOP, async (page) => {
        // As if the island's own check had been skipped: the box is ticked, the post says no consent.
        const sent: unknown[] = []
        const answers: number[] = []
        await page.route('**/api/contact', async (route) => {
          const {consent, ...rest} = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
          sent.push(consent)
          const response = await route.fetch({postData: JSON.stringify(rest)})
          answers.push(response.status())
          await route.fulfill({response})
        })
        await openContactPage(page)
        const fields = visitor()
        await fill(page, fields)
        await sendButton(page).click()

        await statusSays(page, FORM.invalidMessage)
        expect(sent).toEqual([true])
        expect(answers).toEqual([422])
        await expect((await consentError(page)).textContent()).resolves.toBe(FORM.consentRequired)
        expect(await values(page)).toEqual(fields)
        expect(rowsWith(dbPath, fields.message)).toEqual([])
      })
    })

    for (const viewport of [PHONE, DESKTOP]) {
      it(`without JavaScript at ${viewport.width} px, a form sent without ticking the box lands on #message-invalid, which mentions the box, and nothing is stored`, async () => {
        await withPage(
          browser,
          viewport,
          async (page) => {
            await page.goto(base + '/contact-us')
            await expect(consentBox(page).isChecked()).resolves.toBe(false)
            const fields = visitor()
            await fill(page, fields, {consent: false})
            await Promise.all([
              page.waitForURL(`${base}/contact-us#message-invalid`),
              sendButton(page).click(),
            ])

            const invalid = page.locator('#message-invalid')
            await expect(invalid.isVisible()).resolves.toBe(true)
            await expect(invalid.textContent()).resolves.toBe(contactPage.noScriptNotices.invalid)
            expect(contactPage.noScriptNotices.invalid).toMatch(/\bbox\b/)
            await expect(page.locator('#message-sent').isVisible()).resolves.toBe(false)
            expect(rowsWith(dbPath, fields.message)).toEqual([])
          },
          {javaScriptEnabled: false},
        )
      })
    }
  })

  it('opened with ?subject=Appointment%20request (Book Appointment), has that subject in the Subject field', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openContactPage(page, '?subject=Appointment%20request')
      await expect(field(page, 'subject').inputValue()).resolves.toBe('Appointment request')
      await expect(field(page, 'name').inputValue()).resolves.toBe('')
    })
  })

  it('is reached from Book Appointment in the mobile menu with the subject filled in', async () => {
    await withPage(browser, PHONE, async (page) => {
      await page.goto(base + '/about-us')
      await mobileMenuHydrated(page)
      await page.getByRole('banner').getByRole('button', {name: settings.interfaceText.menu}).click()
      await page
        .getByRole('banner')
        .getByRole('link', {name: settings.bookAppointment.label, exact: true})
        .click()
      await page.waitForURL((url) => url.pathname === '/contact-us')
      await page.waitForSelector('astro-island[component-url*="ContactForm"]:not([ssr])', {state: 'attached'})
      await expect(field(page, 'subject').inputValue()).resolves.toBe(settings.bookAppointment.subject)
      expect(settings.bookAppointment.subject).toBe('Appointment request')
    })
  })
})
