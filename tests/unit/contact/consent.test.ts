import {describe, expect, it} from 'vitest'
import type {ConsentBox} from '../../../model/contactForm'
import {handleContactPost} from '../../../src/contact/http'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {DEFAULT_ERROR_TEXT} from '../../../src/contact/schema'
import {createContactService, type ContactContent} from '../../../src/contact/service'
import {
  BUILDS_REMEMBERED,
  shownConsent,
  wordingsDigest,
  type ShownConsent,
} from '../../../src/contact/consent'
import {
  contactContent,
  ENGLISH_LABELS,
  ENGLISH_NOTICE,
  ENGLISH_PAGE,
  boxLabels,
  isRequiredBox,
  memoryStore,
  sentFrom,
} from '../../support/memoryStore'
import {islandBody, validFields} from '../../support/contact'

// The boxes beside the form: consent to the notice (DPDP Act s.6) and the age box (s.9) must be
// ticked, or no message is kept; the health box is optional. Each message kept records what the
// visitor agreed to, in the words their page showed, and only those: the page sends the digest of
// its words, and a pairing of words, notice and language no recent build served is refused (409).
// What each box accepts is in schema.test.ts.

const RECEIVED_AT = new Date('2026-12-01T10:00:00.000Z')
const VISITOR = '203.0.113.7'
const SITE = 'http://127.0.0.1:4321'

/** The service with an in-memory store and a fixed clock, taking its content from `content`. */
function serviceWith(content: () => ContactContent = () => contactContent()) {
  const store = memoryStore()
  const service = createContactService({
    store,
    limiter: slidingWindowLimiter(1000, 600),
    content,
    now: () => RECEIVED_AT,
    log: () => {},
  })
  return {store, service}
}

/** POST /api/contact to the service, from the site's own origin. */
function post(service: ReturnType<typeof serviceWith>['service'], body: string, contentType: string) {
  const request = new Request(`${SITE}/api/contact`, {
    method: 'POST',
    headers: {origin: SITE, 'content-type': contentType},
    body,
  })
  return handleContactPost(request, {
    service,
    clientAddress: VISITOR,
    siteUrl: SITE,
    contactPath: '/contact-us',
  })
}

/** What the island on `page` sends: the fields, the two required boxes ticked, and the page's own values. */
const island = (extra: Record<string, unknown> = {}, page: ShownConsent = ENGLISH_PAGE) =>
  islandBody(validFields(), {...sentFrom(page), ...extra})

/** What a form post without JavaScript on `page` sends, with `fields` over the defaults. */
const formBody = (fields: Record<string, string> = {}, page: ShownConsent = ENGLISH_PAGE) =>
  new URLSearchParams({
    ...validFields(),
    consent: 'yes',
    ageConfirmation: 'yes',
    website: '',
    ...Object.fromEntries(Object.entries(sentFrom(page)).map(([name, value]) => [name, String(value)])),
    ...fields,
  }).toString()

const FORM = 'application/x-www-form-urlencoded'
const JSON_TYPE = 'application/json'

/** The English page after staff changed its words and a new Privacy Policy version went live. */
const REVISED_PAGE = shownConsent({
  language: 'en',
  privacyVersion: 5,
  privacyPolicyUpdated: '2027-02-01',
  notice: 'What happens to your message\n\nThe revised notice.',
  labels: {...ENGLISH_LABELS, consentLabel: 'I agree to the revised notice.'},
})

describe('the consent the visitor gives', () => {
  it('is recorded with each message: when, the notice and language of the page, and each box its page showed, ticked or not', async () => {
    const {store, service} = serviceWith()
    const response = await post(service, island(), JSON_TYPE)
    expect(response.status).toBe(201)
    expect([...store.messages.values()][0]?.consent).toEqual({
      language: 'en',
      givenAt: RECEIVED_AT.toISOString(),
      privacyPolicyUpdated: '2026-11-23',
      // Every box the page showed, in page order; the island ticks the required ones only.
      boxes: ENGLISH_PAGE.boxes.map(({box, wording}) => ({
        box,
        wording,
        ticked: isRequiredBox(box as ConsentBox),
      })),
      notice: ENGLISH_NOTICE,
    })
  })

  // Third review of round three, finding 8: "I agree to the notice above" must show which notice.
  it('records the notice above the boxes as that page printed it, and a page with another notice is another page', async () => {
    const changed = shownConsent({
      ...ENGLISH_PAGE,
      notice: `${ENGLISH_NOTICE}\n\nA new paragraph.`,
      labels: ENGLISH_LABELS,
    })
    // Same boxes, same words, another notice: the page sends another digest.
    expect(changed.digest).not.toBe(ENGLISH_PAGE.digest)
    const {store, service} = serviceWith(() => contactContent({shown: [changed]}))
    expect((await post(service, island({}, ENGLISH_PAGE), JSON_TYPE)).status).toBe(409)
    expect((await post(service, island({}, changed), JSON_TYPE)).status).toBe(201)
    expect([...store.messages.values()].map((message) => message.consent.notice)).toEqual([changed.notice])
  })

  // Issue 25 (a): after a rebuild with new words, the old page's form was recorded with the new words.
  it('from a page opened before a rebuild that changed the words, records the words that page showed', async () => {
    let content = contactContent()
    const {store, service} = serviceWith(() => content)
    await post(service, island(), JSON_TYPE)
    content = contactContent({shown: [REVISED_PAGE]})
    const old = await post(service, island(), JSON_TYPE)
    const fresh = await post(service, island({}, REVISED_PAGE), JSON_TYPE)
    expect([old.status, fresh.status]).toEqual([201, 201])
    const [, fromOld, fromFresh] = [...store.messages.values()].map((message) => message.consent)
    expect(fromOld).toMatchObject({privacyPolicyUpdated: '2026-11-23'})
    expect(fromOld?.boxes[0]).toEqual({box: 'consent', wording: ENGLISH_LABELS.consentLabel, ticked: true})
    expect([fromOld?.notice, fromFresh?.notice]).toEqual([ENGLISH_NOTICE, REVISED_PAGE.notice])
    expect(fromFresh).toMatchObject({privacyPolicyUpdated: '2027-02-01'})
    expect(fromFresh?.boxes[0]).toEqual({
      box: 'consent',
      wording: 'I agree to the revised notice.',
      ticked: true,
    })
  })

  it(`remembers the pages of the last ${BUILDS_REMEMBERED} builds, and refuses an older page's form (409)`, async () => {
    let content = contactContent()
    const {store, service} = serviceWith(() => content)
    await post(service, island(), JSON_TYPE)
    for (let build = 1; build < BUILDS_REMEMBERED; build++) {
      const page = shownConsent({
        ...REVISED_PAGE,
        labels: {...ENGLISH_LABELS, consentLabel: `Wording ${build}`},
      })
      content = contactContent({shown: [page]})
      await post(service, island({}, page), JSON_TYPE)
    }
    expect((await post(service, island(), JSON_TYPE)).status).toBe(201)
    content = contactContent({shown: [REVISED_PAGE]})
    await post(service, island({}, REVISED_PAGE), JSON_TYPE)
    expect((await post(service, island(), JSON_TYPE)).status).toBe(409)
    expect(store.messages.size).toBe(BUILDS_REMEMBERED + 2)
  })

  it('remembers a build that went live with no message under it, as the server tells it when one goes live', async () => {
    let content = contactContent()
    const {service} = serviceWith(() => content)
    content = contactContent({shown: [REVISED_PAGE]})
    service.buildWentLive()
    content = contactContent({shown: []})
    expect((await post(service, island(), JSON_TYPE)).status).toBe(201)
    expect((await post(service, island({}, REVISED_PAGE), JSON_TYPE)).status).toBe(201)
  })

  // Issue 25 (b): privacyVersion 1 with language "te" was recorded with version 4's Telugu words.
  describe('claiming a pairing no page showed, refuses the message (409) and stores nothing', () => {
    const TELUGU_PAGE = shownConsent({
      language: 'te',
      privacyVersion: 4,
      privacyPolicyUpdated: '2026-11-23',
      notice: 'మీ సందేశానికి ఏమి జరుగుతుంది',
      labels: boxLabels((box) => `${box}: తెలుగు పదాలు.`),
    })
    const content = () => contactContent({shown: [ENGLISH_PAGE, TELUGU_PAGE]})

    it.each([
      ['an older Privacy Policy version with the Telugu words', {privacyVersion: 1}, TELUGU_PAGE],
      ['the English words as Telugu', {language: 'te'}, ENGLISH_PAGE],
      ['words no page showed', {wordings: 'f'.repeat(64)}, ENGLISH_PAGE],
      ['no digest, as a page built before digests sends', {wordings: undefined}, ENGLISH_PAGE],
      ['no version', {privacyVersion: undefined}, ENGLISH_PAGE],
    ] as const)('%s', async (_, claim, page) => {
      const {store, service} = serviceWith(content)
      const response = await post(service, island({...claim, healthDetails: true}, page), JSON_TYPE)
      expect(response.status).toBe(409)
      expect(await response.json()).toEqual({
        ok: false,
        error: 'outdated',
        message: expect.stringMatching(/changed since the page was opened.*reload the page/),
      })
      const form = await post(
        service,
        formBody(Object.fromEntries(Object.entries(claim).map(([k, v]) => [k, String(v ?? '')])), page),
        FORM,
      )
      expect(form.status).toBe(409)
      expect(await form.text()).toContain('reload the page')
      expect(store.messages.size).toBe(0)
    })
  })

  describe('missing, refuses the message and stores nothing', () => {
    it('from the island: 422, with the box named and the words to show beside it', async () => {
      const {store, service} = serviceWith()
      for (const consent of [undefined, false, 'no', '']) {
        const response = await post(service, island({consent}), JSON_TYPE)
        expect(response.status).toBe(422)
        expect(await response.json()).toMatchObject({
          ok: false,
          error: 'invalid',
          fieldErrors: {consent: 'consentRequired'},
          fieldMessages: {consent: DEFAULT_ERROR_TEXT.consentRequired},
        })
      }
      expect(store.messages.size).toBe(0)
    })

    it('from a form post without JavaScript, where an unticked box sends nothing: back to /contact-us#message-invalid (303)', async () => {
      const {store, service} = serviceWith()
      const body = new URLSearchParams(formBody())
      body.delete('consent')
      const response = await post(service, body.toString(), FORM)
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/contact-us#message-invalid')
      expect(store.messages.size).toBe(0)
    })
  })
})

describe('the age box (18 or over, or the parent or lawful guardian of the person the message is about)', () => {
  it('unticked, refuses the message from the island (422) and from a form post, and stores nothing', async () => {
    const {store, service} = serviceWith()
    const response = await post(service, island({ageConfirmation: false}), JSON_TYPE)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({
      fieldErrors: {ageConfirmation: 'ageConfirmationRequired'},
      fieldMessages: {ageConfirmation: DEFAULT_ERROR_TEXT.ageConfirmationRequired},
    })
    const body = new URLSearchParams(formBody())
    body.delete('ageConfirmation')
    expect((await post(service, body.toString(), FORM)).headers.get('location')).toBe(
      '/contact-us#message-invalid',
    )
    expect(store.messages.size).toBe(0)
  })

  it('is not asked for from a page that did not show it, and no row is recorded for it', async () => {
    // A page of a build made before the age box: the consent box alone.
    const boxes = ENGLISH_PAGE.boxes.slice(0, 1)
    const shown = {...ENGLISH_PAGE, boxes, digest: wordingsDigest(boxes, ENGLISH_PAGE.notice)}
    const {store, service} = serviceWith(() => contactContent({shown: [shown]}))
    const response = await post(
      service,
      island({ageConfirmation: false, healthDetails: true}, shown),
      JSON_TYPE,
    )
    expect(response.status).toBe(201)
    expect([...store.messages.values()][0]?.consent.boxes).toEqual([
      {box: 'consent', wording: ENGLISH_LABELS.consentLabel, ticked: true},
    ])
  })
})

describe('the health box', () => {
  it('unticked, never stops a message; ticked, is recorded as ticked; from the island and from a form post', async () => {
    const {store, service} = serviceWith()
    await post(service, island(), JSON_TYPE)
    await post(service, formBody(), FORM)
    await post(service, island({healthDetails: true}), JSON_TYPE)
    await post(service, formBody({healthDetails: 'yes'}), FORM)
    expect(
      [...store.messages.values()].map((message) =>
        message.consent.boxes.find((box) => box.box === 'healthDetails'),
      ),
    ).toEqual(
      [false, false, true, true].map((ticked) => ({
        box: 'healthDetails',
        wording: ENGLISH_LABELS.healthDetailsLabel,
        ticked,
      })),
    )
  })
})

describe('the words recorded', () => {
  it("are the page's as the build wrote them, never words the request sends", async () => {
    const {store, service} = serviceWith()
    const response = await post(
      service,
      island({consent: {wording: 'Forged.'}, boxes: [{box: 'consent', wording: 'Forged.', ticked: true}]}),
      JSON_TYPE,
    )
    // A consent that is not a tick is no consent: nothing is stored.
    expect(response.status).toBe(422)
    await post(service, island({consentWording: 'Forged.', boxes: 'Forged.'}), JSON_TYPE)
    expect(JSON.stringify([...store.messages.values()])).not.toContain('Forged')
    expect(store.messages.size).toBe(1)
  })
})
