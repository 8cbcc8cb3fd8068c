// Studio in Chromium, clicked through as staff would: the Studio built for the local Content
// Lake (localTrial/), seeded with the bundled dataset, beside the production server
// reading that Content Lake. One Studio build (cached by its sources), one Studio page kept open
// across the stories, and two rebuilds of the site: the one that puts every change live, and one
// the site refuses. Each story stands on its own: a failed one leaves the page reloaded for the
// next, and only the live-site check reads what the stories before it published. Each also writes
// the screenshots of docs/staff.md (tests/support/staffScreenshots.ts).
import {randomBytes} from 'node:crypto'
import type {BrowserContext, ConsoleMessage, Page} from 'playwright-core'
import {describe, expect, inject} from 'vitest'
import {LOCAL_TRIAL_NOTICE, LOCAL_TRIAL_PROJECT} from '../../../model/localTrial'
import {formatDate} from '../../../model/dates'
import {daysAfter} from '../../../model/policyVersions'
import {pagePath, policyHistoryPath, policyVersionPath} from '../../../model/routes'
import {SANITY_API_VERSION} from '../../../model/sanityApi'
import {DOCUMENT_TITLES, POLICIES, POLICY_VERSION_TYPE} from '../../../model/siteDocuments'
import {documentInWords, SITE_STATUS_PATH, type SiteStatus} from '../../../model/siteStatus'
import {test} from '../../support/browserTest'
import {islandBody, marker, postJson, validFields} from '../../support/contact'
import {startContentLake, type ContentLake} from '../../../localTrial/contentLake'
import {cachedLocalStudio, sendPublishWebhook, siteEnvForLake} from '../../../localTrial/trial'
import {withPrivacyChangeAnnounced} from '../../support/dataset'
import {siteServers, type SiteServer} from '../../support/processes'
import type {SanityDocumentLike} from '../../support/queryApiStandIn'
import {STAFF_SCREENSHOTS, staffScreenshot} from '../../support/staffScreenshots'

const SECRET = randomBytes(16).toString('hex')
const REFUND_SENTENCE = 'Fees paid by bank transfer are refunded by bank transfer.'
const REFUND_SUMMARY = 'Refunds of bank transfers now go back by bank transfer.'
const PRIVACY_SENTENCE = 'You may ask us at any time which of your data we hold.'
const PRIVACY_SUMMARY = 'Says plainly that you may ask which of your data we hold.'
const REASON = 'A new right for customers'
/** How the policy's history words that reason. */
const REASON_ON_PAGE = 'It applies at short notice because it adds to your rights.'
const DRAFT_SENTENCE = 'This sentence is a draft nobody has published.'
const ABOUT_SENTENCE = 'This sentence was added in Studio.'
const ABOUT_ID = 'aboutPage'
/** Where a page of the site is, by the route table. */
const ABOUT_PATH = pagePath({page: 'about'})
const {privacy: PRIVACY, refund: REFUND, terms: TERMS} = POLICIES
const HINDI_PRIVACY_ID = `${PRIVACY.id}__i18n_hi`
const HINDI_PRIVACY = `/structure/policies;privacyPolicyTranslations;${HINDI_PRIVACY_ID}`

/** Today in India, as the Studio's date fields take it (YYYY-MM-DD). */
const todayInIndia = () => new Date().toLocaleDateString('en-CA', {timeZone: 'Asia/Kolkata'})

let lake: ContentLake
let site: SiteServer
let context: BrowserContext
/** The Studio, opened once and kept open, as staff keep it. */
let page: Page
/** The live site, in a tab of its own, so looking at it never reloads the Studio. */
let sitePage: Page
const servers = siteServers(inject('distDir'))
/** The documents whose publish the Content Lake reported, as it would to a webhook. */
const published: string[] = []
/** What the stories published, for the live-site check: words each page must show after the rebuild. */
const changesOnSite: {path: string; words: string}[] = []
/** Set once the stories are done, when the servers are stopped on purpose. */
let finished = false
/** Requests the browser sent anywhere but this machine. */
const leftTheMachine: string[] = []

/**
 * Opens a Studio screen by its address: the first time (or after a failed story) by loading the
 * Studio, then as a link in it would, without loading the Studio again.
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

/** The opening words of a policy's first paragraph, as the Content Lake holds it now. */
function openingWords(policyId: string): string {
  const policy = lake.store.get(policyId) as {intro?: {children?: {text?: string}[]}[]} | undefined
  const text = policy?.intro?.[0]?.children?.map((span) => span.text ?? '').join('') ?? ''
  // A few words: enough to find the paragraph, few enough to survive an edit of its wording.
  return text.split(' ').slice(0, 5).join(' ')
}

/** The version a story recorded, found by its summary. */
function recordedVersion(summary: string): {policy: string; number: number; effectiveDate: string} {
  const version = lake.store
    .all()
    .find((document) => document._type === 'policyVersion' && document.summary === summary)
  expect(version, `no version recorded with the summary "${summary}"`).toBeDefined()
  return version as never
}

/** The latest version of a policy announced for a day still to come, in the Content Lake as seeded. */
function announcedVersion(policy: string): {number: number; effectiveDate: string} {
  const today = todayInIndia()
  const announced = lake.store
    .all()
    .filter((document) => document._type === 'policyVersion' && document.policy === policy)
    .filter((version) => String(version.effectiveDate) > today)
    .sort((a, b) => Number(a.number) - Number(b.number))
    .at(-1)
  expect(announced, `the bundled dataset announces no change of ${policy}`).toBeDefined()
  return announced as never
}

/** The first day a change announced today may apply from without a reason, by the figure in force. */
const noticeFrom = () =>
  daysAfter(todayInIndia(), lake.store.get('policyFigures')?.policyChangeNoticeDays as number)

/**
 * After a publish, as staff see it and as the Content Lake holds it: the Content Lake holds the
 * document with its own type and no draft of it; Studio, once it has the same, offers nothing to
 * publish (the footer's Publish is disabled), and shows neither "deleted" nor another type's
 * "Unknown fields".
 */
async function expectPublished(id: string, type: string) {
  await expect.poll(() => lake.store.get(`drafts.${id}`), {timeout: 30_000}).toBeUndefined()
  expect(lake.store.get(id)?._type).toBe(type)
  // Studio labels the button "Published" for a moment after its own publish, "Publish" otherwise.
  const publish = page.locator('[data-testid="action-publish"], [data-testid="action-published"]').first()
  await expect.poll(() => publish.isDisabled(), {timeout: 30_000}).toBe(true)
  for (const words of ['This document has been deleted', 'Unknown field'])
    expect(await page.getByText(words).count(), `Studio shows "${words}"`).toBe(0)
}

/** The site's health check, as a monitor reads it. */
const health = async () => (await fetch(new URL('/api/health', site.url))).status

/** Publishes the open policy through "Record this change", with a summary and maybe a date. */
async function openRecordChange(summary: string) {
  await page.getByRole('button', {name: 'Publish', exact: true}).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('What changed').fill(summary)
  return dialog
}

/** Replaces a published document through the Content Lake's API, as a script or an import does. */
async function publishOutsideStudio(document: object): Promise<number> {
  const response = await fetch(`${lake.apiUrl}/v${SANITY_API_VERSION}/data/mutate/production`, {
    method: 'POST',
    headers: {'content-type': 'application/json', authorization: `Bearer ${lake.token}`},
    body: JSON.stringify({mutations: [{createOrReplace: document}]}),
  })
  return response.status
}

const siteStatus = async (): Promise<SiteStatus> =>
  (await fetch(new URL(SITE_STATUS_PATH, site.url))).json() as Promise<SiteStatus>

/** Asks the site to rebuild, as Sanity's webhook does after a publish, and waits for the outcome. */
async function rebuildSite(document: Pick<SanityDocumentLike, '_id' | '_type'>) {
  const asked = new Date().toISOString()
  expect(await sendPublishWebhook(site.url, SECRET, document)).toMatchObject({status: 202})
  await expect
    .poll(
      async () => {
        const attempt = (await siteStatus()).lastAttempt
        return attempt.state !== 'building' && attempt.at >= asked ? attempt.state : 'waiting'
      },
      {timeout: 120_000, interval: 500},
    )
    .not.toBe('waiting')
  return (await siteStatus()).lastAttempt
}

test.beforeAll(async ({browser}) => {
  lake = await startContentLake({
    // The bundled dataset, with a Privacy change announced today (the bundled one is of the Terms).
    documents: withPrivacyChangeAnnounced(),
    projectId: LOCAL_TRIAL_PROJECT,
    // Built once, then again only when the Studio's sources change.
    studioDir: await cachedLocalStudio(),
    onPublished: (documents) => published.push(...documents.map(({_id}) => _id)),
  })
  // The build every test shares is of the bundled dataset, the Content Lake's seed: the same pages.
  site = await servers.start({
    ...siteEnvForLake(lake, SECRET),
    // Contact messages go to the Content Lake, as with Sanity's store.
    SANITY_API_WRITE_TOKEN: lake.token,
  })
  lake.proxySite(site.url)
  // A site server that stops mid-run fails every story after it: say why, with its last words.
  site.process.once('exit', (code, signal) => {
    if (!finished) console.error(`The site server exited (${code ?? signal}):\n${site.output().slice(-4000)}`)
  })
  context = await browser.newContext({viewport: {width: 1280, height: 800}, ignoreHTTPSErrors: true})
  page = await context.newPage()
  sitePage = await context.newPage()
  // Nothing the trial's Studio or site does may reach the internet: every request the browser
  // would send elsewhere than this machine is recorded here (and goes nowhere). A request the
  // Studio's page policy refuses never gets this far.
  await context.route(
    (url) => /^(https?|wss?):$/.test(url.protocol) && !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => {
      leftTheMachine.push(route.request().url())
      return route.abort()
    },
  )
  // Studio is a large application: on a machine busy with the rest of the tests a step can take long.
  page.setDefaultTimeout(30_000)
  sitePage.setDefaultTimeout(10_000)
}, 300_000)

test.afterAll(async () => {
  finished = true
  await context?.close()
  await servers.stopAll()
  await lake?.close()
})

// A failed story leaves a picture of its screen and the words of any dialog open, then the Studio
// is loaded afresh, so a dialog it left open cannot trip the stories after it.
test.beforeEach(({task, onTestFailed}) => {
  onTestFailed(async () => {
    await page.screenshot({path: `${STAFF_SCREENSHOTS}/failed-${task.name.slice(0, 40)}.png`}).catch(() => {})
    const dialogs = await page.locator('[role=dialog]').allInnerTexts()
    if (dialogs.length > 0) console.log(`Open when "${task.name}" failed:\n${dialogs.join('\n---\n')}`)
    await page.goto('about:blank')
  })
})

// A Studio that needs an endpoint the stand-in does not answer fails here, naming it.
test.afterEach(() => {
  expect(lake.unanswered.splice(0)).toEqual([])
  expect(leftTheMachine.splice(0)).toEqual([])
})

describe('staff in Studio', {timeout: 180_000}, () => {
  test('change the About page and publish it: no question asked, and Studio shows it published, not deleted', async () => {
    await studio(`/structure/${ABOUT_ID}`)
    await page.getByText(LOCAL_TRIAL_NOTICE).waitFor()
    const intro = page.getByRole('textbox', {name: 'Introduction'})
    await intro.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.insertText(` ${ABOUT_SENTENCE}`)
    await page.getByText('Saved', {exact: true}).waitFor()
    await page.getByRole('button', {name: 'Publish', exact: true}).click()
    await expectPublished(ABOUT_ID, 'aboutPage')
    // A page records no policy version: publishing it never opens the dialog.
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(lake.store.get(ABOUT_ID)?.intro).toContain(ABOUT_SENTENCE)
    expect(published).toContain(ABOUT_ID)
    changesOnSite.push({path: ABOUT_PATH, words: ABOUT_SENTENCE})
  })

  test('change a sentence of the Refund policy and publish it with short notice: refused without a reason, accepted with one', async () => {
    await studio(`/structure/policies;${REFUND.id}`)
    await page.getByText(LOCAL_TRIAL_NOTICE).waitFor()
    const opening = openingWords(REFUND.id)
    await page.getByText(opening).waitFor()
    await staffScreenshot(page, '01-studio')
    await appendSentence(opening, REFUND_SENTENCE)
    await staffScreenshot(page, '02-edit')
    const dialog = await openRecordChange(REFUND_SUMMARY)
    await staffScreenshot(page, '03-record-this-change')

    // From today: less notice than the rule asks, so it needs a reason.
    await dialog.getByLabel('Applies from').fill(todayInIndia())
    const confirm = dialog.getByRole('button', {name: 'Publish and record'})
    await dialog.getByText('tick every reason why this one may apply sooner').waitFor()
    expect(await confirm.isDisabled()).toBe(true)
    await staffScreenshot(page, '07-notice-refused')
    // "The law requires it" asks which law; unticked, it asks nothing more.
    const law = dialog.getByLabel('The law requires it from an earlier date')
    await law.click()
    await dialog.getByText('Name the law that requires the change').waitFor()
    await expect.poll(() => confirm.isDisabled()).toBe(true)
    await law.click()
    await dialog.getByText('Name the law that requires the change').waitFor({state: 'detached'})
    const reason = dialog.getByLabel(REASON)
    await reason.click()
    await expect.poll(() => reason.isChecked()).toBe(true)
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await staffScreenshot(page, '08-notice-reason')
    // One press publishes, even while Studio is still saving or checking the last edit.
    await confirm.click()
    await dialog.waitFor({state: 'detached', timeout: 60_000})
    await expectPublished(REFUND.id, 'policy')
    expect(published).toContain(REFUND.id)

    // The new version is in the policy's history, with its summary.
    await studio('/structure/policies;policyVersions;refundPolicyVersions')
    await page.getByText(REFUND_SUMMARY).waitFor()
    await staffScreenshot(page, '04-versions')
    const version = recordedVersion(REFUND_SUMMARY)
    expect(version).toMatchObject({
      _type: POLICY_VERSION_TYPE,
      policy: REFUND.id,
      effectiveDate: todayInIndia(),
      shortNoticeReasons: ['newRight'],
    })
    expect(version).not.toHaveProperty('shortNoticeLaw')
    // In force today: the policy page reads the new sentence; its history says why it came without notice.
    changesOnSite.push(
      {path: REFUND.path, words: REFUND_SENTENCE},
      ...[REFUND_SUMMARY, REASON_ON_PAGE].map((words) => ({path: policyHistoryPath(REFUND.id), words})),
      {path: policyVersionPath(REFUND.id, version.number), words: REFUND_SENTENCE},
    )
  })

  test('press Publish again after "Publish and record": nothing is left to publish, and the policy stays a policy', async () => {
    await studio(`/structure/policies;${REFUND.id}`)
    await expectPublished(REFUND.id, 'policy')
    const before = lake.store.get(REFUND.id)?._rev
    // Pressed as staff would press it again; a disabled button takes no click.
    await page
      .locator('[data-testid="action-publish"], [data-testid="action-published"]')
      .first()
      .click({force: true})
    await expectPublished(REFUND.id, 'policy')
    expect(lake.store.get(REFUND.id)?._rev).toBe(before)
    expect(await health()).toBe(200)
  })

  test('mark the Hindi Privacy Policy as reviewed for the announced version; after an English change for that day it is stale and shows what changed', async () => {
    const announced = announcedVersion(PRIVACY.id)
    await studio(HINDI_PRIVACY)
    // The document's own menu of actions, beside Publish in its footer (the pane's header has one too).
    await page.getByRole('button', {name: 'Publish', exact: true}).waitFor()
    await page.getByTestId('action-menu-button').last().click()
    await page.getByRole('menuitem', {name: /Mark as reviewed/}).click()
    const review = page.getByRole('dialog')
    await review.getByLabel('Reviewed by').fill('Priya Sharma (sample reviewer)')
    await review.getByLabel('Reviewed on').fill(todayInIndia())
    // The translation is brought up to the announced English text, to go live with it on its day.
    const against = review.getByLabel(new RegExp(`^version ${announced.number} of the English`))
    await against.click()
    await expect.poll(() => against.isChecked()).toBe(true)
    await staffScreenshot(page, '05-mark-as-reviewed')
    await review.getByRole('button', {name: 'Mark as reviewed'}).click()
    await review.waitFor({state: 'detached'})
    await page.getByRole('button', {name: 'Publish', exact: true}).click()
    await expectPublished(HINDI_PRIVACY_ID, 'policy')
    await page.getByText(`Reviewed for version ${announced.number}`, {exact: true}).first().waitFor()
    await staffScreenshot(page, '06-reviewed')
    // Published: what the site builds from records the review.
    await expect
      .poll(() => lake.store.get(HINDI_PRIVACY_ID)?.translation, {timeout: 30_000})
      .toMatchObject({review: 'reviewed', translates: String(announced.number)})

    await studio(`/structure/policies;${PRIVACY.id}`)
    await appendSentence(openingWords(PRIVACY.id), PRIVACY_SENTENCE)
    const dialog = await openRecordChange(PRIVACY_SUMMARY)
    // No reason brings a change before the announced one: the dialog says why, and what to do
    // (its line on what the chosen day means says to choose that day too).
    await dialog.getByLabel('Applies from').fill(todayInIndia())
    await dialog
      .getByText(`Choose ${formatDate(announced.effectiveDate)} or later.`, {exact: false})
      .filter({hasText: `already has version ${announced.number}`})
      .waitFor()
    // On the day of the announced version, this change replaces it.
    await dialog.getByLabel('Applies from').fill(announced.effectiveDate)
    if (announced.effectiveDate < noticeFrom()) await dialog.getByLabel(REASON).click()
    await dialog.getByRole('button', {name: 'Publish and record'}).click()
    await dialog.waitFor({state: 'detached', timeout: 60_000})
    await expectPublished(PRIVACY.id, 'policy')
    expect(published).toContain(PRIVACY.id)
    const version = recordedVersion(PRIVACY_SUMMARY)
    changesOnSite.push(
      {path: policyHistoryPath(PRIVACY.id), words: PRIVACY_SUMMARY},
      {path: policyVersionPath(PRIVACY.id, version.number), words: PRIVACY_SENTENCE},
    )

    // The Hindi translation was reviewed against a text that now never applies: stale, with the
    // English words added since.
    await studio(HINDI_PRIVACY)
    await page.getByText('Stale', {exact: true}).first().waitFor()
    const added = page.locator('[data-english-changes] ins')
    await expect
      .poll(() => added.allInnerTexts())
      .toContainEqual(expect.stringContaining('which of your data'))
    await page.locator('[data-english-changes]').scrollIntoViewIfNeeded()
    await staffScreenshot(page, '09-stale')
  })

  test('after the rebuild a publish asks for, the site shows every change and Studio says it is live', async () => {
    expect(await rebuildSite({_id: PRIVACY.id, _type: 'policy'})).toMatchObject({state: 'live'})
    for (const {path, words} of changesOnSite) {
      await sitePage.goto(new URL(path, site.url).href)
      await sitePage.getByText(words).first().waitFor()
    }
    await sitePage.goto(new URL(REFUND.path, site.url).href)
    await sitePage.getByText(REFUND_SENTENCE).first().scrollIntoViewIfNeeded()
    await staffScreenshot(sitePage, '10-live-page')

    await studio(`/structure/policies;${PRIVACY.id}`)
    await page.locator('[data-site-status="live"]').getByText('Live on the site since').waitFor()
    // In India's time, named: staff's computer may keep another clock.
    expect(await page.locator('[data-site-status="live"]').first().innerText()).toMatch(/\d\d:\d\d IST/)
    await staffScreenshot(page, '13-live-on-site')
    // Every document published above is live, and still of its own type; the site is healthy.
    for (const [id, type] of [
      [ABOUT_ID, 'aboutPage'],
      [REFUND.id, 'policy'],
    ] as const) {
      await studio(id === ABOUT_ID ? `/structure/${id}` : `/structure/policies;${id}`)
      await page.locator('[data-site-status="live"]').getByText('Live on the site since').waitFor()
      await expectPublished(id, type)
    }
    expect(await health()).toBe(200)
  })

  test('a publish the site refuses shows its reason in Studio, and the live page stays as it was', async ({
    onTestFinished,
  }) => {
    // Published outside Studio (a script, an import), which Studio's own checks never saw: the
    // fourth section of the Terms and Conditions loses its heading.
    const terms = structuredClone(lake.store.get(TERMS.id)) as SanityDocumentLike & {
      sections: {heading: string}[]
    }
    const heading = terms.sections[3]!.heading
    terms.sections[3]!.heading = ''
    expect(await publishOutsideStudio(terms)).toBe(200)
    // Whatever happens next, the heading is put back, as the script's author would: a published
    // document the site cannot build stops every preview too.
    onTestFinished(async () => {
      terms.sections[3]!.heading = heading
      await publishOutsideStudio(terms)
    })
    expect(await rebuildSite({_id: TERMS.id, _type: 'policy'})).toMatchObject({state: 'refused'})

    const reason = `${documentInWords(TERMS.id)}, section 4: the heading is empty`
    await studio(`/structure/policies;${TERMS.id}`)
    const banner = page.locator('[data-site-status="refused"]')
    await banner.getByText('The site did not take this change').waitFor()
    expect(await banner.innerText()).toContain(reason)
    await staffScreenshot(page, '14-not-on-site')
    await studio('/live-site')
    await page.getByText(reason).waitFor()
    await staffScreenshot(page, '15-live-site-refused')

    await sitePage.goto(new URL(TERMS.path, site.url).href)
    await sitePage.getByRole('heading', {name: heading}).first().waitFor()
  })

  test('a draft opens in Presentation beside its form, on the page of the document being edited', async () => {
    await studio(`/structure/policies;${REFUND.id}`)
    await appendSentence(openingWords(REFUND.id), DRAFT_SENTENCE)
    // The preview page's policy must let the overlays draw: Chromium reports each refusal here.
    const refusals: string[] = []
    // (The Studio's own page refuses, by its policy, what Sanity's code would fetch from the internet.)
    const refused = (message: ConsoleMessage) =>
      message.location().url.startsWith(lake.siteUrl) &&
      /Content Security Policy/.test(message.text()) &&
      refusals.push(message.text())
    page.on('console', refused)
    // Presentation, opened from the navbar, starts on the page of the document being edited.
    await studio('/presentation')
    const preview = page.frameLocator('iframe')
    await preview.getByText('Preview of unpublished changes').waitFor()
    await preview.getByText(DRAFT_SENTENCE).waitFor()
    // Its document is listed beside it; staff open its form from there.
    await page.getByText(DOCUMENT_TITLES[REFUND.id], {exact: true}).first().click()
    await page.getByRole('textbox', {name: 'Title'}).waitFor()
    // The page's click-to-edit overlays connected to Presentation: its "Edit" switch is enabled
    // only then, and Presentation stops covering the page with "Loading.".
    const overlays = page.getByLabel('Edit', {exact: true})
    await expect.poll(() => overlays.isEnabled(), {timeout: 30_000}).toBe(true)
    const loading = page.getByText('Loading.', {exact: true}).filter({visible: true})
    await expect.poll(() => loading.count(), {timeout: 30_000}).toBe(0)
    page.off('console', refused)
    expect(refusals).toEqual([])
    await staffScreenshot(page, '11-presentation')
  })

  test('a message sent from the site reaches the Inbox, and staff delete it', async () => {
    const ref = marker()
    const response = await postJson(site.url, islandBody(validFields(ref)))
    expect(response.status).toBeLessThan(400)
    await studio('/structure/inbox;notHandled')
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
    // "Mark as handled" is the message's first action; Delete is in the menu beside it.
    await page.getByTestId('action-menu-button').last().click()
    await page.getByRole('menuitem', {name: /^Delete/}).click()
    await page.getByRole('button', {name: 'Delete document'}).click()
    await expect
      .poll(() => lake.store.all().filter((document) => JSON.stringify(document).includes(ref)))
      .toEqual([])
  })
})
