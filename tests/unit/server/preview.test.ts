import type {IncomingMessage} from 'node:http'
import {describe, expect, it} from 'vitest'
import {ConfigError, previewSessionKey, readConfig, type PreviewConfig} from '../../../src/config'
import {
  cookieValues,
  isPreviewablePage,
  isValidSession,
  previewRouteUrl,
  sessionCookie,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  signSession,
} from '../../../src/server/preview'
import {cameOverTls} from '../../../src/server/securityHeaders'
import {KEY, NOW, STUDIO, TOKEN} from '../../support/preview'
import {SANITY_API_VERSION} from '../../../model/sanityApi'

// The production server's preview, on a stand-in build, is in tests/built/server/preview.test.ts.

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
      target: {projectId: 'abc123', dataset: 'production', apiVersion: SANITY_API_VERSION, token: TOKEN},
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
      'SANITY_STUDIO_URL must be an address such as https://<name>.sanity.studio.',
    )
    expect(() => readConfig({...on, SANITY_STUDIO_URL: 'http://studio.example.com'})).toThrow(
      /SANITY_STUDIO_URL must be https \(http only for localhost\)/,
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
      // Issue 37: dot segments the router resolves, into Astro's own routes.
      '/%2e%2e/_image',
      '/x/../_image',
      '/privacy-policy/%2E%2E/%2e%2e/_image',
    ])
      expect(isPreviewablePage('GET', path), path).toBe(false)
  })

  it('are rendered by the preview route under /preview', () => {
    expect(previewRouteUrl('/', '')).toBe('/preview')
    expect(previewRouteUrl('/privacy-policy', '?a=1')).toBe('/preview/privacy-policy?a=1')
  })
})
