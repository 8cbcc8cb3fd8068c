import {describe, expect, inject, it} from 'vitest'
import {factText} from '../../../model/companyFacts'
import {figureWordsIn} from '../../../model/policyFigures'
import {bundledDocuments, documentById} from '../../support/dataset'
import {NOTICE_TEXTS, SHORT_NOTICE_TEXTS, versionInForce} from '../../support/site'
import {
  consentBoxes,
  islandBody,
  postJson,
  rowById,
  rowsWith,
  sentFromPage,
  validFields,
} from '../../support/contact'

// The consent the production server records with each message; what the service does with each
// box is in tests/unit/contact/consent.test.ts.

describe('the consent on the production server', () => {
  // The server every test of the built site shares: built from the bundled dataset, storing in SQLite.
  const base = inject('siteUrl')
  const dbPath = inject('contactDbPath')
  const documents = bundledDocuments()

  it('is stored with the message: when it was given, the day the Privacy Policy in force took effect, and the words beside each box', async () => {
    const response = await postJson(base, islandBody(validFields()))
    expect(response.status).toBe(201)
    const form = documentById(documents, 'contactPage').form
    const row = rowById(dbPath, (await response.json()).id)!
    expect(row).toMatchObject({
      consent_given_at: row.received_at,
      consent_privacy_policy_updated: versionInForce('privacy').effectiveDate,
      consent_boxes: consentBoxes(form, {healthDetails: false}),
    })
    expect(Date.parse(row.received_at)).not.toBeNaN()
    const ticked = await postJson(base, islandBody(validFields(), {healthDetails: true}))
    expect(rowById(dbPath, (await ticked.json()).id)).toMatchObject({
      consent_boxes: consentBoxes(form, {healthDetails: true}),
    })
  })

  // The first box agrees to "the notice above", so the record keeps both its layers word for word:
  // the short notice beside the boxes, then the full notice one click away.
  it('keeps both layers of the notice, with their figures and facts, as the page showed them', async () => {
    const response = await postJson(base, islandBody(validFields()))
    expect(response.status).toBe(201)
    const row = rowById(dbPath, (await response.json()).id)!
    expect(row.consent_notice).toBe([...SHORT_NOTICE_TEXTS, ...NOTICE_TEXTS].join('\n\n'))
  })

  // Fifth review, finding 13: the list of data processors the box agrees to reads in the page's language.
  it("keeps a Hindi page's notice as that page printed it, its list of data processors in Hindi", async () => {
    const {privacyVersion, ...sent} = await sentFromPage(base, '/hi/contact-us')
    const body = {...JSON.parse(islandBody(validFields())), ...sent, privacyVersion: Number(privacyVersion)}
    const response = await postJson(base, JSON.stringify(body))
    expect(response.status).toBe(201)
    const row = rowById(dbPath, (await response.json()).id)!
    const {words} = figureWordsIn(documentById(documents, 'siteSettings__i18n_hi').figureWords)
    const list = factText(documentById(documents, 'companyFacts'), 'messageProcessors', {
      ...words,
      language: 'hi',
    })
    expect(list).toContain('भारत में')
    expect(list).toContain('संयुक्त राज्य में, भारत के बाहर')
    expect(row.consent_notice).toContain(list)
    expect(row.consent_notice).not.toMatch(/, which |, outside India|United States/)
  })

  it('the form names the Privacy Policy version in force, which the message records as the notice agreed to', async () => {
    const inForce = versionInForce('privacy')
    const html = await (await fetch(`${base}/contact-us`)).text()
    expect(html).toContain(`<input type="hidden" name="privacyVersion" value="${inForce.number}"/>`)
    const response = await postJson(base, islandBody(validFields(), {privacyVersion: inForce.number}))
    expect(response.status).toBe(201)
    const row = rowById(dbPath, (await response.json()).id)!
    expect(row.consent_privacy_policy_updated).toBe(inForce.effectiveDate)
  })

  it('is missing: the island post (422) and the form post (303) are refused and nothing is stored', async () => {
    const fromIsland = validFields()
    const island = await postJson(
      base,
      islandBody({...fromIsland, consent: undefined, ageConfirmation: undefined}),
    )
    expect(island.status).toBe(422)
    expect((await island.json()).fieldErrors).toEqual({
      consent: 'consentRequired',
      ageConfirmation: 'ageConfirmationRequired',
    })

    const withoutJs = validFields()
    const form = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: {'content-type': 'application/x-www-form-urlencoded', origin: base},
      // The page's hidden fields, and no box ticked.
      body: new URLSearchParams({...withoutJs, website: '', ...(await sentFromPage(base))}).toString(),
      redirect: 'manual',
    })
    expect(form.status).toBe(303)
    expect(new URL(form.headers.get('location')!, base).hash).toBe('#message-invalid')

    expect(rowsWith(dbPath, fromIsland.message)).toEqual([])
    expect(rowsWith(dbPath, withoutJs.message)).toEqual([])
  })
})
