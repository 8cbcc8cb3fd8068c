import {describe, expect} from 'vitest'
import {test} from '../../support/siteServer'
import {islandBody, postForm, postJson, rowById, rowsWith, safeJson, validFields} from '../../support/contact'

// What the endpoint answers to every kind of request is in http.test.ts and service.test.ts; this
// file checks that the production server routes POST /api/contact to them and to its store.
const it = test.extend('site', {scope: 'file'}, ({startSite}) => startSite())

describe('POST /api/contact on the production server', () => {
  it('stores a message from the island in the SQLite file CONTACT_DB_PATH names, and answers 201 with its id', async ({
    site,
  }) => {
    const fields = validFields()
    const response = await postJson(site.url, islandBody(fields))
    expect(response.status).toBe(201)
    const {id} = await response.json()
    expect(rowById(site.dbPath, id)).toMatchObject({...fields, notified_at: null, notification_attempts: 0})
  })

  it('answers uncompressed, its answers being a few hundred bytes, while the pages travel gzipped', async ({
    site,
  }) => {
    const gzip = {'accept-encoding': 'gzip'}
    const answer = await postJson(site.url, islandBody(validFields()), gzip)
    expect(answer.status).toBe(201)
    expect(answer.headers.get('content-encoding')).toBeNull()
    const page = await fetch(`${site.url}/contact-us`, {headers: gzip})
    expect(page.headers.get('content-encoding')).toBe('gzip')
  })

  it("stores an ordinary form post without JavaScript and sends the visitor to the page with the message's reference", async ({
    site,
  }) => {
    const fields = validFields()
    const response = await postForm(site.url, {...fields, website: ''})
    expect(response.status).toBe(303)
    const [row] = rowsWith(site.dbPath, fields.message)
    expect(row).toEqual(expect.objectContaining(fields))
    const location = new URL(response.headers.get('location')!, site.url)
    expect(location.pathname + location.search).toBe(
      `/api/contact/sent?reference=${row!.id.slice(0, 8).toUpperCase()}`,
    )
    // The page it lands on is there.
    expect((await fetch(location)).status).toBe(200)
  })

  it('answers GET, PUT and DELETE with 405 and Allow: POST', async ({site}) => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${site.url}/api/contact`, {
        method,
        headers: {origin: site.url, 'content-type': 'application/json'},
        body: method === 'GET' ? undefined : islandBody(validFields()),
      })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'methodNotAllowed'})
    }
  })
})
