import {describe, expect} from 'vitest'
import {HSTS} from '../../../src/server/securityHeaders'
import {NOT_FOUND_PATH} from '../../support/site'
import {test} from '../../support/siteServer'
import {islandBody, postForm, postJson, rowsWith, validFields} from '../../support/contact'

const PUBLIC_ORIGIN = 'https://www.example.test'

// How the endpoint reads the proxy's headers is in http.test.ts; this file checks that the server
// passes TRUST_PROXY, SITE_URL and the rate limit to it, and keeps one count for its whole life.
const it = test.extend('proxied', {scope: 'file'}, ({startSite}) =>
  startSite({TRUST_PROXY: '1', SITE_URL: PUBLIC_ORIGIN, CONTACT_RATE_LIMIT: '2'}),
)

describe('behind a reverse proxy with TLS (TRUST_PROXY=1, SITE_URL on https)', () => {
  it('accepts a form posted from the public https address without JavaScript', async ({proxied}) => {
    const fields = validFields()
    const response = await postForm(proxied.url, fields, {
      origin: PUBLIC_ORIGIN,
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toMatch(/^\/api\/contact\/sent\?reference=[0-9A-F]{8}$/)
    expect(rowsWith(proxied.dbPath, fields.message)).toHaveLength(1)
  })

  it('counts CONTACT_RATE_LIMIT posts per visitor address the proxy appended to X-Forwarded-For', async ({
    proxied,
  }) => {
    const from = (forwardedFor: string) =>
      postJson(proxied.url, islandBody(validFields()), {
        origin: PUBLIC_ORIGIN,
        'x-forwarded-for': forwardedFor,
      })
    expect((await from('198.51.100.20')).status).toBe(201)
    expect((await from('198.51.100.20')).status).toBe(201)
    // What the visitor claimed before the proxy's entry does not make a new visitor.
    expect((await from('192.0.2.1, 198.51.100.20')).status).toBe(429)
    expect((await from('198.51.100.21')).status).toBe(201)
  })

  // Issue 37: 2001:db8:1:2::101 to ::115 each had their own allowance: one /64 sent without end.
  it('counts one IPv6 /64 as one visitor, whichever of its addresses the proxy saw', async ({proxied}) => {
    const statuses = []
    for (const host of ['101', '102', '103', '115'])
      statuses.push(
        (
          await postJson(proxied.url, islandBody(validFields()), {
            origin: PUBLIC_ORIGIN,
            'x-forwarded-for': `2001:db8:1:2::${host}`,
          })
        ).status,
      )
    expect(statuses).toEqual([201, 201, 429, 429])
  })

  it('sends Strict-Transport-Security only when the proxy says the request came over https', async ({
    proxied,
  }) => {
    for (const path of ['/', '/privacy-policy', NOT_FOUND_PATH]) {
      const https = await fetch(proxied.url + path, {headers: {'x-forwarded-proto': 'https'}})
      expect(https.headers.get('strict-transport-security'), `${path} via https`).toBe(HSTS)
      const plain = await fetch(proxied.url + path)
      expect(plain.headers.get('strict-transport-security'), `${path} without X-Forwarded-Proto`).toBeNull()
      const http = await fetch(proxied.url + path, {headers: {'x-forwarded-proto': 'http'}})
      expect(http.headers.get('strict-transport-security'), `${path} via http`).toBeNull()
      await Promise.all([https.arrayBuffer(), plain.arrayBuffer(), http.arrayBuffer()])
    }
  })
})

describe('without TRUST_PROXY', () => {
  test('a made-up X-Forwarded-For does not escape the rate limit, counted across every request to the server', async ({
    startSite,
  }) => {
    const site = await startSite({CONTACT_RATE_LIMIT: '2'})
    const statuses = []
    for (const forwardedFor of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push(
        (await postJson(site.url, islandBody(validFields()), {'x-forwarded-for': forwardedFor})).status,
      )
    }
    expect(statuses).toEqual([201, 201, 429])
  })
})

test('a SITE_URL without a scheme stops the server at start with an error naming SITE_URL, instead of refusing every message later', async ({
  startSite,
}) => {
  await expect(startSite({SITE_URL: 'www.example.test'})).rejects.toThrow(
    /exited early[\s\S]*SITE_URL must be an address such as https:\/\//,
  )
})
