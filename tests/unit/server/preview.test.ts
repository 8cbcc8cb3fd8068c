import {mkdtempSync, rmSync} from 'node:fs'
import type {IncomingMessage} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createPreviewSecret} from '@sanity/preview-url-secret/create-secret'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {ConfigError, previewSessionKey, readConfig, type PreviewConfig} from '../../../src/config'
import {
  cookieValues,
  isPreviewablePage,
  isPreviewSecretShape,
  isValidSession,
  PREVIEW_ATTEMPTS,
  previewRouteUrl,
  sessionCookie,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  signSession,
} from '../../../src/server/preview'
import {cameOverTls, SECURITY_HEADERS} from '../../../src/server/securityHeaders'
import {createSiteServer, type ServedSite} from '../../../src/server/siteServer'
import {contactContent} from '../../support/memoryStore'
import {standInClient, startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'

const TOKEN = 'sk-read-token-that-must-stay-on-the-server'
const STUDIO = 'https://studio.medistay.example'
const NOW = Date.parse('2026-03-01T10:00:00Z')
const KEY = previewSessionKey(TOKEN)
/** Shaped like a secret Studio makes (32 hex digits in base64url), but never written by one. */
const WELL_FORMED_SECRET = Buffer.from('0123456789abcdef0123456789abcdef').toString('base64url')

describe('the configuration of preview', () => {
  const on = {
    SANITY_PROJECT_ID: 'abc123',
    SANITY_API_READ_TOKEN: TOKEN,
    SANITY_STUDIO_URL: `${STUDIO}/desk`,
  }

  it('is on with a Sanity project, a read token and the Studio address, and reads that project with the token', () => {
    const preview = readConfig(on).preview
    expect(preview).toMatchObject({
      enabled: true,
      target: {projectId: 'abc123', dataset: 'production', apiVersion: '2025-02-19', token: TOKEN},
      studioUrl: `${STUDIO}/desk`,
      studioOrigin: STUDIO,
    })
  })

  it('is off on the bundled dataset, and says so', () => {
    expect(readConfig({}).preview).toEqual({
      enabled: false,
      reason:
        'Preview is off: the site reads the bundled dataset (SANITY_PROJECT_ID is not set); ' +
        'preview also needs SANITY_API_READ_TOKEN and SANITY_STUDIO_URL',
    })
    expect(readConfig({...on, SANITY_PROJECT_ID: ''}).preview).toEqual({
      enabled: false,
      reason: 'Preview is off: the site reads the bundled dataset (SANITY_PROJECT_ID is not set)',
    })
  })

  it('is off without the read token or the Studio address, naming what is missing', () => {
    expect(readConfig({...on, SANITY_API_READ_TOKEN: ''}).preview).toEqual({
      enabled: false,
      reason: 'Preview is off: SANITY_API_READ_TOKEN is not set',
    })
    expect(readConfig({...on, SANITY_STUDIO_URL: ''}).preview).toEqual({
      enabled: false,
      reason: 'Preview is off: SANITY_STUDIO_URL is not set',
    })
    expect(readConfig({SANITY_PROJECT_ID: 'abc123'}).preview).toEqual({
      enabled: false,
      reason: 'Preview is off: SANITY_API_READ_TOKEN and SANITY_STUDIO_URL are not set',
    })
  })

  it('refuses a Studio address that is not one, or is plain http anywhere but this machine', () => {
    expect(() => readConfig({...on, SANITY_STUDIO_URL: 'studio.medistay.example'})).toThrow(ConfigError)
    expect(() => readConfig({...on, SANITY_STUDIO_URL: 'studio.medistay.example'})).toThrow(
      'SANITY_STUDIO_URL="studio.medistay.example" must be an address such as https://<name>.sanity.studio.',
    )
    expect(() => readConfig({...on, SANITY_STUDIO_URL: 'http://studio.example.com'})).toThrow(
      /SANITY_STUDIO_URL="http:\/\/studio\.example\.com" must be https \(http only for localhost\)/,
    )
    for (const local of ['http://localhost:3333', 'http://127.0.0.1:3333', 'http://[::1]:3333'])
      expect(readConfig({...on, SANITY_STUDIO_URL: local}).preview).toMatchObject({
        enabled: true,
        studioOrigin: local,
      })
  })

  it('signs sessions with a key derived from the token: the same on every server, another after the token changes', () => {
    const {sessionKey} = readConfig(on).preview as Extract<PreviewConfig, {enabled: true}>
    expect(sessionKey).toHaveLength(32)
    expect(sessionKey.equals(previewSessionKey(TOKEN))).toBe(true)
    expect(sessionKey.equals(previewSessionKey(`${TOKEN}-rotated`))).toBe(false)
    expect(sessionKey.toString('utf8')).not.toContain(TOKEN)
    const session = signSession(sessionKey, NOW + SESSION_TTL_MS)
    expect(isValidSession(session, previewSessionKey(`${TOKEN}-rotated`), NOW)).toBe(false)
  })
})

describe('a preview session', () => {
  it('is valid until its expiry, an hour after it starts', () => {
    expect(SESSION_TTL_MS).toBe(60 * 60 * 1000)
    const session = signSession(KEY, NOW + SESSION_TTL_MS)
    expect(session).toMatch(/^\d+\.[\w-]{43}$/)
    expect(isValidSession(session, KEY, NOW)).toBe(true)
    expect(isValidSession(session, KEY, NOW + SESSION_TTL_MS - 1)).toBe(true)
    expect(isValidSession(session, KEY, NOW + SESSION_TTL_MS)).toBe(false)
  })

  it('is refused when its expiry or signature is changed, or it is not one at all', () => {
    const session = signSession(KEY, NOW + SESSION_TTL_MS)
    const [expiry, signature] = session.split('.') as [string, string]
    expect(isValidSession(`${Number(expiry) + SESSION_TTL_MS}.${signature}`, KEY, NOW)).toBe(false)
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    expect(isValidSession(`${expiry}.${flipped}`, KEY, NOW)).toBe(false)
    expect(isValidSession(`${expiry}.${signature.slice(1)}`, KEY, NOW)).toBe(false)
    for (const garbage of [
      undefined,
      '',
      expiry,
      `${expiry}.`,
      `.${signature}`,
      `x${session}`,
      `${session}x`,
    ])
      expect(isValidSession(garbage, KEY, NOW), String(garbage)).toBe(false)
  })

  it('is read from the Cookie header among other cookies', () => {
    expect(cookieValues(`theme=dark; ${SESSION_COOKIE}=1.abc;other=2`, SESSION_COOKIE)).toEqual(['1.abc'])
    expect(cookieValues(undefined, SESSION_COOKIE)).toEqual([])
    expect(cookieValues(`x${SESSION_COOKIE}=1.abc`, SESSION_COOKIE)).toEqual([])
  })
})

describe('the session cookie', () => {
  it('over TLS is HttpOnly, Secure, SameSite=None and Partitioned, so it works inside the Studio frame', () => {
    expect(sessionCookie('v', {secure: true, maxAgeSeconds: 3600})).toBe(
      `${SESSION_COOKIE}=v; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=None; Partitioned`,
    )
  })

  it('over plain http is HttpOnly and SameSite=Lax, since browsers refuse SameSite=None without Secure', () => {
    expect(sessionCookie('v', {secure: false, maxAgeSeconds: 3600})).toBe(
      `${SESSION_COOKIE}=v; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`,
    )
  })

  it('counts a request as TLS when its socket is encrypted, or a trusted proxy says https', () => {
    const request = (encrypted: boolean, proto?: string) =>
      ({
        socket: encrypted ? {encrypted: true} : {},
        headers: {'x-forwarded-proto': proto},
      }) as unknown as IncomingMessage
    expect(cameOverTls(request(true), false)).toBe(true)
    expect(cameOverTls(request(false), false)).toBe(false)
    expect(cameOverTls(request(false, 'https'), true)).toBe(true)
    expect(cameOverTls(request(false, 'https'), false)).toBe(false)
  })
})

describe('which requests are preview pages', () => {
  it('GET and HEAD of a page: not the API, not assets, not files other than pages', () => {
    for (const path of [
      '/',
      '/privacy-policy',
      '/Refund&Cancellation-Policy',
      '/policy-changes/x/2',
      '/a.html',
    ])
      expect(isPreviewablePage('GET', path), path).toBe(true)
    expect(isPreviewablePage('HEAD', '/about-us')).toBe(true)
    expect(isPreviewablePage('POST', '/about-us')).toBe(false)
    for (const path of [
      '/api/contact',
      '/api',
      '/_astro/page.abc.css',
      '/_astro/client.js',
      '/favicon.svg',
      '/favicon.ico',
      '/sitemap-index.xml',
      '/policy-changes.atom',
      '/robots.txt',
      '/manifest.json',
      '/about-us/',
    ])
      expect(isPreviewablePage('GET', path), path).toBe(false)
  })

  it('are rendered by the preview route under /preview', () => {
    expect(previewRouteUrl('/', '')).toBe('/preview')
    expect(previewRouteUrl('/privacy-policy', '?a=1')).toBe('/preview/privacy-policy?a=1')
  })
})

/** A build that answers every public request "public" and shows what its preview route was handed. */
const standInBuild: ServedSite = {
  dir: 'the stand-in build',
  codeDir: 'the stand-in build',
  contactContent: contactContent(),
  policySchedule: {versions: []},
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

  it('answers 502 in words when the Content Lake cannot check the secret', async () => {
    const closed = await startQueryApiStandIn({documents: []})
    await closed.close()
    const unreachable = await withPreview({SANITY_API_HOST: closed.url})
    try {
      const {response, body} = await get(enableUrl(WELL_FORMED_SECRET), {to: unreachable})
      expect(response.status).toBe(502)
      expect(body).toMatch(/Content Lake did not answer/)
      expect(response.headers.get('set-cookie')).toBeNull()
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

  it('with a session, hands a page to the preview route with the drafts, its path and the exit', async () => {
    const session = sessionFrom((await get(enableUrl(await studioSecret()))).response)!
    const {response, body} = await get('/Refund&Cancellation-Policy?x=1', withSession(session))
    expect(response.status).toBe(200)
    expect(JSON.parse(body)).toEqual({
      url: '/preview/Refund&Cancellation-Policy?x=1',
      path: '/Refund&Cancellation-Policy',
      studioUrl: STUDIO,
      exitHref: '/api/preview/disable?redirect=%2FRefund%26Cancellation-Policy',
      source: expect.stringMatching(/^the Sanity Content Lake \(project test, .*, drafts perspective$/),
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
