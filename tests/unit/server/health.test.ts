import {describe, expect, it} from 'vitest'
import {readConfig} from '../../../src/config/index'
import type {ContactHealth} from '../../../src/contact/contactHealth'
import {createContactService} from '../../../src/contact/service'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {contactStartLines} from '../../../src/contact/startReport'
import {HealthCheck, healthReport, healthStartLine, lastBuildState} from '../../../src/server/health'
import {contactContent, ENGLISH_PAGE, memoryStore, sentFrom} from '../../support/memoryStore'
import {validFields} from '../../support/contact'
import {serveInProcess} from '../../support/inProcessServer'
import {storedMessage} from '../../support/storedMessages'
import {PUBLIC_SITE_URL} from '../../support/publicAddress'

// What GET /api/health answers, from the contact service's state and the rebuilder's; the server
// answering it through each failure and recovery is tests/built/server/health.test.ts.

const ALL_WELL: ContactHealth = {email: 'on', store: 'open', emailGivenUp: 0, emailWaiting: 0}
const NO_BUILD = {lastSuccess: null, lastFailure: null, building: false}
const build = (at: string) => ({at, durationMs: 1, trigger: 'policy privacyPolicy published'})

describe('the health report', () => {
  it('is 200 with the states and counts when all is well', () => {
    expect(healthReport(ALL_WELL, NO_BUILD, 60)).toEqual({
      status: 200,
      body: {
        ok: true,
        problems: [],
        messageStore: 'open',
        email: 'on',
        emailGivenUp: 0,
        emailWaiting: 0,
        lastBuild: 'none',
        building: false,
      },
    })
  })

  it('is 503 while the message store is not open, counting nothing it cannot read', () => {
    const {status, body} = healthReport({email: 'on', store: 'notOpen'}, NO_BUILD, 60)
    expect(status).toBe(503)
    expect(body).toMatchObject({ok: false, messageStore: 'notOpen', emailGivenUp: null, emailWaiting: null})
    expect(body.problems).toEqual([
      'The message store is not open: the contact form refuses messages until it opens.',
    ])
  })

  it('is 503 when the last build failed, and 200 again once a later one succeeded', () => {
    const failed = {
      ...NO_BUILD,
      lastSuccess: {...build('2026-11-24T10:00:00.000Z'), build: '/srv/site/.builds/build-1'},
      lastFailure: {...build('2026-11-24T11:00:00.000Z'), message: 'privacyPolicy sections.2.heading'},
    }
    const report = healthReport(ALL_WELL, failed, 60)
    expect(report.status).toBe(503)
    expect(report.body.lastBuild).toBe('failed')
    // The build's error and folder stay in the log: they may name a path or a document.
    expect(JSON.stringify(report.body)).not.toMatch(/privacyPolicy|\/srv/)
    const fixed = {...failed, lastSuccess: {...failed.lastSuccess, at: '2026-11-24T12:00:00.000Z'}}
    expect(healthReport(ALL_WELL, fixed, 60).status).toBe(200)
    expect(lastBuildState(fixed)).toBe('succeeded')
    expect(lastBuildState({lastSuccess: null, lastFailure: failed.lastFailure})).toBe('failed')
  })

  it('is 503 while an e-mail was given up or has waited too long, saying how many and what to do', () => {
    const {status, body} = healthReport({...ALL_WELL, emailGivenUp: 1, emailWaiting: 3}, NO_BUILD, 60)
    expect(status).toBe(503)
    expect(body.problems).toEqual([
      "The e-mail about 1 message was given up: read it with `npm run messages -- list` or in Studio's Inbox, answer, and mark it handled.",
      'The e-mail about 3 messages has waited more than 60 minutes to be sent.',
    ])
  })

  it('without e-mail, reports no e-mail waiting: none is ever sent', () => {
    const {status, body} = healthReport({email: 'off', store: 'open', emailGivenUp: 0}, NO_BUILD, undefined)
    expect(status).toBe(200)
    expect(body).toMatchObject({email: 'off', emailWaiting: null})
  })

  it('is said in one line at start, with what it answers now', () => {
    expect(healthStartLine(healthReport(ALL_WELL, NO_BUILD, 60), 60)).toBe(
      '/api/health answers 503 while the message store is not open or the last message could not be stored, the last build failed or the e-mail about a message not marked handled was given up or has waited more than 60 minutes; else 200. Now: 200 (all is well)',
    )
    expect(healthStartLine(healthReport({email: 'off', store: 'notOpen'}, NO_BUILD, undefined))).toMatch(
      /was given up; else 200\. Now: 503 \(The message store is not open: .*\)$/,
    )
  })
})

describe('the health check over HTTP', () => {
  it('answers GET and HEAD as JSON, never cached, and refuses other methods', async () => {
    const check = new HealthCheck({
      contact: {health: async () => ALL_WELL},
      rebuilder: {getStatus: () => NO_BUILD},
    })
    const server = await serveInProcess((request, response) => check.handle(request, response))
    try {
      const get = await fetch(`${server.url}/api/health`)
      expect(get.status).toBe(200)
      expect(get.headers.get('cache-control')).toBe('no-store')
      expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8')
      await expect(get.json()).resolves.toMatchObject({ok: true})
      const head = await fetch(`${server.url}/api/health`, {method: 'HEAD'})
      expect(head.status).toBe(200)
      expect(await head.text()).toBe('')
      const post = await fetch(`${server.url}/api/health`, {method: 'POST'})
      expect(post.status).toBe(405)
      expect(post.headers.get('allow')).toBe('GET, HEAD')
    } finally {
      await server.close()
    }
  })

  it('asks the store at most once every few seconds, however many monitors ask', async () => {
    let asked = 0
    let now = 0
    const check = new HealthCheck({
      contact: {health: async () => (asked++, ALL_WELL)},
      rebuilder: {getStatus: () => NO_BUILD},
      maxAgeMs: 5_000,
      now: () => now,
    })
    await Promise.all(Array.from({length: 20}, () => check.report()))
    now = 4_999
    await check.report()
    expect(asked).toBe(1)
    now = 5_000
    await check.report()
    expect(asked).toBe(2)
  })
})

describe("the contact service's health", () => {
  const NOW = new Date('2026-11-24T12:00:00.000Z')
  const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString()
  const service = (store = memoryStore(), withMail = true) =>
    createContactService({
      store,
      limiter: slidingWindowLimiter(10, 600),
      notifier: withMail ? {flush: async () => ({sent: 0, failed: 0}), close: async () => {}} : undefined,
      maxMailWaitMs: 60 * 60_000,
      content: () => contactContent(),
      now: () => NOW,
      log: () => {},
    })

  it('counts the messages not handled whose e-mail was given up or has waited longer than allowed', async () => {
    const store = memoryStore()
    const late = storedMessage({receivedAt: minutesAgo(61)})
    const recent = storedMessage({receivedAt: minutesAgo(59)})
    const givenUp = storedMessage({receivedAt: minutesAgo(300)})
    const sent = storedMessage({receivedAt: minutesAgo(300)})
    for (const message of [late, recent, givenUp, sent]) await store.save(message)
    await store.recordRefusal('notification', givenUp.id, {error: '550', gaveUpAt: minutesAgo(200)})
    await store.markSent('notification', sent.id, minutesAgo(299))
    const contact = service(store)
    expect(await contact.health()).toEqual({email: 'on', store: 'open', emailGivenUp: 1, emailWaiting: 1})

    await store.setHandled(givenUp.id, {at: NOW.toISOString()})
    await store.setHandled(late.id, {at: NOW.toISOString(), by: 'Priya'})
    expect(await contact.health()).toEqual({email: 'on', store: 'open', emailGivenUp: 0, emailWaiting: 0})
  })

  it('without e-mail, counts no message as waiting for one', async () => {
    const store = memoryStore()
    await store.save(storedMessage({receivedAt: minutesAgo(600)}))
    expect(await service(store, false).health()).toEqual({email: 'off', store: 'open', emailGivenUp: 0})
  })

  // Issue 37: with the SQLite file on a full disk every message got 503 while the health check said 200.
  it('is 503 from the message the store refuses until one is stored, saying the form refuses messages', async () => {
    const store = memoryStore()
    const contact = service(store)
    const check = new HealthCheck({contact, rebuilder: {getStatus: () => NO_BUILD}, maxAgeMs: 0})
    const post = () =>
      contact.submit(
        {fields: {...validFields(), consent: true, ageConfirmation: true}, ...sentFrom(ENGLISH_PAGE)},
        '203.0.113.7',
      )
    expect((await check.report()).status).toBe(200)

    store.breakSaves(new Error('database or disk is full'))
    expect(await post()).toEqual({kind: 'unavailable'})
    const full = await check.report()
    expect(full.status).toBe(503)
    expect(full.body).toMatchObject({ok: false, messageStore: 'refusingWrites', emailGivenUp: 0})
    expect(full.body.problems).toEqual([expect.stringMatching(/^The last message could not be stored/)])
    // Reading still works on a full disk: the check alone never makes it look well again.
    expect((await check.report()).status).toBe(503)

    store.mendSaves()
    expect(await post()).toMatchObject({kind: 'stored'})
    expect(await check.report()).toMatchObject({status: 200, body: {messageStore: 'open', problems: []}})
  })

  it('reports a store that cannot be read as not open', async () => {
    const store = memoryStore()
    store.countUnseen = async () => {
      throw new Error('Sanity cannot be reached')
    }
    expect(await service(store).health()).toEqual({email: 'on', store: 'notOpen'})
  })
})

describe('what the server says at start about messages', () => {
  const lines = (env: Record<string, string>) => {
    const config = readConfig(env)
    return contactStartLines({
      config: config.contact,
      siteUrl: config.siteUrl,
      storeDescription: 'SQLite file /srv/site/data/contact-messages.sqlite',
      careAddress: 'care@medistay.example',
    })
  }

  it('says where messages are stored and whom they are e-mailed to, never the SMTP password', () => {
    const said = lines({
      SMTP_URL: 'smtp://site:s3cret@smtp.example.com:587',
      CONTACT_NOTIFY_MAX_ATTEMPTS: '5',
    })
    expect(said).toEqual([
      'Contact messages are stored in SQLite file /srv/site/data/contact-messages.sqlite.',
      'E-mail is on: each new message is e-mailed to care@medistay.example through smtp.example.com:587; a refused e-mail is retried up to 5 times, then given up and reported by the health check.',
    ])
    expect(said.join('\n')).not.toContain('s3cret')
    expect(lines({SMTP_URL: 'smtp://127.0.0.1:25', CONTACT_MAIL_TO: 'desk@medistay.example'})[1]).toContain(
      'e-mailed to desk@medistay.example',
    )
  })

  it('without e-mail, says so; on a public address, warns plainly that messages are only stored', () => {
    expect(lines({})).toEqual([
      'Contact messages are stored in SQLite file /srv/site/data/contact-messages.sqlite.',
      'E-mail is off (SMTP_URL is not set): nobody is e-mailed about new messages; read them with `npm run messages -- list` on this server.',
    ])
    expect(lines({SITE_URL: PUBLIC_SITE_URL})[2]).toBe(
      `WARNING: ${PUBLIC_SITE_URL} is public but no e-mail is set up: messages from visitors will only be stored, and seen only with \`npm run messages -- list\` on this server. Set SMTP_URL (docs/operating.md) to have each one e-mailed to customer care.`,
    )
    expect(
      lines({
        SITE_URL: PUBLIC_SITE_URL,
        SANITY_PROJECT_ID: 'abc123',
        SANITY_API_WRITE_TOKEN: 'write',
      })[2],
    ).toContain("seen only in Studio's Inbox or with `npm run messages -- list`")
  })
})
