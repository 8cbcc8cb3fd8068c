import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {astroBuild, type BuildResult} from '../../support/astroBuild'
import {
  bundledDocuments,
  documentById,
  publishPolicyChange,
  withdrawAnnouncedChange,
} from '../../support/dataset'
import {startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'
import {formatDate} from '../../../model/dates'
import {fillTemplate} from '../../../model/templates'
import {daysAfter, indiaToday} from '../../../model/policyVersions'

let standIn: QueryApiStandIn
const builds: BuildResult[] = []
beforeAll(async () => {
  standIn = await startQueryApiStandIn({documents: bundledDocuments()})
})
afterAll(async () => {
  builds.forEach((build) => build.dispose())
  await standIn?.close()
})

async function build(env: Record<string, string>): Promise<BuildResult> {
  const result = await astroBuild(env)
  builds.push(result)
  return result
}

const fromStandIn = () => ({SANITY_PROJECT_ID: 'test', SANITY_API_HOST: standIn.url})

/**
 * The Content Lake after staff published: a new About intro; a clearer refund heading, which takes
 * nothing away and applies at once; Refund 1 as a version recorded before reasons were listed one
 * by one would be, with its one reason; a new search description of the refund policy; a refund change
 * announced for tomorrow, then withdrawn; and a change to the Privacy Policy that takes effect in
 * 40 days.
 */
function publishedContent() {
  const documents = bundledDocuments()
  const about = documentById(documents, 'aboutPage')
  about.intro = 'Changed in the Content Lake: we now also serve Kolkata.'
  publishPolicyChange(
    documents,
    'refundPolicy',
    (policy) => (policy.sections[2].heading = 'Changing Your Booking (edited)'),
    // A clearer heading takes nothing away: it may apply at once.
    {summary: 'The third section has a clearer heading.', shortNoticeReasons: ['clearerWording']},
  )
  // The search description is not policy text: changing it records no version, yet it shows.
  const description = 'How to cancel a booking and get a refund, and how long the refund takes to arrive.'
  documentById(documents, 'refundPolicy').description = description
  // A Refund change announced for tomorrow, then withdrawn: it never applies.
  const refundText = documentById(documents, 'refundPolicy').sections[0].heading as string
  const dropped = publishPolicyChange(
    documents,
    'refundPolicy',
    (policy) => (policy.sections[0].heading = 'A heading that never applied'),
    {
      summary: 'The first section gets a new heading.',
      effectiveDate: daysAfter(indiaToday(new Date()), 1),
      shortNoticeReasons: ['clearerWording'],
    },
  )
  const reason = 'The new heading was less clear than the one in force.'
  withdrawAnnouncedChange(documents, 'refundPolicy', reason)
  const inForce = documentById(documents, 'privacyPolicy').sections[0].heading as string
  const upcoming = publishPolicyChange(
    documents,
    'privacyPolicy',
    (policy) => (policy.sections[0].heading = 'What Personal Data We Collect'),
    {
      summary: 'The first section says more plainly what it lists.',
      effectiveDate: indiaToday(new Date(Date.now() + 40 * 24 * 3600_000)),
    },
  )
  return {documents, about, description, inForce, upcoming, refundText, dropped, reason}
}
const published = publishedContent()

/** The one build of that content, and the queries it sent, shared by the tests that read it. */
let publishedBuild: Promise<{result: BuildResult; queries: number}> | undefined
const builtFromPublished = () =>
  (publishedBuild ??= (async () => {
    standIn.setDocuments(published.documents)
    standIn.requests.length = 0
    const result = await build(fromStandIn())
    return {result, queries: standIn.requests.length}
  })())

// A build that fails (a document breaking the content model, the Content Lake out of reach) is
// tests/built/server/rebuild.test.ts's, through the production server; a missing singleton is
// tests/unit/content/loader.test.ts's.
describe('building from the Content Lake', () => {
  it('builds pages with the published wording, one query per collection', async () => {
    const {result, queries} = await builtFromPublished()
    const {about, description} = published

    expect(result.code, result.output).toBe(0)
    expect(result.output).toContain(
      `the Sanity Content Lake (project test, dataset "production" at ${standIn.url}`,
    )
    expect(readFileSync(join(result.outDir, 'about-us.html'), 'utf8')).toContain(about.intro)
    const refund = readFileSync(join(result.outDir, 'Refund&Cancellation-Policy.html'), 'utf8')
    expect(refund).toContain('Changing Your Booking (edited)')
    // It applies at once, and its history says why it could: the words staff set for that reason.
    const {policyHistory: words} = documentById(published.documents, 'siteSettings')
    const history = readFileSync(
      join(result.outDir, 'policy-history/Refund&Cancellation-Policy.html'),
      'utf8',
    )
    expect(history).toContain(
      `The third section has a clearer heading. ${fillTemplate(words.shortNoticeBecause, {reasons: words.shortNoticeClearerWording})}`,
    )
    expect(refund).toContain(`<meta name="description" content="${description}">`)
    // Nine collections (the translations one of them) and the launch check, ten queries: never one query per page.
    expect(queries).toBe(10)
  })
})

/** Every page, feed and data file of a build, by path, as bytes to compare. */
function builtFiles(outDir: string): Map<string, string> {
  const files = readdirSync(outDir, {recursive: true, encoding: 'utf8'}).filter((file) =>
    /\.(html|xml|atom|txt)$/.test(file),
  )
  return new Map(files.sort().map((file) => [file, readFileSync(join(outDir, file), 'utf8')]))
}

describe('policy versions from either content backend', () => {
  it('the bundled dataset and the Content Lake give byte-for-byte the same pages, histories, differences and feed', async () => {
    standIn.setDocuments(bundledDocuments())
    // From the file: the run's one build (tests/support/globalSetup.ts), made the same way from
    // the same dataset minutes before.
    const fromFile = join(inject('distDir'), 'client')
    const fromLake = await build(fromStandIn())
    expect(fromLake.code, fromLake.output).toBe(0)

    const [file, lake] = [builtFiles(fromFile), builtFiles(fromLake.outDir)]
    expect([...lake.keys()]).toEqual([...file.keys()])
    expect([...file.keys()]).toEqual(
      expect.arrayContaining([
        'policy-history/privacy-policy.html',
        'policy-versions/Refund&Cancellation-Policy/1.html',
        'policy-changes/terms&conditions/2.html',
        'policy-changes.atom',
      ]),
    )
    for (const [path, html] of file) expect(lake.get(path), path).toBe(html)
  })

  it('a version that takes effect later is announced on the page in effect, which keeps its text until then; a withdrawn one never applies', async () => {
    const {result} = await builtFromPublished()
    const {documents, inForce, upcoming, refundText, dropped, reason} = published

    expect(result.code, result.output).toBe(0)
    const page = readFileSync(join(result.outDir, 'privacy-policy.html'), 'utf8')
    // The page in effect announces it in one line: its date and links; its summary, and the day it
    // was announced (today, in India), are on the history page.
    expect(page).toContain(`<time datetime="${upcoming.effectiveDate}"`)
    expect(page).not.toContain('The first section says more plainly what it lists.')
    const privacyHistory = readFileSync(join(result.outDir, 'policy-history/privacy-policy.html'), 'utf8')
    expect(privacyHistory).toContain(`<time datetime="${indiaToday(new Date(upcoming.recordedAt))}"`)
    expect(privacyHistory).toContain('The first section says more plainly what it lists.')
    expect(page).toContain(`href="/policy-versions/privacy-policy/${upcoming.number}"`)
    expect(page).toContain(`href="/policy-changes/privacy-policy/${upcoming.number}"`)
    expect(page).toContain(inForce)
    expect(page).not.toContain('What Personal Data We Collect')
    const next = readFileSync(
      join(result.outDir, `policy-versions/privacy-policy/${upcoming.number}.html`),
      'utf8',
    )
    expect(next).toContain('What Personal Data We Collect')
    // The production server learns from the build when to rebuild: midnight in India on the day
    // the first upcoming version applies (the bundled dataset may announce one sooner).
    const schedule = JSON.parse(
      readFileSync(join(result.outDir, '..', 'server', 'server-data', 'policy-schedule.json'), 'utf8'),
    )
    const first = documents
      .filter((document) => document._type === 'policyVersion' && !document.withdrawnAt)
      .map((document) => String(document.effectiveDate))
      .filter((date) => date > indiaToday(new Date()))
      .sort()[0]
    expect(first <= upcoming.effectiveDate).toBe(true)
    expect(schedule.nextChangeAt).toBe(new Date(`${first}T00:00:00+05:30`).toISOString())

    // The withdrawn change: never scheduled, never announced, and the history and its page say so.
    expect(schedule.versions).not.toContainEqual(expect.objectContaining({policy: 'refundPolicy'}))
    const text = (path: string) =>
      readFileSync(join(result.outDir, path), 'utf8')
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
    const announced = `Announced on ${formatDate(indiaToday(new Date(dropped.recordedAt)))}`
    const line = `${announced}, withdrawn on ${formatDate(indiaToday(new Date()))}: it never applied. Why it was withdrawn: ${reason}`
    const refundPage = text('Refund&Cancellation-Policy.html')
    expect(refundPage).toContain(refundText)
    expect(refundPage).not.toContain('A heading that never applied')
    expect(refundPage).not.toContain('An update to this policy is coming')
    const history = text('policy-history/Refund&Cancellation-Policy.html')
    expect(history).toContain(`Version ${dropped.number} (Withdrawn)`)
    expect(history).toContain(line)
    const versionPage = text(`policy-versions/Refund&Cancellation-Policy/${dropped.number}.html`)
    expect(versionPage).toContain(line)
    expect(versionPage).toContain('A heading that never applied')
    expect(readFileSync(join(result.outDir, 'policy-changes.atom'), 'utf8')).toContain(reason)
  })
})
