import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {encodeSignatureHeader} from '@sanity/webhook'
import {afterAll, describe, expect, it} from 'vitest'
import {bundledDocuments, documentById, publishPolicyChange} from '../../support/dataset'
import {startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'
import {test, type SiteServer} from '../../support/siteServer'

// Which webhooks start a build, and who may read the status, is in tests/unit/server/webhook.test.ts;
// this file publishes through the real server and builds for real.
const SECRET = 'webhook-secret-for-tests'
const REFUND = '/Refund&Cancellation-Policy'

let standIn: QueryApiStandIn
let server: SiteServer
let outside: string

const contentEnv = () => ({SANITY_PROJECT_ID: 'test', SANITY_API_HOST: standIn.url})

// The server starts on the run's one build (tests/support/globalSetup.ts): the Content Lake below
// serves the same bundled dataset, and a build from either gives the same pages
// (tests/built/content/build.test.ts). Every rebuild reads the Content Lake.
test.beforeAll(async ({startSite}) => {
  standIn = await startQueryApiStandIn({documents: bundledDocuments()})
  // Outside the project, where no node_modules lies above the builds (issue 25: every rebuild
  // there failed to find the site's packages).
  outside = mkdtempSync(join(tmpdir(), 'rebuild-builds-'))
  server = await startSite({...contentEnv(), SANITY_WEBHOOK_SECRET: SECRET, SITE_BUILDS_DIR: outside})
})

afterAll(async () => {
  await standIn?.close()
  if (outside) rmSync(outside, {recursive: true, force: true})
})

const base = () => server.url
const page = async (path: string) => (await fetch(base() + path)).text()

async function webhook(body: object) {
  const payload = JSON.stringify(body)
  const headers = {
    'content-type': 'application/json',
    'sanity-webhook-signature': await encodeSignatureHeader(payload, Date.now(), SECRET),
  }
  return fetch(`${base()}/api/rebuild`, {method: 'POST', headers, body: payload})
}

interface Status {
  building: boolean
  followUpQueued: boolean
  builds: number
  lastSuccess: {at: string} | null
  lastFailure: {at: string; message: string} | null
}

async function status(): Promise<Status> {
  const response = await fetch(`${base()}/api/rebuild/status`, {headers: {authorization: `Bearer ${SECRET}`}})
  expect(response.status).toBe(200)
  return (await response.json()) as Status
}

/**
 * The status once the server has no build running or queued. A webhook answered 202 has started
 * one or folded itself into the next, so a build asked for before this call has then gone live or
 * failed. Asked again after each answer, with no deadline of its own: the file's timeout bounds a
 * build that never ends.
 */
async function settled(): Promise<Status> {
  for (;;) {
    const current = await status()
    if (!current.building) return current
    // A pause between asks, not a deadline: a build on two shared cores is not asked 100 times a second.
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The bundled dataset after staff publish a new heading for the refund policy, with this summary. */
function withRefundHeading(heading: string, summary = `The first section is now called "${heading}".`) {
  const documents = bundledDocuments()
  // A new heading is clearer wording: it may apply at once.
  const version = publishPolicyChange(
    documents,
    'refundPolicy',
    (policy) => (policy.sections[0].heading = heading),
    {summary, shortNoticeReasons: ['clearerWording']},
  )
  return Object.assign(documents, {version})
}

describe('publishing in Studio rebuilds the live site', () => {
  it('a burst of 50 signed webhooks within two seconds puts the published wording live in at most two builds, with no failed request during the swap', async () => {
    const published = withRefundHeading('Scope of This Policy (revised)')
    standIn.setDocuments(published)
    const {number} = published.version
    const before = (await status()).builds
    let failures = 0
    let polling = true
    const poller = (async () => {
      while (polling) {
        for (const path of ['/', REFUND, '/privacy-policy']) {
          const response = await fetch(base() + path)
          await response.arrayBuffer()
          if (response.status !== 200) failures++
        }
      }
    })()

    const answers = await Promise.all(
      Array.from({length: 50}, (_, index) =>
        new Promise<Response>((resolve) => setTimeout(resolve, index * 30)).then(() =>
          // Each publish is a revision of its own: one body signed twice in a millisecond is a replay.
          webhook({_id: 'refundPolicy', _type: 'policy', _rev: `burst-${index}`}),
        ),
      ),
    )
    expect(answers.every((answer) => answer.status === 202)).toBe(true)
    // Every webhook was answered, so the builds they asked for are running or queued: once the
    // server says none is, the page answers what went live.
    const after = await settled()
    const live = (await page(REFUND)).includes('Scope of This Policy (revised)')
    polling = false
    await poller

    expect(live).toBe(true)
    expect(failures).toBe(0)
    expect(after.builds - before).toBeGreaterThanOrEqual(1)
    expect(after.builds - before).toBeLessThanOrEqual(2)
    expect(after.lastSuccess).not.toBeNull()
    // The page shows the version the publish recorded, with a link to the differences it made;
    // its summary is on the history.
    const html = await page(REFUND)
    expect(html).toContain(`href="/policy-changes/Refund&amp;Cancellation-Policy/${number}"`)
    expect(await page('/policy-history/Refund%26Cancellation-Policy')).toContain(
      'The first section is now called &quot;Scope of This Policy (revised)&quot;.',
    )
    expect(await page(`/policy-changes/Refund%26Cancellation-Policy/${number}`)).toMatch(
      /<ins>[^<]*\(revised\)<\/ins>/,
    )
  })

  it('a failed build leaves the live site exactly as it was and the status says why', async () => {
    const documents = withRefundHeading('This heading must never go live')
    delete documentById(documents, 'privacyPolicy').sections[2].heading
    standIn.setDocuments(documents)
    const liveBefore = await page(REFUND)

    expect((await webhook({_id: 'privacyPolicy', _type: 'policy'})).status).toBe(202)
    const after = await settled()

    expect(after.lastFailure?.message).toMatch(/privacyPolicy[\s\S]*sections\.2\.heading/)
    expect(await page(REFUND)).toBe(liveBefore)

    // Studio reads the same refusal from the public status, in staff's words and never cached.
    const response = await fetch(`${base()}/api/site-status`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const text = await response.text()
    expect(JSON.parse(text).lastAttempt).toMatchObject({
      state: 'refused',
      reason: 'Privacy Policy, section 3: the heading is missing',
    })
    expect(JSON.parse(text).documents.map(({id}: {id: string}) => id)).toContain('privacyPolicy')
    // No stack, no file, no secret, no e-mail address or message of anyone.
    for (const leak of [' at ', 'node_modules', '.mjs', SECRET, '@', 'contactMessage'])
      expect(text, leak).not.toContain(leak)
  })

  it('a build that cannot reach the Content Lake leaves the live site as it was and the status says why', async () => {
    const {port} = new URL(standIn.url)
    const liveBefore = await page(REFUND)
    await standIn.close()
    try {
      expect((await webhook({_id: 'refundPolicy', _type: 'policy'})).status).toBe(202)
      const after = await settled()
      expect(after.lastFailure?.message).toContain(
        `Could not read content from dataset "production" at ${standIn.url} after 4 attempts`,
      )
      expect(await page(REFUND)).toBe(liveBefore)
    } finally {
      standIn = await startQueryApiStandIn({documents: bundledDocuments(), port: Number(port)})
    }
  })
})
