import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {headingAnchors} from '../../../src/lib/anchors'
import {
  factText,
  MESSAGE_PURPOSES,
  type CompanyFactsDocument,
  type ProcessorPurpose,
} from '../../../model/companyFacts'
import {formatFigure} from '../../../model/policyFigures'
import {FORM_READING_MAX_WORDS} from '../../../model/contactForm'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {
  companyFacts,
  contactFormHydrated,
  contactPage,
  NOTICE,
  NOTICE_TEXTS,
  policies,
  SHORT_NOTICE,
  SHORT_NOTICE_TEXTS,
  policyFigures,
  settings,
} from '../../support/site'

const base = inject('siteUrl')

// The spec's five fields (section 3), by their visible labels.
const FIELDS = ['Name', 'Email', 'Phone', 'Subject', 'Message'] as const

/** The privacy policy's section on visitors' rights, and its address as the policy page anchors it. */
const privacyHeadings = (policies.privacy.sections as {heading: string}[]).map((section) => section.heading)
const rightsIndex = privacyHeadings.findIndex((heading) => /\brights\b/i.test(heading))
const RIGHTS_HEADING = privacyHeadings[rightsIndex]
const RIGHTS_HREF = `/privacy-policy#${headingAnchors(privacyHeadings)[rightsIndex]}`

/** The contact page; with JavaScript, once the form has hydrated, as visitors mostly meet it. */
async function openContactPage(page: Page, javaScriptEnabled: boolean) {
  await page.goto(base + '/contact-us')
  if (javaScriptEnabled) await contactFormHydrated(page)
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()
const consentBox = (page: Page) =>
  page.getByRole('checkbox', {name: contactPage.form.consentLabel, exact: true})
const sendButton = (page: Page) => page.getByRole('button', {name: contactPage.form.submitLabel})

/** The send button's accessible description, as Chromium computes it for assistive technology. */
async function sendButtonDescription(page: Page): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page)
  const {result} = await cdp.send('Runtime.evaluate', {expression: 'document.querySelector("form")'})
  const {nodes} = await cdp.send('Accessibility.queryAXTree', {
    objectId: result.objectId,
    role: 'button',
    accessibleName: contactPage.form.submitLabel,
  })
  await cdp.detach()
  expect(nodes).toHaveLength(1)
  return nodes[0].description?.value as string | undefined
}

/**
 * What a visitor sees on /contact-us. Sending the form is tested by the contact endpoint's own
 * tests, not here.
 */
describe('the contact page', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows Let's connect and a form of five labelled fields at ${viewport.width} px`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport)
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

    it(`shows the Reach Us block with customer care's e-mail, phone and hours from Company facts at ${viewport.width} px`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport)
      await page.goto(base + '/contact-us')
      const care = companyFacts.customerCare
      const reach = page.getByRole('complementary', {name: contactPage.reachUsHeading})
      await expect(reach.isVisible()).resolves.toBe(true)
      await expect(reach.getByRole('heading', {name: contactPage.reachUsHeading}).isVisible()).resolves.toBe(
        true,
      )

      const email = reach.getByRole('link', {name: care.email})
      await expect(email.isVisible()).resolves.toBe(true)
      await expect(email.getAttribute('href')).resolves.toBe(`mailto:${care.email}`)

      const phone = reach.getByRole('link', {name: care.phone})
      await expect(phone.isVisible()).resolves.toBe(true)
      const telHref = await phone.getAttribute('href')
      expect(telHref).toMatch(/^tel:\+[0-9]+$/)
      expect(telHref).toBe(`tel:${care.phone.replace(/[^+0-9]/g, '')}`)

      await expect(reach.innerText()).resolves.toContain(
        `${settings.interfaceText.workingHours}: ${factText(companyFacts, 'customerCareHours')}`,
      )

      const box = await email.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width)
    })

    it(`shows the Grievance Officer with the acknowledgement and resolution times at ${viewport.width} px`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport)
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
      await expect(block.locator('[data-figure="grievanceAcknowledgementHours"]').innerText()).resolves.toBe(
        '48 hours',
      )
      await expect(block.locator('[data-figure="grievanceResolutionMonths"]').innerText()).resolves.toBe(
        'one month',
      )
      const box = await block.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width)
    })

    for (const javaScriptEnabled of [true, false]) {
      const how = javaScriptEnabled ? 'with' : 'without'
      it(`shows the short notice from the CMS in the form, above an unticked consent box and the send button it describes, and the full notice one click away, ${how} JavaScript at ${viewport.width} px`, async ({
        newPage,
      }) => {
        const page = await newPage(viewport, {javaScriptEnabled})
        await openContactPage(page, javaScriptEnabled)
        const form = page.locator('form')
        const noticeId = await sendButton(page).getAttribute('aria-describedby')
        expect(noticeId).toBeTruthy()
        const notice = form.locator(`[id="${noticeId}"]`)
        await expect(notice.count()).resolves.toBe(1)
        await expect(notice.isVisible()).resolves.toBe(true)

        // Its words are the CMS's, with the retention figure and the contacts filled in.
        const text = squash(await notice.innerText())
        for (const line of SHORT_NOTICE_TEXTS) expect(text).toContain(squash(line))
        await expect(
          notice.locator('[data-figure="contactMessageRetentionMonths"]').innerText(),
        ).resolves.toBe(
          formatFigure('contactMessageRetentionMonths', policyFigures.contactMessageRetentionMonths),
        )
        // The send button's accessible description is the short notice, paragraph by paragraph.
        await expect(sendButtonDescription(page)).resolves.toBe(squash(SHORT_NOTICE_TEXTS.join(' ')))

        // The full notice is on the same page, closed, and opens with one click, also without JavaScript.
        const details = form.locator('details')
        await expect(details.count()).resolves.toBe(1)
        await expect(details.evaluate((element: HTMLDetailsElement) => element.open)).resolves.toBe(false)
        const summary = details.locator('summary')
        await expect(summary.innerText()).resolves.toBe(contactPage.fullNoticeLabel)
        const full = details.locator(':scope > :not(summary)').first()
        await expect(full.isVisible()).resolves.toBe(false)
        await summary.click()
        await expect(details.evaluate((element: HTMLDetailsElement) => element.open)).resolves.toBe(true)
        const fullText = squash(await details.innerText())
        for (const line of NOTICE_TEXTS) expect(fullText).toContain(squash(line))
        await expect(
          details
            .getByRole('link', {name: factText(companyFacts, 'privacyContactEmail')})
            .getAttribute('href'),
        ).resolves.toBe(`mailto:${factText(companyFacts, 'privacyContactEmail')}`)
        await expect(
          details.getByRole('link', {name: RIGHTS_HEADING, exact: true}).getAttribute('href'),
        ).resolves.toBe(RIGHTS_HREF)
        await summary.click()
        const box = consentBox(page)
        await expect(box.isVisible()).resolves.toBe(true)
        await expect(box.isChecked()).resolves.toBe(false)
        await expect(box.getAttribute('name')).resolves.toBe('consent')
        await expect(box.getAttribute('value')).resolves.toBe('yes')

        // Read before sending: the notice, then the box, then the button, all on screen.
        const [noticeBox, consent, button] = await Promise.all(
          [notice, box, sendButton(page)].map((element) => element.boundingBox()),
        )
        expect(noticeBox!.width).toBeGreaterThan(0)
        expect(noticeBox!.x).toBeGreaterThanOrEqual(0)
        expect(noticeBox!.x + noticeBox!.width).toBeLessThanOrEqual(viewport.width)
        expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(consent!.y)
        expect(consent!.y + consent!.height).toBeLessThanOrEqual(button!.y)
        await expect(
          page.evaluate(() => document.documentElement.scrollWidth),
          'no sideways scrolling',
        ).resolves.toBeLessThanOrEqual(viewport.width)
      })
    }
  }

  for (const viewport of [PHONE, DESKTOP]) {
    for (const javaScriptEnabled of [true, false]) {
      const how = javaScriptEnabled ? 'with' : 'without'
      it(`shows, below the consent box, the age box and then the optional health box, each unticked and labelled with its words from the CMS, ${how} JavaScript at ${viewport.width} px`, async ({
        newPage,
      }) => {
        const page = await newPage(viewport, {javaScriptEnabled})
        await openContactPage(page, javaScriptEnabled)
        const form = contactPage.form
        const boxes = [
          {label: form.consentLabel, name: 'consent', required: true},
          {label: form.ageConfirmationLabel, name: 'ageConfirmation', required: true},
          {label: form.healthDetailsLabel, name: 'healthDetails', required: false},
        ]
        const places = []
        for (const {label, name, required} of boxes) {
          // Found by its label: the words are tied to the box, for a click and for a screen reader.
          const box = page.getByRole('checkbox', {name: label, exact: true})
          await expect(box.count(), name).resolves.toBe(1)
          await expect(box.isVisible(), name).resolves.toBe(true)
          await expect(box.isChecked(), name).resolves.toBe(false)
          await expect(box.getAttribute('name'), name).resolves.toBe(name)
          await expect(box.getAttribute('value'), name).resolves.toBe('yes')
          await expect(
            box.evaluate((input: HTMLInputElement) => input.required),
            name,
          ).resolves.toBe(required)
          // The words are on screen beside the box, and clicking them ticks it.
          const words = page.locator('form label', {hasText: label})
          await expect(words.isVisible(), name).resolves.toBe(true)
          const wordsBox = await words.boundingBox()
          expect(wordsBox!.x + wordsBox!.width, name).toBeLessThanOrEqual(viewport.width)
          await words.click()
          await expect(box.isChecked(), name).resolves.toBe(true)
          await words.click()
          // In page coordinates: clicking the words may scroll the page on a phone.
          places.push(
            await box.evaluate(
              (input: HTMLInputElement) => input.getBoundingClientRect().top + window.scrollY,
            ),
          )
        }
        // In the order the notice describes them, above the send button.
        const button = await sendButton(page).evaluate(
          (element: HTMLElement) => element.getBoundingClientRect().top + window.scrollY,
        )
        expect([...places].sort((a, b) => a - b)).toEqual(places)
        expect(places.at(-1)!).toBeLessThan(button)
      })
    }
  }

  it('the short notice says where a message is kept from the same processor rows as the full notice, and quotes its figures and facts', () => {
    const quoted = (blocks: typeof NOTICE) => blocks.flatMap((block) => block.children)
    const facts = (blocks: typeof NOTICE) =>
      quoted(blocks).flatMap((child) => (child.fact ? [child.fact] : []))
    const figures = (blocks: typeof NOTICE) =>
      quoted(blocks).flatMap((child) => (child.figure ? [child.figure] : []))
    // Where: the countries of the rows that keep or send a message, each named, India first.
    expect(facts(SHORT_NOTICE)).toContain('messageCountries')
    expect(facts(NOTICE)).toContain('messageProcessors')
    const rows = (companyFacts as CompanyFactsDocument).processors!.filter(({purposes}) =>
      purposes?.some((purpose) => MESSAGE_PURPOSES.includes(purpose as ProcessorPurpose)),
    )
    for (const row of rows) {
      expect(factText(companyFacts, 'messageCountries')).toContain(row.country!)
      expect(factText(companyFacts, 'messageProcessors')).toContain(`${row.name}, in ${row.country}`)
    }
    // How long: the same figure in both layers, never typed into the text.
    expect(figures(SHORT_NOTICE)).toContain('contactMessageRetentionMonths')
    expect(figures(NOTICE)).toContain('contactMessageRetentionMonths')
    const typed = quoted(SHORT_NOTICE)
      .map((child) => child.text ?? '')
      .join('')
    expect(typed).not.toMatch(/\d/)
  })

  it("the privacy notice's link leads to the section on rights of the built privacy policy", async ({
    phonePage: page,
  }) => {
    expect(RIGHTS_HEADING).toBe('Your Rights and How to Use Them')
    expect(NOTICE.flatMap((block) => block.markDefs ?? []).map((mark) => mark.href)).toContain(RIGHTS_HREF)
    await page.goto(base + '/contact-us')
    const form = page.locator('form')
    await form.locator('summary').click()
    await form.getByRole('link', {name: RIGHTS_HEADING, exact: true}).click()
    await page.waitForURL(base + RIGHTS_HREF)
    const target = page.locator(`[id="${new URL(base + RIGHTS_HREF).hash.slice(1)}"]`)
    await expect(target.count()).resolves.toBe(1)
    await expect(target.evaluate((node) => node.tagName)).resolves.toBe('H2')
    await expect(target.innerText()).resolves.toContain(RIGHTS_HEADING)
    await expect(target.isVisible()).resolves.toBe(true)
  })
})

describe('what a visitor reads between the message box and the send button', () => {
  // The English page and each language's, as Site settings turn them on.
  const prefixes = [
    '',
    ...settings.languages
      .filter((language: {enabled: boolean}) => language.enabled)
      .map(({code}: {code: string}) => `/${code}`),
  ]
  for (const prefix of prefixes)
    for (const javaScriptEnabled of [true, false]) {
      const how = javaScriptEnabled ? 'with' : 'without'
      it(`is at most ${FORM_READING_MAX_WORDS} visible words on ${prefix}/contact-us, the full notice folded away, ${how} JavaScript`, async ({
        newPage,
      }) => {
        const page = await newPage(PHONE, {javaScriptEnabled})
        await page.goto(`${base}${prefix}/contact-us`)
        if (javaScriptEnabled) await contactFormHydrated(page)
        const count = () =>
          page.evaluate(() => {
            const form = document.querySelector('form')!
            const range = document.createRange()
            range.setStartAfter(form.querySelector('textarea')!)
            range.setEndBefore(form.querySelector('button[type="submit"]')!)
            const walker = document.createTreeWalker(form, NodeFilter.SHOW_TEXT)
            let text = ''
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const parent = node.parentElement!
              if (!range.intersectsNode(node) || parent.closest('[aria-hidden="true"]')) continue
              if (parent.checkVisibility({visibilityProperty: true, opacityProperty: true}))
                text += ` ${node.textContent}`
            }
            return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
          })
        const folded = await count()
        expect(folded).toBeGreaterThan(0)
        expect(folded).toBeLessThanOrEqual(FORM_READING_MAX_WORDS)
        // The walk sees the full notice once it is open: folded, it was not counted.
        await page.locator('form summary').click()
        expect(await count()).toBeGreaterThan(folded)
      })
    }
})
