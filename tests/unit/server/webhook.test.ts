import {mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {encodeSignatureHeader} from '@sanity/webhook'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import type {Rebuilder, RebuildStatus} from '../../../src/server/rebuilder'
import {
  AcceptedWebhooks,
  handleRebuildRequest,
  isSignedWebhook,
  MAX_SIGNATURE_AGE_MS,
} from '../../../src/server/rebuildRoutes'
import {serveInProcess, type InProcessServer} from '../../support/inProcessServer'

const SECRET = 'webhook-secret-for-tests'
const NOW = Date.parse('2026-03-01T10:00:00Z')
const MINUTE = 60_000
const PUBLISHED = JSON.stringify({_id: 'refundPolicy', _type: 'policy'})

const sign = (body: string, {timestamp = NOW, secret = SECRET} = {}) =>
  encodeSignatureHeader(body, timestamp, secret)

describe('a Sanity webhook is taken as signed', () => {
  const check = async (header: string | undefined, body = PUBLISHED) =>
    isSignedWebhook({header, body, secret: SECRET, now: NOW})

  it('when it carries the signature of its body made with our secret just now', async () => {
    await expect(check(await sign(PUBLISHED))).resolves.toBe(true)
  })

  it('when its signature is up to five minutes old, or ahead for a sender whose clock runs fast', async () => {
    expect(MAX_SIGNATURE_AGE_MS).toBe(5 * MINUTE)
    await expect(check(await sign(PUBLISHED, {timestamp: NOW - 5 * MINUTE}))).resolves.toBe(true)
    await expect(check(await sign(PUBLISHED, {timestamp: NOW + 5 * MINUTE}))).resolves.toBe(true)
  })

  it('never when it is older or further ahead than five minutes, so a captured request cannot be replayed', async () => {
    await expect(check(await sign(PUBLISHED, {timestamp: NOW - 5 * MINUTE - 1}))).resolves.toBe(false)
    await expect(check(await sign(PUBLISHED, {timestamp: NOW + 5 * MINUTE + 1}))).resolves.toBe(false)
  })

  it('never when it is signed with another secret, or its body changed after signing', async () => {
    await expect(check(await sign(PUBLISHED, {secret: 'not-the-secret'}))).resolves.toBe(false)
    const changed = JSON.stringify({_id: 'privacyPolicy', _type: 'policy'})
    await expect(check(await sign(PUBLISHED), changed)).resolves.toBe(false)
  })

  it('never without a signature, with a garbled one, or with an empty body', async () => {
    await expect(check(undefined)).resolves.toBe(false)
    await expect(check('')).resolves.toBe(false)
    await expect(check('t=abc,v1=xyz')).resolves.toBe(false)
    await expect(check((await sign(PUBLISHED)).replace(/v1=./, 'v1=A'))).resolves.toBe(false)
    await expect(check(await sign(PUBLISHED), '')).resolves.toBe(false)
  })
})

/** A rebuilder that only records what it is asked for. */
function recordingRebuilder() {
  const triggers: string[] = []
  const status: RebuildStatus = {
    building: false,
    buildingSince: null,
    followUpQueued: false,
    liveBuild: '/srv/site/.builds/build-1',
    builds: 1,
    lastSuccess: null,
    lastFailure: null,
    lastPhases: null,
  }
  const rebuilder = {
    request(trigger: string) {
      triggers.push(trigger)
      return triggers.length === 1 ? 'started' : 'queued'
    },
    getStatus: () => status,
  }
  return {triggers, status, rebuilder: rebuilder as unknown as Rebuilder}
}

describe('the record of accepted webhooks', () => {
  it('accepts a signature once, and again only once it has expired and would be refused as stale anyway', () => {
    const accepted = new AcceptedWebhooks()
    expect(accepted.accept('t=1,v1=a', NOW, NOW)).toBe(true)
    expect(accepted.accept('t=1,v1=a', NOW, NOW + MAX_SIGNATURE_AGE_MS)).toBe(false)
    expect(accepted.accept('t=1,v1=b', NOW, NOW)).toBe(true)
    expect(accepted.accept('t=1,v1=a', NOW, NOW + MAX_SIGNATURE_AGE_MS + 1)).toBe(true)
  })

  it('holds a bounded number of signatures, forgetting expired ones first', () => {
    const accepted = new AcceptedWebhooks({capacity: 3})
    for (const signature of ['old-1', 'old-2'])
      accepted.accept(signature, NOW - 10 * MINUTE, NOW - 10 * MINUTE)
    accepted.accept('fresh', NOW, NOW)
    // Full: the two expired ones make room, and the fresh one is still remembered.
    expect(accepted.accept('new-1', NOW, NOW)).toBe(true)
    expect(accepted.accept('new-2', NOW, NOW)).toBe(true)
    expect(accepted.accept('fresh', NOW, NOW)).toBe(false)
  })
})

describe('the record of accepted webhooks, kept in a file', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'webhooks-'))
  afterAll(() => rmSync(scratch, {recursive: true, force: true}))

  // Issue 25: a webhook replayed after a restart built again.
  it('still refuses a signature accepted before a restart, until it expires', () => {
    const file = join(scratch, 'builds', 'accepted-webhooks.json')
    expect(new AcceptedWebhooks({file}).accept('t=1,v1=a', NOW, NOW)).toBe(true)
    const restarted = new AcceptedWebhooks({file})
    expect(restarted.accept('t=1,v1=a', NOW, NOW + MINUTE)).toBe(false)
    expect(new AcceptedWebhooks({file}).accept('t=1,v1=a', NOW, NOW + MAX_SIGNATURE_AGE_MS + 1)).toBe(true)
  })

  it('starts empty from a damaged file, and says in the log when it cannot write one, accepting still', () => {
    const damaged = join(scratch, 'damaged.json')
    writeFileSync(damaged, '{not json')
    expect(new AcceptedWebhooks({file: damaged}).accept('t=1,v1=b', NOW, NOW)).toBe(true)
    const lines: string[] = []
    const blocked = join(scratch, 'damaged.json', 'below', 'accepted.json')
    const accepted = new AcceptedWebhooks({file: blocked, log: (line) => lines.push(line)})
    expect(accepted.accept('t=1,v1=c', NOW, NOW)).toBe(true)
    expect(accepted.accept('t=1,v1=c', NOW, NOW)).toBe(false)
    expect(lines).toEqual([expect.stringContaining('could not be saved')])
  })

  // Issue 37: on a full disk each accepted webhook left a 0-byte accepted-webhooks.json.<pid>.tmp.
  it('leaves no temporary file behind when the disk is full', () => {
    const folder = mkdtempSync(join(scratch, 'full-'))
    const file = join(folder, 'accepted-webhooks.json')
    // The temporary file's name leads to /dev/full: every write to it fails with ENOSPC.
    symlinkSync('/dev/full', `${file}.${process.pid}.tmp`)
    const lines: string[] = []
    expect(new AcceptedWebhooks({file, log: (line) => lines.push(line)}).accept('t=1,v1=d', NOW, NOW)).toBe(
      true,
    )
    expect(lines).toEqual([expect.stringContaining('ENOSPC')])
    expect(readdirSync(folder)).toEqual([])
  })
})

describe('the rebuild receiver', () => {
  let receiver: InProcessServer
  let unconfigured: InProcessServer
  let recorded: ReturnType<typeof recordingRebuilder>
  // Each test is a fresh server's first minutes: no signature has been accepted yet.
  let accepted: AcceptedWebhooks
  beforeAll(async () => {
    receiver = await serveInProcess((request, response) =>
      handleRebuildRequest(request, response, {
        rebuilder: recorded.rebuilder,
        secret: SECRET,
        accepted,
        now: () => NOW,
      }),
    )
    unconfigured = await serveInProcess((request, response) =>
      handleRebuildRequest(request, response, {
        rebuilder: recorded.rebuilder,
        secret: undefined,
        accepted,
        now: () => NOW,
      }),
    )
  })
  afterAll(async () => {
    await Promise.all([receiver?.close(), unconfigured?.close()])
  })
  beforeEach(() => {
    recorded = recordingRebuilder()
    accepted = new AcceptedWebhooks()
  })

  async function webhook(
    body: string,
    {signature, to = receiver}: {signature?: string | null; to?: InProcessServer} = {},
  ) {
    const header = signature === undefined ? await sign(body) : signature
    const response = await fetch(`${to.url}/api/rebuild`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(header === null ? {} : {'sanity-webhook-signature': header}),
      },
      body,
    })
    return {status: response.status, body: await response.json()}
  }

  it('starts a build for a signed webhook about a published document, naming it as the trigger (202)', async () => {
    await expect(webhook(PUBLISHED)).resolves.toEqual({status: 202, body: {ok: true, build: 'started'}})
    expect(recorded.triggers).toEqual(['policy refundPolicy published'])
  })

  it('says a webhook that arrives during a build is folded into the next one (202 queued)', async () => {
    await webhook(PUBLISHED)
    const publishedASecondLater = await sign(PUBLISHED, {timestamp: NOW + 1000})
    await expect(webhook(PUBLISHED, {signature: publishedASecondLater})).resolves.toEqual({
      status: 202,
      body: {ok: true, build: 'queued'},
    })
  })

  it('refuses a captured webhook re-sent while its signature is fresh (409) and builds nothing more', async () => {
    const captured = await sign(PUBLISHED)
    await expect(webhook(PUBLISHED, {signature: captured})).resolves.toMatchObject({status: 202})
    for (const replay of [captured, ` ${captured} `])
      await expect(webhook(PUBLISHED, {signature: replay})).resolves.toEqual({
        status: 409,
        body: {ok: false, error: 'replayed'},
      })
    expect(recorded.triggers).toEqual(['policy refundPolicy published'])
  })

  it('answers an unsigned, forged or stale webhook with 401 and builds nothing', async () => {
    const stale = await sign(PUBLISHED, {timestamp: NOW - 6 * MINUTE})
    const forged = await sign(PUBLISHED, {secret: 'not-the-secret'})
    for (const signature of [null, forged, stale]) {
      await expect(webhook(PUBLISHED, {signature})).resolves.toEqual({
        status: 401,
        body: {ok: false, error: 'invalidSignature'},
      })
    }
    expect(recorded.triggers).toEqual([])
  })

  it('ignores a draft or a release version, which visitors never see (202, nothing built)', async () => {
    for (const _id of ['drafts.refundPolicy', 'versions.rSummer.refundPolicy']) {
      await expect(webhook(JSON.stringify({_id, _type: 'policy'}))).resolves.toEqual({
        status: 202,
        body: {ok: true, ignored: 'draft'},
      })
    }
    expect(recorded.triggers).toEqual([])
  })

  it('ignores a document type the site does not show, such as a contact message (202, nothing built)', async () => {
    const message = JSON.stringify({_id: 'contactMessage.1', _type: 'contactMessage'})
    await expect(webhook(message)).resolves.toEqual({status: 202, body: {ok: true, ignored: 'type'}})
    expect(recorded.triggers).toEqual([])
  })

  it('refuses a signed body that is not JSON (400) and one over 64 KB (413), building nothing', async () => {
    await expect(webhook('not json')).resolves.toEqual({status: 400, body: {ok: false, error: 'malformed'}})
    const large = JSON.stringify({_id: 'refundPolicy', _type: 'policy', padding: 'x'.repeat(64 * 1024)})
    await expect(webhook(large)).resolves.toEqual({status: 413, body: {ok: false, error: 'tooLarge'}})
    expect(recorded.triggers).toEqual([])
  })

  it('takes only POST for a rebuild and only GET for its status (405)', async () => {
    expect((await fetch(`${receiver.url}/api/rebuild`)).status).toBe(405)
    const post = await fetch(`${receiver.url}/api/rebuild/status`, {
      method: 'POST',
      headers: {authorization: `Bearer ${SECRET}`},
    })
    expect(post.status).toBe(405)
    expect(recorded.triggers).toEqual([])
  })

  it('shows its status only to whoever holds the secret', async () => {
    const status = (authorization?: string) =>
      fetch(`${receiver.url}/api/rebuild/status`, {headers: authorization ? {authorization} : {}})
    expect((await status()).status).toBe(401)
    expect((await status('Bearer nope')).status).toBe(401)
    expect((await status(SECRET)).status).toBe(401)
    const allowed = await status(`Bearer ${SECRET}`)
    expect(allowed.status).toBe(200)
    await expect(allowed.json()).resolves.toMatchObject({ok: true, ...recorded.status})
  })

  it('is off, building nothing, when SANITY_WEBHOOK_SECRET is not set (503)', async () => {
    await expect(webhook(PUBLISHED, {to: unconfigured})).resolves.toEqual({
      status: 503,
      body: {ok: false, error: 'notConfigured', message: 'SANITY_WEBHOOK_SECRET is not set.'},
    })
    expect(recorded.triggers).toEqual([])
  })
})
