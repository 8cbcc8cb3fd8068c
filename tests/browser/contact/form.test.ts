import type {Locator, Page} from 'playwright-core'
import {describe, expect, inject} from 'vitest'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {
  contactFormHydrated,
  contactPage,
  hydrateMobileMenu,
  settings,
  versionInForce,
} from '../../support/site'
import {consentBoxes, eventually, healthTicked, marker, readDb, rowsWith} from '../../support/contact'
import {holdReact, type HydrationStage} from '../../support/heldReact'
import {CONSENT_BOX_NAMES} from '../../../model/contactForm'

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
  await contactFormHydrated(page)
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

/**
 * Without JavaScript: fills and posts the plain form (`boxes` as for `fill`), which lands back on the
 * contact page at its #message-invalid notice, shown.
 */
async function plainFormRefused(page: Page, fields: Partial<Fields>, boxes?: Parameters<typeof fill>[2]) {
  await fill(page, fields, boxes)
  await Promise.all([page.waitForURL(`${base}/contact-us#message-invalid`), sendButton(page).click()])
  const invalid = page.locator('#message-invalid')
  await expect(invalid.isVisible()).resolves.toBe(true)
  await expect(invalid.textContent()).resolves.toBe(contactPage.noScriptNotices.invalid)
}

describe('the contact form in Chromium', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px sends the five fields without the optional health box, confirms with the success message and the reference, and the message is stored`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport)
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
        consent_boxes: consentBoxes(FORM, {healthDetails: false}),
      })
      // Sent and confirmed, the form is empty for a next message, which needs its own consent.
      expect(await values(page)).toEqual({name: '', email: '', phone: '', subject: '', message: ''})
      for (const box of [consentBox, ageBox, healthBox])
        await expect(box(page).isChecked()).resolves.toBe(false)
      // The success message is seen, not just present.
      const box = await formStatus(page).boundingBox()
      expect(box!.width).toBeGreaterThan(0)
    })
  }

  describe('on a phone, while React hydrates it', () => {
    type Act = 'types' | 'ticks' | 'unticks'
    /**
     * Points in React's hydration of the form at which it is held while the visitor acts, and what
     * the visitor does first there: the first event makes React finish hydrating at once, so each
     * kind of event goes first once (keys, a tap, a click).
     */
    const MOMENTS: {when: string; reached: (stage: HydrationStage) => boolean; first: Act}[] = [
      {
        when: 'React has been handed the form and has rendered none of it',
        reached: (stage) => stage.claimed.length === 0,
        first: 'types',
      },
      {
        when: 'React has claimed every box but not yet the form',
        reached: (stage) =>
          !stage.committed && CONSENT_BOX_NAMES.every((name) => stage.claimed.includes(name)),
        first: 'ticks',
      },
      {
        when: 'React has committed the form but not yet read what was typed before the script',
        reached: (stage) => stage.committed,
        first: 'unticks',
      },
    ]

    for (const {when, reached, first} of MOMENTS) {
      it(`keeps and sends what was typed and ticked before the script arrived, and every key and tick made when ${when}`, async ({
        newPage,
      }) => {
        const page = await newPage(PHONE, {hasTouch: true})
        const island = 'astro-island[component-url*="ContactForm"]'
        const react = await holdReact(page, island)
        let release!: () => void
        const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
        await page.route('**/_astro/*.js', async (route) => {
          await scriptsHeld
          await route.continue()
        })
        await page.goto(base + '/contact-us')
        const fields = visitor()
        const lastWords = fields.message.lastIndexOf(' (')
        // Before the script: all but the end of the name and of the message; the consent and health boxes.
        await fill(
          page,
          {...fields, name: 'Anjali', message: fields.message.slice(0, lastWords)},
          {age: false, health: true},
        )
        await expect(page.locator(island).getAttribute('ssr')).resolves.not.toBeNull()
        release()
        await react.stepUntil(when, reached)

        const endOf = async (name: 'name' | 'message') => {
          await field(page, name).focus()
          await page.keyboard.press('End')
        }
        const acts: Record<Act, () => Promise<void>> = {
          types: () => endOf('message').then(() => page.keyboard.type(fields.message.slice(lastWords))),
          ticks: () => ageBox(page).tap(),
          unticks: () => healthBox(page).uncheck(),
        }
        for (const act of [first, ...(Object.keys(acts) as Act[]).filter((act) => act !== first)])
          await acts[act]()
        // As a phone's keyboard or dictation does: words put in at once, with no key events.
        await endOf('name')
        await page.keyboard.insertText(' Rao')
        const intended = {fields, consent: true, age: true, health: false}
        const seen = async () => ({
          fields: await values(page),
          consent: await consentBox(page).isChecked(),
          age: await ageBox(page).isChecked(),
          health: await healthBox(page).isChecked(),
        })
        expect(await seen()).toEqual(intended)
        // React does the rest of its work, then runs freely again: nothing it does changes the form.
        while (await react.step());
        await react.release()
        expect(await seen()).toEqual(intended)

        await sendButton(page).tap()
        await statusSays(page, FORM.successMessage)
        const rows = await storedWith(fields.message)
        expect(rows[0]).toMatchObject({...fields, consent_boxes: consentBoxes(FORM, {healthDetails: false})})
      })
    }
  })

  it('with neither e-mail nor phone, shows the replyRequired text by the Email field and keeps everything typed', async ({
    phonePage: page,
  }) => {
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

  for (const [failure, answer] of [
    [
      'answers 503',
      {status: 503, contentType: 'application/json', body: '{"ok":false,"error":"unavailable"}'},
    ],
    ['cannot be reached', 'abort'],
  ] as const) {
    it(`when the server ${failure}, shows the error message, keeps every typed value, and a retry is stored once`, async ({
      desktopPage: page,
    }) => {
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
  }

  it('when the server says too many messages (429), shows the rate-limit message and keeps every typed value', async ({
    phonePage: page,
  }) => {
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

  for (const viewport of [PHONE, DESKTOP]) {
    it(`without JavaScript at ${viewport.width} px, posts the plain form and lands on a page with the success message and the reference; the message is stored with its boxes`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport, {javaScriptEnabled: false})
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
        consent_boxes: consentBoxes(FORM, {healthDetails: viewport === DESKTOP}),
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
    })
  }

  it('without JavaScript, a form with no message lands on #message-invalid, and nothing is stored', async ({
    newPage,
  }) => {
    const page = await newPage(PHONE, {javaScriptEnabled: false})
    await page.goto(base + '/contact-us')
    const ref = marker()
    await plainFormRefused(page, {name: `Anjali ${ref}`, email: 'anjali.rao@example.com'})
    // It asks for a message and a way to reply, not for any one of them.
    expect(contactPage.noScriptNotices.invalid).toContain(
      'it needs your message, and an e-mail address or a phone number so that we can reply',
    )
    expect(contactPage.noScriptNotices.invalid).not.toContain(
      'it needs a message, an e-mail address or a phone number',
    )
    await expect(page.locator('#message-sent').isVisible()).resolves.toBe(false)
    // The notice is on screen whole, below the header: the header's menu covers none of it.
    const header = (await page.getByRole('banner').boundingBox())!
    const notice = (await page.locator('#message-invalid').boundingBox())!
    expect(notice.y).toBeGreaterThanOrEqual(header.y + header.height)
    expect(notice.y + notice.height).toBeLessThanOrEqual(PHONE.height)
    expect(
      readDb(dbPath, (db) =>
        db.prepare('SELECT id FROM contact_messages WHERE instr(name, ?) > 0').all(ref),
      ) ?? [],
    ).toEqual([])
  })

  describe('the boxes beside the privacy notice', () => {
    /** A box's error, found through the box's aria-describedby. */
    async function boxError(page: Page, box: Locator) {
      await expect(box.getAttribute('aria-invalid')).resolves.toBe('true')
      const errorId = await box.getAttribute('aria-describedby')
      expect(errorId).toBeTruthy()
      return page.locator(`[id="${errorId}"]`)
    }

    /**
     * Opens the contact page and sends the form typed in full but with `box` left unticked (`boxes`
     * as for `fill`): the form shows `required` by the box, takes the visitor there, keeps what was
     * typed, and posts and stores nothing. Returns what was typed and the page's POST requests.
     */
    async function refusedWithout(
      page: Page,
      box: Locator,
      required: string,
      boxes: Parameters<typeof fill>[2],
    ) {
      const posts: string[] = []
      page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
      await openContactPage(page)
      await expect(box.isChecked()).resolves.toBe(false)
      const fields = visitor()
      await fill(page, fields, boxes)
      await sendButton(page).click()

      await statusSays(page, FORM.invalidMessage)
      const error = await boxError(page, box)
      await expect(error.textContent()).resolves.toBe(required)
      await expect(error.isVisible()).resolves.toBe(true)
      // By the box: in its own group, below the box.
      const placement = await error.evaluate(
        (node, input) => ({
          sameGroup: node.parentElement === input!.parentElement,
          below: node.getBoundingClientRect().top >= input!.getBoundingClientRect().top,
        }),
        await box.elementHandle(),
      )
      expect(placement).toEqual({sameGroup: true, below: true})
      // Every other field was fine: the box is the one to fix, and it has the focus.
      await expect(page.locator('form [aria-invalid="true"]').count()).resolves.toBe(1)
      await expect(box.evaluate((node) => node === document.activeElement)).resolves.toBe(true)
      expect(await values(page)).toEqual(fields)
      expect(posts).toEqual([])
      expect(rowsWith(dbPath, fields.message)).toEqual([])
      return {fields, posts}
    }

    /** Ticks the box and sends again: the message is stored once and the box's error is gone. */
    async function sentTicked(page: Page, box: Locator, fields: Fields) {
      await box.check()
      await sendButton(page).click()
      await statusSays(page, FORM.successMessage)
      const rows = await storedWith(fields.message)
      expect(rows).toHaveLength(1)
      await expect(box.getAttribute('aria-invalid')).resolves.toBeNull()
      return rows
    }

    for (const viewport of [PHONE, DESKTOP]) {
      it(`at ${viewport.width} px, sending without ticking the box shows the consentRequired text by the box, takes the visitor there, posts and stores nothing; ticked, the message is stored`, async ({
        newPage,
      }) => {
        const page = await newPage(viewport)
        const box = consentBox(page)
        const {fields, posts} = await refusedWithout(page, box, FORM.consentRequired, {consent: false})
        // Ticked, the same message is sent and stored once; the error is gone.
        await sentTicked(page, box, fields)
        expect(posts).toHaveLength(1)
      })
    }

    for (const viewport of [PHONE, DESKTOP]) {
      it(`at ${viewport.width} px, sending without ticking the age box shows the ageConfirmationRequired text by that box, takes the visitor there, posts and stores nothing, and keeps everything typed`, async ({
        newPage,
      }) => {
        const page = await newPage(viewport)
        const box = ageBox(page)
        const {fields} = await refusedWithout(page, box, FORM.ageConfirmationRequired, {
          age: false,
          health: true,
        })
        // Nothing ticked is lost either.
        await expect(consentBox(page).isChecked()).resolves.toBe(true)
        await expect(healthBox(page).isChecked()).resolves.toBe(true)
        // Ticked, the message is sent and stored once.
        const rows = await sentTicked(page, box, fields)
        expect(healthTicked(rows[0]!)).toBe(true)
      })

      it(`without JavaScript at ${viewport.width} px, a form sent without ticking the age box lands on #message-invalid, which mentions the box, and nothing is stored`, async ({
        newPage,
      }) => {
        const page = await newPage(viewport, {javaScriptEnabled: false})
        await page.goto(base + '/contact-us')
        const fields = visitor()
        await plainFormRefused(page, fields, {age: false})
        expect(contactPage.noScriptNotices.invalid).toMatch(/\bage\b/)
        expect(rowsWith(dbPath, fields.message)).toEqual([])
        // Back, as the notice says, returns to everything typed.
        await page.goBack()
        expect(await values(page)).toEqual(fields)
      })
    }

    it('a post from the island that reaches the server without consent is refused with the consent field error, shown by the box, and nothing is stored', async ({
      desktopPage: page,
    }) => {
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
      await expect((await boxError(page, consentBox(page))).textContent()).resolves.toBe(FORM.consentRequired)
      expect(await values(page)).toEqual(fields)
      expect(rowsWith(dbPath, fields.message)).toEqual([])
    })

    for (const viewport of [PHONE, DESKTOP]) {
      it(`without JavaScript at ${viewport.width} px, a form sent without ticking the box lands on #message-invalid, which mentions the box, and nothing is stored`, async ({
        newPage,
      }) => {
        const page = await newPage(viewport, {javaScriptEnabled: false})
        await page.goto(base + '/contact-us')
        await expect(consentBox(page).isChecked()).resolves.toBe(false)
        const fields = visitor()
        await plainFormRefused(page, fields, {consent: false})
        expect(contactPage.noScriptNotices.invalid).toMatch(/\bbox\b/)
        await expect(page.locator('#message-sent').isVisible()).resolves.toBe(false)
        expect(rowsWith(dbPath, fields.message)).toEqual([])
      })
    }
  })

  it('opened with ?subject=Appointment%20request (Book Appointment), has that subject in the Subject field', async ({
    desktopPage: page,
  }) => {
    await openContactPage(page, '?subject=Appointment%20request')
    // The form puts it there in its first effect, a moment after React has taken the form over.
    await expect.poll(() => field(page, 'subject').inputValue()).toBe('Appointment request')
    await expect(field(page, 'name').inputValue()).resolves.toBe('')
  })

  it('is reached from Book Appointment in the mobile menu with the subject filled in', async ({
    phonePage: page,
  }) => {
    await page.goto(base + '/about-us')
    await hydrateMobileMenu(page)
    await page.getByRole('banner').getByRole('button', {name: settings.interfaceText.menu}).click()
    await page
      .getByRole('banner')
      .getByRole('link', {name: settings.bookAppointment.label, exact: true})
      .click()
    await page.waitForURL((url) => url.pathname === '/contact-us')
    await contactFormHydrated(page)
    await expect.poll(() => field(page, 'subject').inputValue()).toBe(settings.bookAppointment.subject)
    expect(settings.bookAppointment.subject).toBe('Appointment request')
  })
})
