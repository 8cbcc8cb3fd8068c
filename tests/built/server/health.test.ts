import {execFile} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {encodeSignatureHeader} from '@sanity/webhook'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {readConfig} from '../../../src/config'
import {createSiteServer, type SiteServer as InProcessServer} from '../../../src/server/siteServer'
import {SECURITY_HEADERS} from '../../../src/server/securityHeaders'
import {ROOT} from '../../support/astroBuild'
import {eventually, islandBody, postJson, validFields} from '../../support/contact'
import {installStandInAstro, writeBuild} from '../../support/policySchedule'
import {test} from '../../support/siteServer'
import {startMailServer, type MailServer} from '../../support/smtp'

// GET /api/health as a monitor sees it: 200 on a fresh build; 503 with a message store that
// cannot be opened, after a publish whose build failed, and with an e-mail given up after its
// retries; 200 again once each is put right. What the report says for each state is in
// tests/unit/server/health.test.ts.

const scratch = mkdtempSync(join(tmpdir(), 'health-'))
afterAll(() => rmSync(scratch, {recursive: true, force: true}))

interface Health {
  status: number
  body: Record<string, unknown>
  text: string
  headers: Headers
}

async function health(base: string): Promise<Health> {
  const response = await fetch(`${base}/api/health`)
  const text = await response.text()
  return {status: response.status, body: JSON.parse(text), text, headers: response.headers}
}

/** Polls until the health check answers `status` (an e-mail is refused, a store opens, in the background). */
const healthBecomes = (base: string, status: number, timeoutMs = 20_000) =>
  eventually(
    async () => {
      const answer = await health(base)
      return answer.status === status && answer
    },
    timeoutMs,
    `GET /api/health to answer ${status}`,
  )

const run = promisify(execFile)
/** `npm run messages -- ...args` as staff run it on the server, with the server's store. */
const messages = (args: string[], env: Record<string, string>) =>
  run(process.execPath, [join(ROOT, 'scripts/messages.ts'), ...args], {
    cwd: ROOT,
    env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env},
  })

describe('GET /api/health on the production server (npm start)', () => {
  let mail: MailServer
  beforeAll(async () => {
    // A mail server that refuses every e-mail, as one does for a mailbox that does not exist.
    mail = await startMailServer(0, () => true)
  })
  afterAll(async () => {
    await mail?.close()
  })

  test('on a fresh build answers 200 with states and counts, no-store, and the headers of every answer', async ({
    startSite,
  }) => {
    const server = await startSite()
    const answer = await health(server.url)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      ok: true,
      problems: [],
      messageStore: 'open',
      email: 'off',
      emailGivenUp: 0,
      emailWaiting: null,
      lastBuild: 'none',
      building: false,
    })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers.get(name)).toBe(value)
    // At start the server said where messages go, that nobody is e-mailed, and what the check reports.
    await eventually(
      () => server.output().includes('/api/health answers 503 while'),
      5_000,
      'the health line',
    )
    expect(server.output()).toContain(`Contact messages are stored in SQLite file ${server.dbPath}.`)
    expect(server.output()).toContain('E-mail is off (SMTP_URL is not set)')
    expect(server.output()).toContain('else 200. Now: 200 (all is well)')
  })

  test('is 503 once a refused e-mail is given up, naming no one, and 200 again once the message is marked handled', async ({
    startSite,
  }) => {
    const server = await startSite({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      CONTACT_MAIL_TO: 'care@medistay.example',
      CONTACT_NOTIFY_MAX_ATTEMPTS: '1',
      CONTACT_NOTIFY_RETRY_SECONDS: '1',
    })
    expect(server.output()).toContain('E-mail is on: each new message is e-mailed to care@medistay.example')
    const fields = validFields()
    const posted = await postJson(server.url, islandBody(fields))
    expect(posted.status).toBe(201)
    const {id, reference} = (await posted.json()) as {id: string; reference: string}

    const down = await healthBecomes(server.url, 503)
    expect(down.body).toMatchObject({ok: false, messageStore: 'open', email: 'on', emailGivenUp: 1})
    // Counts and states only: nothing the visitor wrote, nothing naming the message, no path.
    for (const personal of [...Object.values(fields), id, reference, server.dbPath, ROOT, 'ravi'])
      expect(down.text.toLowerCase()).not.toContain(personal.toLowerCase())
    // The log names the command that shows the message.
    expect(server.output()).toContain(`Read it with \`npm run messages -- show ${reference}\``)

    const marked = await messages(['handled', reference, '--by', 'Priya'], {CONTACT_DB_PATH: server.dbPath})
    expect(marked.stdout).toMatch(new RegExp(`^Message ${reference} .* is marked handled .* by Priya\\.\\n$`))
    expect((await healthBecomes(server.url, 200)).body).toMatchObject({ok: true, emailGivenUp: 0})
  })

  test('is 503 while the message store cannot be opened, and 200 again once it opens', async ({
    startSite,
  }) => {
    const inTheWay = join(scratch, 'file-in-the-way')
    writeFileSync(inTheWay, 'a file where the folder should be')
    const server = await startSite({CONTACT_DB_PATH: join(inTheWay, 'messages.sqlite')})
    const down = await health(server.url)
    expect(down.status).toBe(503)
    expect(down.body).toMatchObject({ok: false, messageStore: 'notOpen', emailGivenUp: null})
    expect(down.text).not.toContain(scratch)

    // The store is tried again 5 s after the start.
    rmSync(inTheWay)
    expect((await healthBecomes(server.url, 200)).body).toMatchObject({messageStore: 'open'})
  })
})

describe('GET /api/health after a publish (the server in this process, rebuilding with a stand-in Astro)', () => {
  const SECRET = 'webhook-secret-for-tests'
  const env: NodeJS.ProcessEnv = {}
  let server: InProcessServer
  let url: string
  beforeAll(async () => {
    const root = join(scratch, 'project')
    installStandInAstro(root, 'error: privacyPolicy sections.2.heading: Invalid input')
    writeBuild(join(root, 'dist'))
    const config = readConfig({
      SITE_DIST_DIR: join(root, 'dist'),
      SITE_BUILDS_DIR: join(root, '.builds'),
      CONTACT_DB_PATH: join(root, 'data/messages.sqlite'),
      SANITY_WEBHOOK_SECRET: SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
    })
    server = await createSiteServer(config, {root, buildEnv: env, log: () => {}})
    url = await server.listen()
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** Staff publish in Studio: Sanity's signed webhook asks for a rebuild, which goes live or fails. */
  async function publish() {
    const body = JSON.stringify({_id: 'privacyPolicy', _type: 'policy', _rev: crypto.randomUUID()})
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
    const response = await fetch(`${url}/api/rebuild`, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'sanity-webhook-signature': signature},
      body,
    })
    expect(response.status).toBe(202)
    await server.rebuilder.settled()
  }

  it('is 503 after a publish whose build failed, saying only that it failed, and 200 after the next succeeds', async () => {
    expect((await health(url)).status).toBe(200)

    env.BUILD = 'fail'
    await publish()
    const failed = await health(url)
    expect(failed.status).toBe(503)
    expect(failed.body).toMatchObject({ok: false, lastBuild: 'failed', messageStore: 'open'})
    // The build's error, which names a document, stays in the log.
    expect(failed.text).not.toContain('privacyPolicy')

    delete env.BUILD
    await publish()
    expect((await health(url)).body).toMatchObject({ok: true, lastBuild: 'succeeded'})
  })
})
