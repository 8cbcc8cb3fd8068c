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
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {
  companyFacts,
  contactFormHydrated,
  contactPage,
  NOTICE,
  NOTICE_TEXTS,
  policies,
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
        `${settings.interfaceText.workingHours}: ${care.hours}`,
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
      // Redressed within the month, any refund that follows included (E-Commerce Rules r.4(5)).
      expect(squash(text)).toContain(
        'and redressed within one month of receipt: within that time we tell you what we will do about it, and do it, including paying any refund that follows from it.',
      )
      expect(squash(text)).not.toContain('our decision on it')
      const box = await block.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width)
    })

    for (const javaScriptEnabled of [true, false]) {
      const how = javaScriptEnabled ? 'with' : 'without'
      it(`shows the privacy notice from the CMS in the form, above an unticked consent box and the send button it describes, ${how} JavaScript at ${viewport.width} px`, async ({
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
        for (const line of NOTICE_TEXTS) expect(text).toContain(squash(line))
        expect(text).toMatch(/health/i)
        await expect(
          notice.locator('[data-figure="contactMessageRetentionMonths"]').innerText(),
        ).resolves.toBe(
          formatFigure('contactMessageRetentionMonths', policyFigures.contactMessageRetentionMonths),
        )
        await expect(
          notice.locator('[data-figure="contactMessageRetentionMonths"]').innerText(),
        ).resolves.toBe('12 months')
        await expect(
          notice
            .getByRole('link', {name: factText(companyFacts, 'privacyContactEmail')})
            .getAttribute('href'),
        ).resolves.toBe(`mailto:${factText(companyFacts, 'privacyContactEmail')}`)
        await expect(
          notice.getByRole('link', {name: RIGHTS_HEADING, exact: true}).getAttribute('href'),
        ).resolves.toBe(RIGHTS_HREF)

        // The send button's accessible description is the notice, paragraph by paragraph.
        await expect(sendButtonDescription(page)).resolves.toBe(squash(NOTICE_TEXTS.join(' ')))

        // The consent box is never ticked in advance; its words cover keeping the message, health
        // details included, where the notice says, and reading it to reply; planning care is the health box's.
        const box = consentBox(page)
        await expect(box.isVisible()).resolves.toBe(true)
        await expect(box.isChecked()).resolves.toBe(false)
        await expect(box.getAttribute('name')).resolves.toBe('consent')
        await expect(box.getAttribute('value')).resolves.toBe('yes')
        expect(contactPage.form.consentLabel).toMatch(/health details/i)
        expect(contactPage.form.consentLabel).toContain(
          'may keep my message, including any health details in it, with the providers named there, in India and the United States',
        )
        expect(contactPage.form.consentLabel).toContain('its staff may read it to reply to me')
        expect(contactPage.form.consentLabel).not.toContain('apart from any health details')

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
        expect(form.ageConfirmationLabel).toBe(
          'I am 18 or over, or the parent or lawful guardian of the person this message is about.',
        )
        expect(form.healthDetailsLabel).toMatch(/^Optional\b.*health details/)
        // Box 1 to keep, read and reply, where the notice says; box 2 to plan care and share with providers.
        expect(form.consentLabel).toContain(
          'with the providers named there, in India and the United States, and its staff may read it to reply to me',
        )
        expect(form.healthDetailsLabel).toContain(
          'to arrange my care with the doctors and hospitals I choose, and share them with those doctors and hospitals for it',
        )
        expect(form.healthDetailsLabel).toContain('Without this tick, MediStay India only replies to me')
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

  it('the privacy notice says what the form records, where a message goes and in which country, how long every copy is kept, what the two boxes cover, children, and where to complain', () => {
    const text = squash(NOTICE_TEXTS.join(' '))
    for (const said of [
      'This form collects your name, e-mail address, phone number, subject and message.',
      "With it we record the wording of each box and whether you ticked it, the time, the page's language and the Privacy Policy version.",
      'Our server uses your IP address briefly, in memory, to limit repeated messages; that copy is not kept.',
      // The request logs keep the address as they do for every page, as Privacy Policy s.1 says.
      'Separately, the request logs in front of our website record your IP address, as they do for every page, for 180 days (one year from 13 May 2027), as the CERT-In Directions and the DPDP Rules require; see our Privacy Policy.',
      `Where it is kept and sent. ${factText(companyFacts, 'legalName')}, ${factText(companyFacts, 'registeredOffice')}, collects and keeps your message.`,
      `It goes only to these providers, in these countries: ${factText(companyFacts, 'messageProcessors')}.`,
      'The first box below agrees to this, including the transfer to any country outside India named here.',
      'We delete your message, and its copies in our mailboxes, including replies that quote it, 12 months after it reaches us;',
      // The copies are named from the rows: no provider named for messages keeps a document history.
      `after it reaches us; ${factText(companyFacts, 'deletedMessageCopies')} are gone at the latest ${factText(companyFacts, 'lastCopyGoneWithin')} after that.`,
      'Under the first box, our customer care staff read your message, including any health details in it, and reply to you; we use it for nothing else.',
      // The health box is named by what it is, not its place (it is the third box: consent, age, health).
      'Arranging your care with those details, and sharing them with the doctors and hospitals you choose for it, needs the optional health box below: without it, we ask you before doing either.',
      'Hotels never receive health details from your message.',
      "If your message is about another adult's health, then before we use it for anything but our reply to you, we ask that adult, or their lawful representative, to confirm directly.",
      // An unverified child's message: the Privacy Policy's rule in force, then the announced one,
      // which applies only to messages received from its date.
      `If it is about or from a child (anyone under 18), we use it only to ask for, and verify, the consent of the child's parent or lawful guardian. When that consent is not verified, we delete the message, and every copy we control, within ${factText(companyFacts, 'unverifiedChildDataDeletion')} of receipt.`,
      `For a message received from 26 December 2026, when the next version of our Privacy Policy applies, we delete it from our message store and mailboxes within ${factText(companyFacts, 'unverifiedChildDataDeletion')} of receipt, and its ${factText(companyFacts, 'deletedMessageCopies')} are gone at the latest ${factText(companyFacts, 'lastCopyGoneWithin')} after that; a message received before that day keeps the first rule.`,
      "Please do not write a child's health details until we ask for them.",
      "An acknowledgement e-mail from us carries your message's reference and repeats nothing you wrote. If none arrives, your message has still reached us.",
      'Every complaint is redressed within one month of receipt',
    ])
      expect(text).toContain(said)
    expect(factText(companyFacts, 'deletedMessageCopies')).toBe('backup copies and deleted items')
    expect(text).not.toContain('document history')
    // Where a message is kept and sent is stated as fact, with countries: no "if", no "or".
    const where = squash(NOTICE_TEXTS.find((line) => line.startsWith('Where it is kept and sent.'))!)
    expect(where).not.toMatch(/\b(if|or)\b/i)
    const rows = (companyFacts as CompanyFactsDocument).processors!
    for (const row of rows.filter(({purposes}) =>
      purposes?.some((purpose) => MESSAGE_PURPOSES.includes(purpose as ProcessorPurpose)),
    ))
      expect(where).toContain(`${row.name}, in ${row.country}`)
    // Figures and facts come from their documents, never typed into the notice.
    const inline = NOTICE.flatMap((block) => block.children)
    expect(inline.filter((child) => child.figure).map((child) => child.figure)).toEqual([
      'contactMessageRetentionMonths',
      'minorAge',
      'grievanceResolutionMonths',
    ])
    expect(inline.filter((child) => child.fact).map((child) => child.fact)).toEqual([
      'legalName',
      'registeredOffice',
      'messageProcessors',
      'deletedMessageCopies',
      'lastCopyGoneWithin',
      // The rule in force, then the announced one.
      'unverifiedChildDataDeletion',
      'unverifiedChildDataDeletion',
      'deletedMessageCopies',
      'lastCopyGoneWithin',
      'privacyContactEmail',
    ])
    expect(text).not.toContain('we first ask that adult')
  })

  it("the privacy notice's link leads to the section on rights of the built privacy policy", async ({
    phonePage: page,
  }) => {
    expect(RIGHTS_HEADING).toBe('Your Rights and How to Use Them')
    expect(NOTICE.flatMap((block) => block.markDefs ?? []).map((mark) => mark.href)).toContain(RIGHTS_HREF)
    await page.goto(base + '/contact-us')
    const form = page.locator('form')
    await form.getByRole('link', {name: RIGHTS_HEADING, exact: true}).click()
    await page.waitForURL(base + RIGHTS_HREF)
    const target = page.locator(`[id="${new URL(base + RIGHTS_HREF).hash.slice(1)}"]`)
    await expect(target.count()).resolves.toBe(1)
    await expect(target.evaluate((node) => node.tagName)).resolves.toBe('H2')
    await expect(target.innerText()).resolves.toContain(RIGHTS_HEADING)
    await expect(target.isVisible()).resolves.toBe(true)
  })
})
