// Studio in Chromium, clicked through as staff would: the Studio built for the local Content
// Lake (tests/support/contentLake), seeded with the bundled dataset, beside the production server
// reading that Content Lake. One Studio build, one page, and one rebuild of the site for every
// check of the live pages. Each test also writes the screenshots of docs/staff.md
// (tests/support/staffScreenshots.ts).
import {randomBytes} from 'node:crypto'
import type {BrowserContext, Page} from 'playwright-core'
import {describe, expect, inject} from 'vitest'
import {LOCAL_TRIAL_NOTICE, LOCAL_TRIAL_PROJECT} from '../../../model/localTrial'
import {policyHistoryPath} from '../../../model/routes'
import {POLICIES} from '../../../model/siteDocuments'
import {DEFAULT_BUNDLED_DATASET} from '../../../src/config'
import {test} from '../../support/browserTest'
import {islandBody, marker, postJson, validFields} from '../../support/contact'
import {startContentLake, type ContentLake} from '../../support/contentLake'
import {
  cachedLocalStudio,
  LOCAL_READ_TOKEN,
  sendPublishWebhook,
  siteEnvForLake,
} from '../../support/contentLake/localTrial'
import {siteServers, type SiteServer} from '../../support/processes'
import {readNdjson} from '../../support/queryApiStandIn'
import {staffScreenshot, UPDATING_STAFF_SCREENSHOTS} from '../../support/staffScreenshots'

const SECRET = randomBytes(16).toString('hex')
const REFUND_SENTENCE = 'Fees paid by bank transfer are refunded by bank transfer.'
const REFUND_SUMMARY = 'Refunds of bank transfers now go back by bank transfer.'
const PRIVACY_SENTENCE = 'You may ask us at any time which of your data we hold.'
const PRIVACY_SUMMARY = 'Says plainly that you may ask which of your data we hold.'
const REASON = 'It takes away no right and adds no purpose'
/** How the policy page words that reason. */
const REASON_ON_PAGE = 'It applies without the usual notice because it takes none of your rights away'
const DRAFT_SENTENCE = 'This sentence is a draft nobody has published.'
const REFUND_PAGE = POLICIES.refund.path
const PRIVACY_PAGE = POLICIES.privacy.path

/** Today in India, as the Studio's date fields take it (YYYY-MM-DD). */
const todayInIndia = () => new Date().toLocaleDateString('en-CA', {timeZone: 'Asia/Kolkata'})

let lake: ContentLake
let site: SiteServer
let context: BrowserContext
let page: Page
const servers = siteServers(inject('distDir'))
/** The documents whose publish the Content Lake reported, as it would to a webhook. */
const published: string[] = []

/**
 * Opens a Studio screen by its address: the first time by loading the Studio, then as a link in
 * it would, without loading the Studio again.
 */
async function studio(path: string) {
  if (!page.url().startsWith(lake.url)) return void (await page.goto(`${lake.url}${path}`))
  await page.evaluate((next) => {
    history.pushState(null, '', next)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

/** Types at the end of a rich text that starts with `start`, and waits until the draft is saved. */
async function appendSentence(start: string, sentence: string) {
  await page.getByText(start).click()
  await page.keyboard.press('Control+End')
  await page.keyboard.insertText(` ${sentence}`)
  await page.getByText(sentence).waitFor()
  await page.getByText('Saved', {exact: true}).waitFor()
}

/** Publishes the open policy through "Record this change", with a summary and maybe a date. */
async function openRecordChange(summary: string) {
  await page.getByRole('button', {name: 'Publish', exact: true}).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('What changed').fill(summary)
  return dialog
}

test.beforeAll(async ({browser}) => {
  lake = await startContentLake({
    documents: readNdjson(DEFAULT_BUNDLED_DATASET),
    projectId: LOCAL_TRIAL_PROJECT,
    // Built once, then again only when the Studio's sources change.
    studioDir: await cachedLocalStudio(),
    onPublished: (documents) => published.push(...documents.map(({_id}) => _id)),
  })
  // The build every test shares is of the bundled dataset, the Content Lake's seed: the same pages.
  site = await servers.start({
    ...siteEnvForLake(lake, SECRET),
    // Contact messages go to the Content Lake, as with Sanity's store.
    SANITY_API_WRITE_TOKEN: LOCAL_READ_TOKEN,
  })
  lake.proxySite(site.url)
  context = await browser.newContext({viewport: {width: 1280, height: 800}, ignoreHTTPSErrors: true})
  page = await context.newPage()
  // Studio is a large application: on a machine busy with the rest of the tests a step can take long.
  page.setDefaultTimeout(30_000)
}, 180_000)

test.afterAll(async () => {
  await context?.close()
  await servers.stopAll()
  await lake?.close()
})

// A Studio that needs an endpoint the stand-in does not answer fails here, naming it.
test.afterEach(() => {
  expect(lake.unanswered).toEqual([])
})

describe('staff in Studio', {timeout: 180_000}, () => {
  test('change a sentence of the Refund policy and publish it, recording the change', async () => {
    await studio('/structure/policies;refundPolicy')
    await page.getByText(LOCAL_TRIAL_NOTICE).waitFor()
    await page.getByText('This policy explains when you can cancel').waitFor()
    await staffScreenshot(page, '01-studio')
    await appendSentence('This policy explains when you can cancel', REFUND_SENTENCE)
    await staffScreenshot(page, '02-edit')
    const dialog = await openRecordChange(REFUND_SUMMARY)
    await staffScreenshot(page, '03-record-this-change')
    await dialog.getByRole('button', {name: 'Publish and record'}).click()
    await dialog.waitFor({state: 'detached'})
    expect(published).toContain('refundPolicy')

    // The new version is in the policy's history, with its summary.
    await studio('/structure/policies;policyVersions;refundPolicyVersions')
    await page.getByText(REFUND_SUMMARY).waitFor()
    await staffScreenshot(page, '04-versions')
  })

  test('mark the Hindi Privacy Policy as reviewed, and see its badge', async () => {
    await studio('/structure/policies;privacyPolicyTranslations;privacyPolicy__i18n_hi')
    // The document's own menu of actions, beside Publish in its footer (the pane's header has one too).
    await page.getByRole('button', {name: 'Publish', exact: true}).waitFor()
    await page.getByTestId('action-menu-button').last().click()
    await page.getByRole('menuitem', {name: /Mark as reviewed/}).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Reviewed by').fill('Priya Sharma (sample reviewer)')
    await dialog.getByLabel('Reviewed on').fill(todayInIndia())
    await staffScreenshot(page, '05-mark-as-reviewed')
    await dialog.getByRole('button', {name: 'Mark as reviewed'}).click()
    await dialog.waitFor({state: 'detached'})
    await page.getByRole('button', {name: 'Publish', exact: true}).click()
    await page.getByText('Reviewed', {exact: true}).first().waitFor()
    await staffScreenshot(page, '06-reviewed')
  })

  test('a change with less notice than the rule asks is refused without a reason, and published with one', async () => {
    await studio('/structure/policies;privacyPolicy')
    await appendSentence('This Privacy Policy explains how MediStay India', PRIVACY_SENTENCE)
    const dialog = await openRecordChange(PRIVACY_SUMMARY)
    await dialog.getByLabel('Applies from').fill(todayInIndia())
    const confirm = dialog.getByRole('button', {name: 'Publish and record'})
    await expect.poll(() => confirm.isDisabled()).toBe(true)
    await staffScreenshot(page, '07-notice-refused')
    await dialog.getByLabel(REASON).check()
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await staffScreenshot(page, '08-notice-reason')
    await confirm.click()
    await dialog.waitFor({state: 'detached'})
    expect(published).toContain('privacyPolicy')
  })

  test('after an English edit the Hindi translation is stale', async () => {
    await studio('/structure/policies;privacyPolicyTranslations;privacyPolicy__i18n_hi')
    await page.getByText('Stale', {exact: true}).first().waitFor()
    await staffScreenshot(page, '09-stale')
  })

  test('the site shows both changes after the rebuild the publish asks for', async () => {
    // One rebuild for every change above: the webhook Sanity sends for the last publish.
    expect(await sendPublishWebhook(site.url, SECRET, {_id: 'privacyPolicy', _type: 'policy'})).toMatchObject(
      {
        status: 202,
      },
    )
    const shows = async (path: string, words: string) =>
      (await (await fetch(new URL(path, site.url))).text()).includes(words)
    await expect
      .poll(() => shows(PRIVACY_PAGE, PRIVACY_SENTENCE), {timeout: 120_000, interval: 1000})
      .toBe(true)
    // The change applies at once, with the summary and the reason it needed no notice.
    expect(await shows(PRIVACY_PAGE, PRIVACY_SUMMARY)).toBe(true)
    expect(await shows(PRIVACY_PAGE, REASON_ON_PAGE)).toBe(true)
    // The refund change was announced with the notice the rule asks: the page says it is coming.
    expect(await shows(REFUND_PAGE, REFUND_SUMMARY)).toBe(true)
    expect(await shows(`/policy-versions${REFUND_PAGE}/5`, REFUND_SENTENCE)).toBe(true)
    expect(await shows(policyHistoryPath('refundPolicy'), REFUND_SUMMARY)).toBe(true)
    await page.goto(new URL(PRIVACY_PAGE, site.url).href)
    await page.getByText(PRIVACY_SENTENCE).scrollIntoViewIfNeeded()
    await staffScreenshot(page, '10-live-page')
  })

  test('a draft opens in Presentation beside its form', async () => {
    await studio('/structure/policies;refundPolicy')
    await appendSentence('This policy explains when you can cancel', DRAFT_SENTENCE)
    await studio(`/presentation/policy/refundPolicy?preview=${encodeURIComponent(REFUND_PAGE)}`)
    const preview = page.frameLocator('iframe')
    await preview.getByText('Preview of unpublished changes').waitFor()
    await preview.getByText(DRAFT_SENTENCE).waitFor()
    await page.getByRole('textbox', {name: 'Title'}).waitFor()
    // Presentation covers the page with "Loading." until it stops waiting for the page's overlays;
    // the guide's picture waits for that.
    if (UPDATING_STAFF_SCREENSHOTS)
      await page.getByText('Loading.', {exact: true}).waitFor({state: 'hidden', timeout: 20_000})
    await staffScreenshot(page, '11-presentation')
  })

  test('a message sent from the site reaches the Inbox, and staff delete it', async () => {
    const ref = marker()
    const response = await postJson(site.url, islandBody(validFields(ref)))
    expect(response.status).toBeLessThan(400)
    await studio('/structure/inbox')
    await page.getByText('Knee surgery in Hyderabad').first().click()
    await expect
      .poll(
        () =>
          page
            .locator('textarea')
            .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value)),
        {timeout: 30_000},
      )
      .toContainEqual(expect.stringContaining(ref))
    await staffScreenshot(page, '12-message')
    await page.getByRole('button', {name: 'Delete', exact: true}).click()
    await page.getByRole('button', {name: 'Delete document'}).click()
    await expect
      .poll(() => lake.store.all().filter((document) => JSON.stringify(document).includes(ref)))
      .toEqual([])
  })
})
