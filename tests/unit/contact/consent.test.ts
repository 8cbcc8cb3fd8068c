import {describe, expect, it} from 'vitest'
import {handleContactPost} from '../../../src/contact/http'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {DEFAULT_ERROR_TEXT} from '../../../src/contact/schema'
import {createContactService, type ContactContent} from '../../../src/contact/service'
import {contactContent, memoryStore} from '../../support/memoryStore'
import {islandBody, validFields} from '../../support/contact'

// The boxes beside the form: consent to the notice (DPDP Act s.6) and the age box (s.9) must be
// ticked, or no message is kept; the health box is optional. Each message kept records what the
// visitor agreed to, in the words their page showed. What each box accepts is in schema.test.ts.

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

describe('the consent the visitor gives', () => {
  it('is recorded with each message: given when it arrived, to the privacy notice of that date, in the words beside the box', async () => {
    let content = contactContent({
      privacyPolicyUpdated: '2026-11-23',
      consentWording: 'I agree, as described above.',
      ageConfirmationWording: 'I am 18 or over.',
      healthDetailsWording: 'You may use my health details.',
    })
    const {store, service} = serviceWith(() => content)
    const first = await service.submit(
      {fields: {...validFields(), consent: true, ageConfirmation: true}},
      VISITOR,
    )
    // A rebuild puts a revised notice and new words live; the next message records those.
    content = contactContent({
      privacyPolicyUpdated: '2027-02-01',
      consentWording: 'I agree to the revised notice.',
      ageConfirmationWording: 'I am 18 or over, or a parent or guardian.',
      healthDetailsWording: 'Optional: you may use the health details in my message.',
    })
    const second = await service.submit(
      {fields: {...validFields(), consent: 'yes', ageConfirmation: 'yes', healthDetails: 'yes'}},
      VISITOR,
    )

    const consentOf = (outcome: typeof first) =>
      outcome.kind === 'stored' ? store.messages.get(outcome.id)?.consent : outcome
    expect(consentOf(first)).toEqual({
      language: 'en',
      givenAt: RECEIVED_AT.toISOString(),
      privacyPolicyUpdated: '2026-11-23',
      wording: 'I agree, as described above.',
      ageConfirmationWording: 'I am 18 or over.',
      healthDetailsAllowed: false,
      healthDetailsWording: 'You may use my health details.',
    })
    expect(consentOf(second)).toEqual({
      language: 'en',
      givenAt: RECEIVED_AT.toISOString(),
      privacyPolicyUpdated: '2027-02-01',
      wording: 'I agree to the revised notice.',
      ageConfirmationWording: 'I am 18 or over, or a parent or guardian.',
      healthDetailsAllowed: true,
      healthDetailsWording: 'Optional: you may use the health details in my message.',
    })
    expect([...store.messages.values()].map((message) => message.receivedAt)).toEqual([
      RECEIVED_AT.toISOString(),
      RECEIVED_AT.toISOString(),
    ])
  })

  it("names the Privacy Policy version the form's page showed, when a newer one went live before Send", async () => {
    const content = contactContent({
      privacyPolicyUpdated: '2027-02-01',
      privacyPolicyVersions: {'2': '2026-08-17', '3': '2026-11-23', '4': '2027-02-01'},
    })
    const {store, service} = serviceWith(() => content)
    const agreedTo = async (privacyVersion: unknown) => {
      const outcome = await service.submit(
        {fields: {...validFields(), consent: true, ageConfirmation: true}, privacyVersion},
        VISITOR,
      )
      return outcome.kind === 'stored'
        ? store.messages.get(outcome.id)?.consent.privacyPolicyUpdated
        : outcome
    }
    // The island sends the number; a plain form post sends it as text.
    expect(await agreedTo(3)).toBe('2026-11-23')
    expect(await agreedTo('2')).toBe('2026-08-17')
    expect(await agreedTo(4)).toBe('2027-02-01')
    // A version that was never in force, or anything else, is the notice in force now.
    for (const other of [undefined, 5, '9', '0', '02', '3.0', '__proto__', 'constructor', ['3'], {}])
      expect(await agreedTo(other), JSON.stringify(other)).toBe('2027-02-01')
  })

  it('reads the version from the island and from a form post without JavaScript', async () => {
    const content = contactContent({
      privacyPolicyUpdated: '2027-02-01',
      privacyPolicyVersions: {'3': '2026-11-23', '4': '2027-02-01'},
    })
    const {store, service} = serviceWith(() => content)
    const island = await post(service, islandBody(validFields(), {privacyVersion: 3}), 'application/json')
    expect(island.status).toBe(201)
    const form = await post(
      service,
      new URLSearchParams({
        ...validFields(),
        consent: 'yes',
        ageConfirmation: 'yes',
        website: '',
        privacyVersion: '3',
      }).toString(),
      'application/x-www-form-urlencoded',
    )
    expect(form.status).toBe(303)
    expect([...store.messages.values()].map((message) => message.consent.privacyPolicyUpdated)).toEqual([
      '2026-11-23',
      '2026-11-23',
    ])
  })

  describe('missing, refuses the message and stores nothing', () => {
    it('in the service, naming the consent box', async () => {
      const {store, service} = serviceWith()
      for (const consent of [undefined, false, 'no', ''])
        expect(
          await service.submit({fields: {...validFields(), consent, ageConfirmation: true}}, VISITOR),
          String(consent),
        ).toEqual({
          kind: 'invalid',
          fieldErrors: {consent: 'consentRequired'},
        })
      expect(store.messages.size).toBe(0)
    })

    it('from the island: 422, with the box named and the words to show beside it', async () => {
      const {store, service} = serviceWith()
      for (const consent of [undefined, false]) {
        const response = await post(service, islandBody({...validFields(), consent}), 'application/json')
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
      const response = await post(
        service,
        new URLSearchParams({...validFields(), ageConfirmation: 'yes', website: ''}).toString(),
        'application/x-www-form-urlencoded',
      )
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/contact-us#message-invalid')
      expect(store.messages.size).toBe(0)
    })
  })
})

describe('the age box (18 or over, or the parent or lawful guardian of the person the message is about)', () => {
  describe('unticked, refuses the message and stores nothing', () => {
    it('in the service, naming the age box', async () => {
      const {store, service} = serviceWith()
      for (const ageConfirmation of [undefined, false, 'no', ''])
        expect(
          await service.submit({fields: {...validFields(), consent: true, ageConfirmation}}, VISITOR),
          String(ageConfirmation),
        ).toEqual({kind: 'invalid', fieldErrors: {ageConfirmation: 'ageConfirmationRequired'}})
      expect(store.messages.size).toBe(0)
    })

    it('from the island: 422, with the box named and the words to show beside it', async () => {
      const {store, service} = serviceWith()
      const response = await post(
        service,
        islandBody({...validFields(), ageConfirmation: false}),
        'application/json',
      )
      expect(response.status).toBe(422)
      expect(await response.json()).toMatchObject({
        fieldErrors: {ageConfirmation: 'ageConfirmationRequired'},
        fieldMessages: {ageConfirmation: DEFAULT_ERROR_TEXT.ageConfirmationRequired},
      })
      expect(store.messages.size).toBe(0)
    })

    it('from a form post without JavaScript, where an unticked box sends nothing: back to /contact-us#message-invalid (303)', async () => {
      const {store, service} = serviceWith()
      const response = await post(
        service,
        new URLSearchParams({...validFields(), consent: 'yes', website: ''}).toString(),
        'application/x-www-form-urlencoded',
      )
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/contact-us#message-invalid')
      expect(store.messages.size).toBe(0)
    })
  })

  it('is not asked for by a build whose form did not show it (made before the box), which records no words for it', async () => {
    const {ageConfirmationWording: _, healthDetailsWording: __, ...before} = contactContent()
    const {store, service} = serviceWith(() => before)
    const outcome = await service.submit({fields: {...validFields(), consent: true}}, VISITOR)
    expect(outcome).toMatchObject({kind: 'stored'})
    expect([...store.messages.values()][0]?.consent).toMatchObject({
      ageConfirmationWording: '',
      healthDetailsAllowed: false,
      healthDetailsWording: '',
    })
  })
})

describe('the health box', () => {
  it('unticked, never stops a message: it is stored, recorded as not allowing the health details, with the words shown', async () => {
    const {store, service} = serviceWith()
    const island = await post(service, islandBody(validFields()), 'application/json')
    expect(island.status).toBe(201)
    const form = await post(
      service,
      new URLSearchParams({...validFields(), consent: 'yes', ageConfirmation: 'yes', website: ''}).toString(),
      'application/x-www-form-urlencoded',
    )
    expect(form.status).toBe(303)
    expect([...store.messages.values()].map((message) => message.consent)).toEqual([
      expect.objectContaining({
        healthDetailsAllowed: false,
        healthDetailsWording: contactContent().healthDetailsWording,
      }),
      expect.objectContaining({
        healthDetailsAllowed: false,
        healthDetailsWording: contactContent().healthDetailsWording,
      }),
    ])
  })

  it('ticked, is recorded as allowing them, from the island and from a form post', async () => {
    const {store, service} = serviceWith()
    await post(service, islandBody(validFields(), {healthDetails: true}), 'application/json')
    await post(
      service,
      new URLSearchParams({
        ...validFields(),
        consent: 'yes',
        ageConfirmation: 'yes',
        healthDetails: 'yes',
        website: '',
      }).toString(),
      'application/x-www-form-urlencoded',
    )
    expect([...store.messages.values()].map((message) => message.consent.healthDetailsAllowed)).toEqual([
      true,
      true,
    ])
  })
})

describe('the words recorded', () => {
  it("are the build's, never words the request sends", async () => {
    const {store, service} = serviceWith()
    const response = await post(
      service,
      islandBody(validFields(), {
        consentWording: 'I agree to anything.',
        ageConfirmationWording: 'Forged.',
        healthDetailsWording: 'Forged.',
        consent: {wording: 'Forged.'},
      }),
      'application/json',
    )
    // A consent that is not a tick is no consent: nothing is stored.
    expect(response.status).toBe(422)
    await post(
      service,
      islandBody(validFields(), {ageConfirmationWording: 'Forged.', healthDetailsWording: 'Forged.'}),
      'application/json',
    )
    const {consentWording, ageConfirmationWording, healthDetailsWording} = contactContent()
    expect([...store.messages.values()].map((message) => message.consent)).toEqual([
      expect.objectContaining({
        wording: consentWording,
        ageConfirmationWording,
        healthDetailsWording,
      }),
    ])
  })
})
