import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {startSiteServer, type RunningServer} from '../support/processes'
import {
  islandBody,
  postForm,
  postJson,
  rowCount,
  rowsWith,
  safeJson,
  scratchFolder,
  validFields,
} from './support'

describe('the rate limit (CONTACT_RATE_LIMIT=3 per CONTACT_RATE_WINDOW_SECONDS=60)', () => {
  const folder = scratchFolder('rate')
  const dbPath = join(folder.path, 'messages.sqlite')
  let server: RunningServer

  beforeAll(async () => {
    server = await startSiteServer(inject('distDir'), {
      CONTACT_DB_PATH: dbPath,
      CONTACT_RATE_LIMIT: '3',
      CONTACT_RATE_WINDOW_SECONDS: '60',
    })
  })
  afterAll(async () => {
    await server?.stop()
    folder.remove()
  })

  it('stores three messages from one address, then answers the fourth with 429 and Retry-After, storing nothing', async () => {
    const base = server.url
    for (let i = 1; i <= 3; i++) {
      const response = await postJson(base, islandBody(validFields()))
      expect(response.status, `message ${i}`).toBe(201)
    }
    expect(rowCount(dbPath)).toBe(3)

    const fourth = validFields()
    const response = await postJson(base, islandBody(fourth))
    expect(response.status).toBe(429)
    const retryAfter = response.headers.get('retry-after')
    expect(retryAfter).toMatch(/^\d+$/)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(60)
    const body = await safeJson(response)
    expect(body).toMatchObject({ok: false, error: 'rateLimited', retryAfterSeconds: Number(retryAfter)})
    expect(rowCount(dbPath)).toBe(3)
    expect(rowsWith(dbPath, fourth.message)).toEqual([])
  })

  it('sends a form post without JavaScript over the limit to /contact-us#message-rate-limited (303), storing nothing', async () => {
    const fields = validFields()
    const response = await postForm(server.url, {...fields, website: ''})
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!, server.url)
    expect(location.pathname + location.hash).toBe('/contact-us#message-rate-limited')
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(rowCount(dbPath)).toBe(3)
  })
})
