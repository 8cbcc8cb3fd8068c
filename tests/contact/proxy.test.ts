import {join} from 'node:path'
import {afterAll, describe, expect, inject, it} from 'vitest'
import {startSiteServer, type RunningServer} from '../support/processes'
import {islandBody, postForm, postJson, rowsWith, scratchFolder, validFields} from './support'

const PUBLIC_ORIGIN = 'https://www.example.test'

describe('behind a reverse proxy with TLS', () => {
  const folder = scratchFolder('proxy')
  const servers: RunningServer[] = []
  afterAll(async () => {
    for (const server of servers) await server.stop()
    folder.remove()
  })

  async function server(env: Record<string, string>) {
    const started = await startSiteServer(inject('distDir'), {
      CONTACT_DB_PATH: join(folder.path, `${servers.length}.sqlite`),
      CONTACT_RATE_LIMIT: '2',
      ...env,
    })
    servers.push(started)
    return started
  }

  it('accepts a form posted from the public https address without JavaScript', async () => {
    const site = await server({TRUST_PROXY: '1', SITE_URL: PUBLIC_ORIGIN})
    const fields = validFields()
    const response = await postForm(site.url, fields, {
      origin: PUBLIC_ORIGIN,
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/contact-us#message-sent')
    expect(rowsWith(join(folder.path, '0.sqlite'), fields.message)).toHaveLength(1)
  })

  it('counts the rate limit per visitor named by the trusted proxy', async () => {
    const site = await server({TRUST_PROXY: '1', SITE_URL: PUBLIC_ORIGIN})
    const from = (address: string) =>
      postJson(site.url, islandBody(validFields()), {origin: PUBLIC_ORIGIN, 'x-forwarded-for': address})
    expect((await from('203.0.113.7')).status).toBe(201)
    expect((await from('203.0.113.7')).status).toBe(201)
    expect((await from('203.0.113.7')).status).toBe(429)
    expect((await from('198.51.100.9')).status).toBe(201)
  })

  it('a SITE_URL without a scheme is ignored, not turned into refusals of every message', async () => {
    const site = await server({SITE_URL: 'www.example.test'})
    expect((await postJson(site.url, islandBody(validFields()))).status).toBe(201)
  })

  it('without TRUST_PROXY, a made-up X-Forwarded-For does not escape the rate limit', async () => {
    const site = await server({})
    const statuses = []
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push(
        (await postJson(site.url, islandBody(validFields()), {'x-forwarded-for': address})).status,
      )
    }
    expect(statuses).toEqual([201, 201, 429])
  })
})
