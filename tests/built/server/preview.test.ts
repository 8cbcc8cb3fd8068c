import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createPreviewSecret} from '@sanity/preview-url-secret/create-secret'
import {enablePreviewAccessSharing} from '@sanity/preview-url-secret/toggle-preview-access-sharing'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {previewSessionKey, readConfig} from '../../../src/config'
import {
  isPreviewSecretShape,
  isValidSession,
  PREVIEW_ATTEMPTS,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  signSession,
} from '../../../src/server/preview'
import {SECURITY_HEADERS} from '../../../src/server/securityHeaders'
import {createSiteServer, type ServedSite} from '../../../src/server/siteServer'
import {contactContent} from '../../support/memoryStore'
import {KEY, NOW, STUDIO, TOKEN} from '../../support/preview'
import {standInClient, startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'

// The production server (src/server/siteServer.ts) in this process, on a stand-in build: entering
// and leaving preview, and what a preview answer carries. The session, the cookie and which
// requests are preview pages, one by one, are in tests/unit/server/preview.test.ts; preview
// through \`npm start\` and a real build is in tests/built/server/previewServer.test.ts.

/** Shaped like a secret Studio makes (32 hex digits in base64url), but never written by one. */
const WELL_FORMED_SECRET = Buffer.from('0123456789abcdef0123456789abcdef').toString('base64url')

/** A build that answers every public request "public" and shows what its preview route was handed. */
const standInBuild: ServedSite = {
  dir: 'the stand-in build',
  codeDir: 'the stand-in build',
  contactContent: contactContent(),
  policySchedule: {versions: []},
  liveContent: {builtAt: '2026-11-30T10:00:00.000Z', documents: []},
  swapTo: async () => {},
  handle: (_request, response) => void response.writeHead(200, {'content-type': 'text/plain'}).end('public'),
  renderPreview: (request, response, {preview}) =>
    // Like Astro's on-demand pages: their own policy (script hashes) and caching.
    void response
      .writeHead(200, {
        'content-type': 'application/json',
        'content-security-policy': "script-src 'self' 'sha256-abc'",
        'cache-control': 'public, max-age=600',
      })
      .end(JSON.stringify({...preview, source: preview!.source.description, url: request.url})),
}

type PreviewSite = {url: string; close(): Promise<void>}

describe('preview on the server', () => {
  let standIn: QueryApiStandIn
  let site: PreviewSite
  let clock = NOW
  let scratch: string
  let servers = 0
  const answers: {status: number; headers: string; body: string}[] = []
  /** What the servers said went wrong (their logError). */
  const errors: string[] = []

  /** The production server (src/server/siteServer.ts) on the stand-in build, read with `env`. */
  async function serve(env: Record<string, string>): Promise<PreviewSite> {
    const config = readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      CONTACT_DB_PATH: join(scratch, `messages-${++servers}.sqlite`),
      ...env,
    })
    const server = await createSiteServer(config, {
      buildEnv: {},
      site: standInBuild,
      clock: {now: () => clock},
      log: () => {},
      logError: (line) => errors.push(line),
    })
    return {url: await server.listen(), close: server.stop}
  }
  /** Preview on, for the stand-in Content Lake. */
  const withPreview = (env: Record<string, string> = {}) =>
    serve({
      SANITY_PROJECT_ID: 'test',
      SANITY_API_HOST: standIn.url,
      SANITY_API_READ_TOKEN: TOKEN,
      SANITY_STUDIO_URL: STUDIO,
      ...env,
    })

  const studioClient = () => standInClient(standIn.url, {token: 'studio-user-token'})
  /** A secret as Studio's Presentation tool makes one when it opens the page. */
  const studioSecret = async () =>
    (await createPreviewSecret(studioClient(), 'test', STUDIO, 'user-1')).secret
  const enableUrl = (secret: string, pathname = '/privacy-policy') =>
    `/api/preview/enable?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent(pathname)}`

  async function get(path: string, init: RequestInit & {to?: PreviewSite} = {}) {
    const response = await fetch((init.to ?? site).url + path, {redirect: 'manual', ...init})
    const body = await response.text()
    answers.push({status: response.status, headers: JSON.stringify([...response.headers]), body})
    return {response, body}
  }
  const sessionFrom = (response: Response) =>
    /^preview-session=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1]
  const withSession = (session: string) => ({headers: {cookie: `theme=dark; ${SESSION_COOKIE}=${session}`}})

  beforeAll(async () => {
    standIn = await startQueryApiStandIn({
      documents: [{_id: 'aboutPage', _type: 'aboutPage', title: 'About'}],
    })
    scratch = mkdtempSync(join(tmpdir(), 'preview-server-'))
    site = await withPreview()
  })
  afterAll(async () => {
    await site?.close()
    await standIn?.close()
    rmSync(scratch, {recursive: true, force: true})
  })
  beforeEach(() => {
    clock = NOW
  })

  it('enters with a secret Studio just made: 307 to the page, with a session cookie for an hour', async () => {
    const {response} = await get(enableUrl(await studioSecret()))
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/privacy-policy')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('set-cookie')).toMatch(
      /^preview-session=\d+\.[\w-]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/,
    )
    expect(isValidSession(sessionFrom(response), KEY, NOW + SESSION_TTL_MS - 1)).toBe(true)
    expect(isValidSession(sessionFrom(response), KEY, NOW + SESSION_TTL_MS)).toBe(false)
  })

  it('over TLS behind a trusted proxy, sets the cookie Secure, SameSite=None and Partitioned', async () => {
    const proxied = await withPreview({TRUST_PROXY: '1'})
    try {
      const {response} = await get(enableUrl(await studioSecret()), {
        to: proxied,
        headers: {'x-forwarded-proto': 'https'},
      })
      expect(response.status).toBe(307)
      expect(response.headers.get('set-cookie')).toMatch(
        /; Path=\/; Max-Age=3600; HttpOnly; Secure; SameSite=None; Partitioned$/,
      )
    } finally {
      await proxied.close()
    }
  })

  it('sends the browser only to a path on this site, whatever the link asks for', async () => {
    const {response} = await get(enableUrl(await studioSecret(), 'https://localhost//evil.example'))
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/')
    const {response: noPath} = await get(
      `/api/preview/enable?sanity-preview-secret=${encodeURIComponent(await studioSecret())}`,
    )
    expect(noPath.headers.get('location')).toBe('/')
  })

  it('refuses a wrong or missing secret with 401, in words, and no cookie', async () => {
    const secret = await studioSecret()
    for (const url of [
      enableUrl(`${secret}x`),
      enableUrl('forged-secret'),
      '/api/preview/enable?sanity-preview-pathname=/',
    ]) {
      const {response, body} = await get(url)
      expect(response.status, url).toBe(401)
      expect(response.headers.get('set-cookie'), url).toBeNull()
      expect(response.headers.get('cache-control'), url).toBe('no-store')
      expect(body, url).toMatch(/Presentation tool in Sanity Studio/)
    }
  })

  it('refuses a secret of the wrong shape with 401 before asking the Content Lake anything', async () => {
    const secret = await studioSecret()
    expect(isPreviewSecretShape(secret)).toBe(true)
    const asked = standIn.requests.length
    for (const forged of ['forged-secret', 'A'.repeat(43), `${secret}x`, secret.slice(1), 'x'.repeat(5000)]) {
      expect(isPreviewSecretShape(forged), forged).toBe(false)
      expect((await get(enableUrl(forged))).response.status, forged).toBe(401)
    }
    expect(standIn.requests.length).toBe(asked)
  })

  it('limits attempts from one address, like the contact form: 429 with Retry-After once they run out', async () => {
    const limited = await withPreview()
    try {
      const forged = (await studioSecret()).replace(/^./, (first) => (first === 'M' ? 'N' : 'M'))
      const statuses: number[] = []
      for (let attempt = 0; attempt < PREVIEW_ATTEMPTS.limit; attempt++)
        statuses.push((await get(enableUrl(forged), {to: limited})).response.status)
      expect(new Set(statuses)).toEqual(new Set([401]))
      const genuine = await studioSecret()
      const asked = standIn.requests.length
      const {response, body} = await get(enableUrl(genuine), {to: limited})
      expect(response.status).toBe(429)
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(body).toMatch(/Too many attempts/)
      expect(standIn.requests.length).toBe(asked)
      clock = NOW + PREVIEW_ATTEMPTS.windowSeconds * 1000
      expect((await get(enableUrl(await studioSecret()), {to: limited})).response.status).toBe(307)
    } finally {
      await limited.close()
    }
  })

  it('refuses a secret older than an hour with 401', async () => {
    const secret = await studioSecret()
    expect((await get(enableUrl(secret))).response.status).toBe(307)
    const stale = new Date(Date.now() - 60 * 60 * 1000 - 1000).toISOString()
    const documents = await studioClient().fetch('*[]', {}, {perspective: 'raw'})
    standIn.setDocuments(
      documents.map((document: any) =>
        document.secret === secret ? {...document, _updatedAt: stale} : document,
      ),
    )
    const {response, body} = await get(enableUrl(secret))
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(body).toMatch(/expired/)
  })

  // Issue 37: the package also accepts the share-access singleton's secret, which never expires.
  it('refuses the "share access" secret with 401: it lasts until sharing is turned off, not an hour', async () => {
    const {secret} = await enablePreviewAccessSharing(studioClient(), 'test', STUDIO, 'user-1')
    expect(isPreviewSecretShape(secret)).toBe(true)
    const {response, body} = await get(enableUrl(secret))
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(body).toMatch(/Presentation tool in Sanity Studio/)
  })

  it('answers 502 in words when the Content Lake cannot check the secret', async () => {
    const closed = await startQueryApiStandIn({documents: []})
    await closed.close()
    const unreachable = await withPreview({SANITY_API_HOST: closed.url})
    errors.length = 0
    try {
      const {response, body} = await get(enableUrl(WELL_FORMED_SECRET), {to: unreachable})
      expect(response.status).toBe(502)
      expect(body).toMatch(/Content Lake did not answer/)
      expect(response.headers.get('set-cookie')).toBeNull()
      // The operator's log says why, once.
      expect(errors).toEqual([expect.stringMatching(/^Starting a preview failed: .+/)])
    } finally {
      await unreachable.close()
    }
  })

  it('says why when preview is off, and never starts a session', async () => {
    const off = await serve({})
    try {
      const {response, body} = await get(enableUrl('any-secret'), {to: off})
      expect(response.status).toBe(404)
      expect(body).toMatch(
        /^Preview is off: the site reads the bundled dataset \(SANITY_PROJECT_ID is not set\)/,
      )
      expect(response.headers.get('set-cookie')).toBeNull()
      const forged = signSession(KEY, NOW + SESSION_TTL_MS)
      expect((await get('/privacy-policy', {to: off, ...withSession(forged)})).body).toBe('public')
    } finally {
      await off.close()
    }
  })

  it('with a session, hands a page to the preview route with the drafts, its path, the exit and the server’s time', async () => {
    const session = sessionFrom((await get(enableUrl(await studioSecret()))).response)!
    const {response, body} = await get('/Refund&Cancellation-Policy?x=1', withSession(session))
    expect(response.status).toBe(200)
    expect(JSON.parse(body)).toEqual({
      url: '/preview/Refund&Cancellation-Policy?x=1',
      path: '/Refund&Cancellation-Policy',
      studioUrl: STUDIO,
      exitHref: '/api/preview/disable?redirect=%2FRefund%26Cancellation-Policy',
      source: expect.stringMatching(/^the Sanity Content Lake \(project test, .*, drafts perspective$/),
      // The texts in force on a preview page are those of the server's clock, not the machine's.
      now: new Date(clock).toISOString(),
    })
    expect(JSON.parse((await get('/', withSession(session))).body).url).toBe('/preview')
  })

  it('marks a preview answer: no-store, noindex, framed by the Studio only, beside the route’s own policy', async () => {
    const session = signSession(KEY, NOW + SESSION_TTL_MS)
    const {response} = await get('/privacy-policy', withSession(session))
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-robots-tag')).toBe('noindex')
    expect(response.headers.get('x-frame-options')).toBeNull()
    expect(response.headers.get('content-security-policy')).toBe(
      `${SECURITY_HEADERS['Content-Security-Policy']!.replace("'none'", STUDIO)}, script-src 'self' 'sha256-abc'`,
    )
  })

  it('serves everything else as before: public pages, the API, assets, other methods, and any request without a valid session', async () => {
    const session = signSession(KEY, NOW + SESSION_TTL_MS)
    for (const [path, init] of [
      ['/privacy-policy', {}],
      ['/privacy-policy', withSession(signSession(KEY, NOW - 1))],
      ['/privacy-policy', withSession(signSession(previewSessionKey('another token'), NOW + SESSION_TTL_MS))],
      ['/api/contact', withSession(session)],
      ['/_astro/page.css', withSession(session)],
      ['/sitemap-index.xml', withSession(session)],
      ['/privacy-policy', {...withSession(session), method: 'POST'}],
    ] as const) {
      const {response, body} = await get(path, init)
      expect(body, path).toBe('public')
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value)
      expect(response.headers.get('x-robots-tag'), path).toBeNull()
      // Compression's own Vary on what it may compress, and nothing of preview's: no `Vary: Cookie`.
      expect([null, 'Accept-Encoding'], path).toContain(response.headers.get('vary'))
    }
  })

  it('refuses the preview route itself without a session, with 401', async () => {
    for (const path of ['/preview', '/preview/privacy-policy']) {
      const {response, body} = await get(path)
      expect(response.status, path).toBe(401)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(body).toMatch(/for staff only/)
    }
  })

  it('ends when its hour is up', async () => {
    const session = sessionFrom((await get(enableUrl(await studioSecret()))).response)!
    clock = NOW + SESSION_TTL_MS - 1
    expect((await get('/about-us', withSession(session))).body).not.toBe('public')
    clock = NOW + SESSION_TTL_MS
    expect((await get('/about-us', withSession(session))).body).toBe('public')
  })

  it('leaves preview: the cookie is cleared with the same flags and the browser goes back to the page', async () => {
    const {response} = await get('/api/preview/disable?redirect=%2Fprivacy-policy')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/privacy-policy')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('set-cookie')).toBe(
      `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
    )
    const {response: away} = await get('/api/preview/disable?redirect=%2F%2Fevil.example')
    expect(away.headers.get('location')).toBe('/')
  })

  it('never shows the read token in any answer', () => {
    expect(answers.length).toBeGreaterThan(20)
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(TOKEN)
  })
})
