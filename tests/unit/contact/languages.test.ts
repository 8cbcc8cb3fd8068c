import {afterEach, describe, expect, it} from 'vitest'
import type {ConsentBox} from '../../../model/contactForm'
import {shownConsent, type ShownConsent} from '../../../src/contact/consent'
import {handleContactPost} from '../../../src/contact/http'
import {contactLanguage, englishNameOf} from '../../../src/contact/language'
import {smtpNotifier, type Notifier} from '../../../src/contact/notifier'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {sentPage} from '../../../src/contact/sentPage'
import {createContactService, type ContactContent} from '../../../src/contact/service'
import type {StoredMessage} from '../../../src/contact/store'
import type {ContactWords} from '../../../src/contact/buildContent'
import {buildData, buildDataAnswer} from '../../../src/server/buildData'
import {islandBody, validFields} from '../../support/contact'
import {
  contactContent,
  ENGLISH_PAGE,
  boxLabels,
  isRequiredBox,
  memoryStore,
  sentFrom,
  type MemoryStore,
} from '../../support/memoryStore'
import {startMailServer, type MailServer} from '../../support/smtp'

// A message is recorded, answered and acknowledged in the words of the page the visitor wrote
// from; a language the build does not offer is the English page, never a lost message.

const SITE = 'http://127.0.0.1:4321'

/** The Hindi Contact page's words, as a build writes them. */
const HINDI: ContactWords & {englishName: string} = {
  englishName: 'Hindi',
  acknowledgement: {
    subject: 'हमें आपका संदेश मिल गया है',
    body: 'हमें लिखने के लिए धन्यवाद।',
    referenceLabel: 'आपका संदर्भ:',
  },
  sentPage: {
    title: 'संदेश भेजा गया',
    message: 'धन्यवाद। हमें आपका संदेश मिल गया है।',
    referenceLabel: 'आपका संदर्भ:',
    backLabel: 'संपर्क पृष्ठ पर वापस',
  },
  notStored: 'आपका संदेश सहेजा नहीं जा सका।',
}

/** What the Hindi Contact page shows beside its form. */
const HINDI_PAGE = shownConsent({
  language: 'hi',
  privacyVersion: 4,
  privacyPolicyUpdated: '2026-11-23',
  notice: 'आपके संदेश का क्या होता है',
  labels: boxLabels((box) => `${box}: हिन्दी के शब्द।`),
})

const withHindi = (): ContactContent =>
  contactContent({languages: {hi: HINDI}, shown: [ENGLISH_PAGE, HINDI_PAGE]})

/** What a page's form sends besides its fields, as a plain form post spells it. */
const formFieldsFrom = (page: ShownConsent) =>
  Object.fromEntries(Object.entries(sentFrom(page)).map(([name, value]) => [name, String(value)]))

describe('the language a form says it was sent from', () => {
  it('is taken when the build offers it, with its words and English name', () => {
    const hindi = contactLanguage(withHindi(), 'hi')
    expect(hindi.code).toBe('hi')
    expect(hindi.englishName).toBe('Hindi')
    expect(hindi.words.acknowledgement).toEqual(HINDI.acknowledgement)
    expect(englishNameOf(withHindi(), 'hi')).toBe('Hindi')
  })

  it('is English for anything else: nothing, English, a language not offered, a name of an object, not a string, or a build that offers no other', () => {
    for (const sent of [
      undefined,
      null,
      '',
      'en',
      'te',
      'HI',
      '__proto__',
      'constructor',
      7,
      ['hi'],
      {hi: 1},
    ]) {
      const language = contactLanguage(withHindi(), sent)
      expect(language.code, String(sent)).toBe('en')
      expect(language.words.acknowledgement).toEqual(contactContent().acknowledgement)
    }
    expect(contactLanguage(contactContent(), 'hi').code).toBe('en')
    expect(englishNameOf(withHindi(), 'te')).toBeUndefined()
  })
})

describe("the build's contact data with languages", () => {
  it('is written and read back whole, with a sent page in each language', async () => {
    const written = await buildDataAnswer('contact', withHindi()).json()
    const sentPages = {en: '<p>%REFERENCE%</p>', hi: '<p lang="hi">%REFERENCE%</p>'}
    expect(buildData.shape.contact.parse({...written, sentPages})).toEqual({...withHindi(), sentPages})
  })

  it('refuses a language without its sent page, naming it', async () => {
    const written = await buildDataAnswer('contact', withHindi()).json()
    expect(() => buildData.shape.contact.parse({...written, sentPages: {en: '<p>%REFERENCE%</p>'}})).toThrow(
      /contact-sent\/hi\.html/,
    )
  })

  it('refuses a language without its English name', () => {
    const {englishName: _, ...withoutName} = HINDI
    expect(() => buildDataAnswer('contact', contactContent({languages: {hi: withoutName as never}}))).toThrow(
      /languages\.hi\.englishName/,
    )
  })
})

function serviceWith(content: ContactContent) {
  const store = memoryStore()
  const service = createContactService({
    store,
    limiter: slidingWindowLimiter(1000, 600),
    content: () => content,
    log: () => {},
  })
  return {store, service}
}

const post = (service: ReturnType<typeof serviceWith>['service'], body: string, contentType: string) =>
  handleContactPost(
    new Request(`${SITE}/api/contact`, {
      method: 'POST',
      headers: {origin: SITE, 'content-type': contentType},
      body,
    }),
    {service, clientAddress: '203.0.113.9', siteUrl: SITE, contactPath: '/contact-us'},
  )

/** A plain form post (no JavaScript) of valid fields, the two boxes ticked, and `extra`. */
const postForm = (service: ReturnType<typeof serviceWith>['service'], extra: Record<string, string>) =>
  post(
    service,
    new URLSearchParams({...validFields(), consent: 'yes', ageConfirmation: 'yes', ...extra}).toString(),
    'application/x-www-form-urlencoded',
  )

describe('a message sent from the Hindi form', () => {
  it('is stored with the Hindi wording of each box and the language, and lands on the sent page in Hindi', async () => {
    const {store, service} = serviceWith(withHindi())
    const everyBox = Object.fromEntries(HINDI_PAGE.boxes.map(({box}) => [box, 'yes']))
    const response = await postForm(service, {...formFieldsFrom(HINDI_PAGE), ...everyBox})
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toMatch(
      /^\/api\/contact\/sent\?reference=[0-9A-F]{8}&language=hi$/,
    )
    const [stored] = [...store.messages.values()]
    expect(stored?.consent).toMatchObject({
      language: 'hi',
      boxes: HINDI_PAGE.boxes.map((box) => ({...box, ticked: true})),
    })
  })

  it('from the island is stored the same way', async () => {
    const {store, service} = serviceWith(withHindi())
    const response = await post(service, islandBody(validFields(), sentFrom(HINDI_PAGE)), 'application/json')
    expect(response.status).toBe(201)
    expect([...store.messages.values()][0]?.consent).toMatchObject({
      language: 'hi',
      boxes: HINDI_PAGE.boxes.map((box) => ({...box, ticked: isRequiredBox(box.box as ConsentBox)})),
    })
  })

  it('goes back to the Hindi contact page when it needs attention', async () => {
    const {store, service} = serviceWith(withHindi())
    const response = await postForm(service, {...formFieldsFrom(HINDI_PAGE), consent: ''})
    expect(response.headers.get('location')).toBe('/hi/contact-us#message-invalid')
    expect(store.messages.size).toBe(0)
  })

  it('claiming a language whose page showed other words is refused (409), never recorded in words no page showed', async () => {
    const {store, service} = serviceWith(withHindi())
    for (const language of ['xx', 'hi']) {
      const response = await postForm(service, {...formFieldsFrom(ENGLISH_PAGE), language})
      expect(response.status, language).toBe(409)
    }
    expect(store.messages.size).toBe(0)
  })
})

describe('the sent page', () => {
  const page = (query: string) =>
    sentPage(new URL(`${SITE}/api/contact/sent?${query}`), withHindi(), {contactPath: '/contact-us'})

  it("is in the language of the form's page, with the way back to that page, also on a host that runs the route as a function (no built pages)", async () => {
    const html = await page('reference=ABCD1234&language=hi').text()
    expect(html).toContain('<html lang="hi">')
    expect(html).toContain(`<h1>${HINDI.sentPage.title}</h1>`)
    expect(html).toContain(`${HINDI.sentPage.referenceLabel} <strong>ABCD1234</strong>`)
    expect(html).toContain(`<a href="/hi/contact-us">${HINDI.sentPage.backLabel}</a>`)
  })

  it("is the build's page for that language, when the build made one, with the reference in its slot", async () => {
    const pages = {en: '<p>English %REFERENCE%</p>', hi: '<p lang="hi">हिन्दी %REFERENCE%</p>'}
    const built = (query: string) =>
      sentPage(
        new URL(`${SITE}/api/contact/sent?${query}`),
        {...withHindi(), sentPages: pages},
        {contactPath: '/contact-us'},
      )
    await expect(built('reference=ABCD1234&language=hi').text()).resolves.toBe(
      '<p lang="hi">हिन्दी ABCD1234</p>',
    )
    await expect(built('reference=ABCD1234&language=te').text()).resolves.toBe('<p>English ABCD1234</p>')
    // A reference of another shape is never put in the page.
    expect(built('reference=%3Cb%3E12345').status).toBe(303)
  })

  it('is in English for a language the build does not offer', async () => {
    const html = await page('reference=ABCD1234&language=%22%3E%3Cscript%3E').text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain(`<h1>${contactContent().sentPage.title}</h1>`)
    expect(html).not.toContain('<script')
  })
})

describe('the e-mails about a message from the Hindi page', () => {
  const opened: {notifier?: Notifier; mail?: MailServer} = {}
  afterEach(async () => {
    await opened.notifier?.close()
    await opened.mail?.close()
  })

  function notifierFor(store: MemoryStore, port: number, content: ContactContent) {
    return (opened.notifier = smtpNotifier({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      to: () => 'care@medistay.example',
      from: 'Website contact form <no-reply@localhost>',
      store,
      acknowledgement: (language) => contactLanguage(content, language).words.acknowledgement,
      languageName: (language) => englishNameOf(content, language),
      log: () => {},
    }))
  }

  const message = (language: string): StoredMessage => ({
    id: crypto.randomUUID(),
    receivedAt: '2026-12-01T10:00:00.000Z',
    ...validFields(),
    consent: {
      language,
      givenAt: '2026-12-01T10:00:00.000Z',
      privacyPolicyUpdated: '2026-11-23',
      boxes: HINDI_PAGE.boxes.map((box) => ({...box, ticked: true})),
      notice: HINDI_PAGE.notice,
    },
  })

  it('tell customer care, in English, which language the visitor wrote from, and acknowledge in Hindi', async () => {
    const mail = (opened.mail = await startMailServer())
    const store = memoryStore()
    const hindi = message('hi')
    await store.save(hindi, {acknowledge: true})
    await expect(notifierFor(store, mail.port, withHindi()).flush()).resolves.toEqual({sent: 2, failed: 0})
    const [care] = mail.accepted.filter((received) => received.text.includes('Message id:'))
    expect(care?.text).toContain('Written from the Hindi page (hi).')
    const [acknowledgement] = mail.accepted.filter((received) => !received.text.includes('Message id:'))
    expect(acknowledgement?.headers.subject).toBe(HINDI.acknowledgement.subject)
    expect(acknowledgement?.text.trimEnd()).toBe(
      `${HINDI.acknowledgement.body}\n\n${HINDI.acknowledgement.referenceLabel} ${hindi.id.slice(0, 8).toUpperCase()}`,
    )
  })

  it('name the English page, and the code of a language no longer offered', async () => {
    const mail = (opened.mail = await startMailServer())
    const store = memoryStore()
    await store.save(message('en'))
    await store.save(message('te'))
    await notifierFor(store, mail.port, withHindi()).flush()
    const texts = mail.accepted.map((received) => received.text)
    expect(texts.filter((text) => text.includes('Written from the English page (en).'))).toHaveLength(1)
    expect(texts.filter((text) => text.includes('Written from the page in the language "te".'))).toHaveLength(
      1,
    )
  })
})
