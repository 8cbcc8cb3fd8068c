import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {DESKTOP, PHONE, launchBrowser} from '../support/browser'
import {contactPage, mobileMenuHydrated, settings, withPage} from '../support/site'
import {eventually, marker, readDb, rowsWith} from './support'

const base = inject('siteUrl')
const dbPath = inject('contactDbPath')
const FORM = contactPage.form
/** CONTACT_MIN_FILL_MS is 2,500 ms; a visitor who sends sooner is taken for a robot. */
const MIN_FILL_MS = 2_600

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
const sendButton = (page: Page) => page.getByRole('button', {name: FORM.submitLabel})
/** The form's own live status region (the page has one more role=status, the no-JavaScript notice). */
const formStatus = (page: Page) => page.locator('form.contact-form').getByRole('status')

/** Opens the contact page and resolves, once the form island has hydrated, with the time it did. */
async function openContactPage(page: Page, query = ''): Promise<number> {
  await page.goto(base + '/contact-us' + query)
  await page.waitForSelector('astro-island[component-url*="ContactForm"]:not([ssr])', {state: 'attached'})
  return Date.now()
}

async function fill(page: Page, fields: Partial<Fields>) {
  for (const [name, value] of Object.entries(fields)) await field(page, name as keyof Fields).fill(value)
}

async function values(page: Page): Promise<Fields> {
  const entries = await Promise.all(
    Object.keys(LABELS).map(
      async (name) => [name, await field(page, name as keyof Fields).inputValue()] as const,
    ),
  )
  return Object.fromEntries(entries) as Fields
}

/** Waits until a person could have filled the form in, counted from when it appeared. */
async function waitForMinimumFillTime(page: Page, shownAt: number) {
  const left = MIN_FILL_MS - (Date.now() - shownAt)
  if (left > 0) await page.waitForTimeout(left)
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
    it(`at ${viewport.width} px sends the five fields, confirms with the success message, and the message is stored`, async () => {
      await withPage(browser, viewport, async (page) => {
        const shownAt = await openContactPage(page)
        const fields = visitor()
        await fill(page, fields)
        await waitForMinimumFillTime(page, shownAt)
        await sendButton(page).click()

        await statusSays(page, FORM.successMessage)
        const rows = await storedWith(fields.message)
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject(fields)
        // Sent and confirmed, the form is empty for a next message.
        expect(await values(page)).toEqual({name: '', email: '', phone: '', subject: '', message: ''})
        // The success message is seen, not just present.
        const box = await formStatus(page).boundingBox()
        expect(box!.width).toBeGreaterThan(0)
      })
    })
  }

  it('keeps and sends what the visitor typed before the form script arrived (a slow connection)', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      let release!: () => void
      const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/_astro/*.js', async (route) => {
        await scriptsHeld
        await route.continue()
      })
      await page.goto(base + '/contact-us')
      const fields = visitor()
      await fill(page, fields)
      const shownAt = Date.now()
      release()
      await page.waitForSelector('astro-island[component-url*="ContactForm"]:not([ssr])', {state: 'attached'})
      expect(await values(page)).toEqual(fields)
      await waitForMinimumFillTime(page, shownAt)
      await sendButton(page).click()

      await statusSays(page, FORM.successMessage)
      const rows = await storedWith(fields.message)
      expect(rows[0]).toMatchObject(fields)
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
        const shownAt = await openContactPage(page)
        const fields = visitor()
        await fill(page, fields)
        await waitForMinimumFillTime(page, shownAt)
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

  it('without JavaScript, posts the plain form, lands on /contact-us#message-sent with the success notice, and the message is stored', async () => {
    await withPage(
      browser,
      DESKTOP,
      async (page) => {
        await page.goto(base + '/contact-us')
        const sent = page.locator('#message-sent')
        await expect(sent.isVisible()).resolves.toBe(false)
        const fields = visitor()
        await fill(page, fields)
        await Promise.all([page.waitForURL(`${base}/contact-us#message-sent`), sendButton(page).click()])

        await expect(sent.isVisible()).resolves.toBe(true)
        await expect(sent.textContent()).resolves.toBe(FORM.successMessage)
        for (const other of ['#message-invalid', '#message-rate-limited', '#message-failed']) {
          await expect(page.locator(other).isVisible(), other).resolves.toBe(false)
        }
        const rows = rowsWith(dbPath, fields.message)
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject(fields)
      },
      {javaScriptEnabled: false},
    )
  })

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
      await page.getByRole('link', {name: settings.bookAppointment.label}).click()
      await page.waitForURL((url) => url.pathname === '/contact-us')
      await page.waitForSelector('astro-island[component-url*="ContactForm"]:not([ssr])', {state: 'attached'})
      await expect(field(page, 'subject').inputValue()).resolves.toBe(settings.bookAppointment.subject)
      expect(settings.bookAppointment.subject).toBe('Appointment request')
    })
  })
})
