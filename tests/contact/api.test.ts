import {randomUUID} from 'node:crypto'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {startSiteServer, type RunningServer} from '../support/processes'
import {
  islandBody,
  marker,
  postForm,
  postJson,
  rowById,
  rowCount,
  rowsWith,
  safeBody,
  safeJson,
  scratchFolder,
  validFields,
} from './support'

/**
 * POST /api/contact against a production server of the test build with its own, fresh SQLite
 * file, so every test can count the stored rows exactly.
 */
describe('POST /api/contact', () => {
  const folder = scratchFolder('api')
  const dbPath = join(folder.path, 'messages.sqlite')
  let server: RunningServer
  let base: string

  beforeAll(async () => {
    server = await startSiteServer(inject('distDir'), {CONTACT_DB_PATH: dbPath, CONTACT_RATE_LIMIT: '10000'})
    base = server.url
  })
  afterAll(async () => {
    await server?.stop()
    folder.remove()
  })

  /** Sends a request and checks that the number of stored messages did not change. */
  async function storesNothing(send: () => Promise<Response>): Promise<Response> {
    const before = rowCount(dbPath)
    const response = await send()
    // Let a late write (if there were one) land before counting.
    const copy = response.clone()
    await copy.arrayBuffer().catch(() => undefined)
    expect(rowCount(dbPath), 'rows stored').toBe(before)
    return response
  }

  describe('takes the longest message the rules allow, in any script', () => {
    it('3,000 characters of four-byte emoji as JSON (201)', async () => {
      const fields = {...validFields(), message: '🙏'.repeat(3000)}
      const response = await postJson(base, islandBody(fields))
      expect(response.status).toBe(201)
      expect(rowById(dbPath, (await response.json()).id)?.message).toBe(fields.message)
    })

    it('3,000 characters of Devanagari as a form post without JavaScript (303, stored)', async () => {
      const fields = {...validFields(), message: 'नमस्ते'.repeat(500)}
      expect([...fields.message]).toHaveLength(3000)
      const response = await postForm(base, fields)
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/contact-us#message-sent')
      expect(rowsWith(dbPath, fields.message)).toHaveLength(1)
    })

    it('a form post too large to read gets a short page in words with the way back, not JSON (413)', async () => {
      const response = await storesNothing(() =>
        postForm(base, {...validFields(), message: 'x'.repeat(20_000), subject: 'UNIQUE-SUBJECT-413'}),
      )
      expect(response.status).toBe(413)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      const page = await safeBody(response)
      expect(page).toContain('href="/contact-us"')
      expect(page).not.toContain('UNIQUE-SUBJECT-413')
    })
  })

  describe('stores a good message', () => {
    it('exactly once, with all five fields, and answers 201 with its id and nothing else', async () => {
      const fields = validFields()
      const before = rowCount(dbPath)
      const response = await postJson(base, islandBody(fields))
      expect(response.status).toBe(201)
      const body = await response.json()
      expect(Object.keys(body).sort()).toEqual(['id', 'ok'])
      expect(body.ok).toBe(true)
      expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)

      expect(rowCount(dbPath)).toBe(before + 1)
      const row = rowById(dbPath, body.id)
      expect(row).toMatchObject({...fields, notified_at: null, notification_attempts: 0})
      expect(Date.now() - Date.parse(row!.received_at)).toBeLessThan(60_000)
    })

    it('only once when the same submissionId is sent again (200 with the same id)', async () => {
      const submissionId = randomUUID()
      const fields = validFields()
      const first = await postJson(base, islandBody(fields, {submissionId}))
      expect(first.status).toBe(201)
      await expect(first.json()).resolves.toEqual({ok: true, id: submissionId})
      const afterFirst = rowCount(dbPath)

      const again = await postJson(
        base,
        islandBody({...fields, message: fields.message + ' (sent again)'}, {submissionId}),
      )
      expect(again.status).toBe(200)
      await expect(again.json()).resolves.toEqual({ok: true, id: submissionId})
      expect(rowCount(dbPath)).toBe(afterFirst)
      // The first copy is kept, not overwritten.
      expect(rowById(dbPath, submissionId)?.message).toBe(fields.message)
      // The id is matched however it is written.
      const upper = await postJson(base, islandBody(fields, {submissionId: submissionId.toUpperCase()}))
      expect(upper.status).toBe(200)
      expect(rowCount(dbPath)).toBe(afterFirst)
    })

    it('from an ordinary form post without JavaScript, and sends the visitor to /contact-us#message-sent (303)', async () => {
      const fields = validFields()
      const before = rowCount(dbPath)
      const response = await postForm(base, {...fields, website: ''})
      expect(response.status).toBe(303)
      const location = new URL(response.headers.get('location')!, base)
      expect(location.pathname + location.hash).toBe('/contact-us#message-sent')
      expect(rowCount(dbPath)).toBe(before + 1)
      const [row] = rowsWith(dbPath, fields.message)
      expect(row).toMatchObject(fields)
    })

    it('with script tags in it as plain text, verbatim, without echoing them in the answer or on the contact page', async () => {
      const ref = marker()
      const fields = {
        name: '<b onmouseover="alert(1)">Ravi</b>',
        email: 'ravi@example.com',
        phone: '',
        subject: '"><script>alert(document.cookie)</script>',
        message: `<script>alert("${ref}")</script>\n<img src=x onerror=alert(2)> & &amp; ' --`,
      }
      const response = await postJson(base, islandBody(fields))
      expect(response.status).toBe(201)
      const text = await response.text()
      expect(text).not.toContain('script')
      expect(text).not.toContain(ref)
      expect(Object.keys(JSON.parse(text)).sort()).toEqual(['id', 'ok'])

      const [row] = rowsWith(dbPath, ref)
      expect(row).toMatchObject(fields)

      const page = await fetch(base + '/contact-us')
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('<form')
      expect(html).not.toContain(ref)
      expect(html).not.toContain('alert(document.cookie)')
    })

    it('with unusual Unicode cleaned: NFC, bidi overrides and control characters removed, emoji and Indian scripts intact', async () => {
      const ref = marker()
      const devanagari = 'नमस्ते, मुझे हैदराबाद में घुटने के डॉक्टर चाहिए।'
      const telugu = 'నమస్కారం, నాకు హైదరాబాద్\u200Cలో డాక్టర్ కావాలి.' // with a zero-width non-joiner, which Telugu needs
      const emoji = '👩🏽\u200D⚕️ 🙏🏽 🏥'
      const response = await postJson(
        base,
        islandBody({
          name: 'Jose\u0301\u202E Kumar\u202C\u0000',
          email: 'jose@example.com',
          phone: '\u200E+91 98765 43210\u200F',
          subject: '\u2066Invoice\u2069\u00A0\u00A0\u200Egdp.exe',
          message: `${ref}\r\n${devanagari}\r\n${telugu}\u0007\n${emoji}\u202E\uFEFF\n${'Cafe\u0301'}`,
        }),
      )
      expect(response.status).toBe(201)
      const [row] = rowsWith(dbPath, ref)
      expect(row).toMatchObject({
        name: 'José Kumar',
        phone: '+91 98765 43210',
        subject: 'Invoice gdp.exe',
        message: `${ref}\n${devanagari}\n${telugu}\n${emoji}\nCaf\u00E9`,
      })
      for (const value of [row!.name, row!.subject, row!.message]) {
        expect(value).toBe(value.normalize('NFC'))
        expect(value).not.toMatch(
          // eslint-disable-next-line no-control-regex -- the test looks for control characters
          /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/,
        )
      }
    })
  })

  describe('refuses and stores nothing', () => {
    it('malformed JSON (400)', async () => {
      for (const body of [
        '{"name": "Ravi", "message": ',
        'not json',
        '',
        '["an", "array"]',
        'null',
        '"a string"',
      ]) {
        const response = await storesNothing(() => postJson(base, body))
        expect(response.status, body).toBe(400)
        expect(await safeJson(response)).toMatchObject({ok: false, error: 'malformed'})
      }
    })

    it('a body that is not UTF-8 (400)', async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"email":"a@b.co","elapsedMs":4000,"message":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('"}'),
      ])
      const response = await storesNothing(() =>
        fetch(base + '/api/contact', {
          method: 'POST',
          headers: {'content-type': 'application/json', origin: base},
          body: bytes,
        }),
      )
      expect(response.status).toBe(400)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'malformed'})
    })

    it('a body over 16 KB with its Content-Length declared (413)', async () => {
      const body = islandBody({...validFields(), message: 'x'.repeat(17 * 1024)})
      const response = await storesNothing(() => postJson(base, body))
      expect(response.status).toBe(413)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'tooLarge'})
    })

    it('a body over 16 KB sent in chunks without a Content-Length (413)', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(4096))
      let sent = 0
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"email":"a@b.co","elapsedMs":4000,"message":"'))
        },
        pull(controller) {
          // 24 KB of message, then the end of the JSON: a valid message apart from its size.
          if (sent < 6) {
            sent++
            controller.enqueue(chunk)
          } else {
            controller.enqueue(new TextEncoder().encode('"}'))
            controller.close()
          }
        },
      })
      const response = await storesNothing(() =>
        fetch(base + '/api/contact', {
          method: 'POST',
          headers: {'content-type': 'application/json', origin: base},
          body: stream,
          duplex: 'half',
        } as RequestInit),
      )
      expect(response.status).toBe(413)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'tooLarge'})
    })

    it('a plain-text body from our own origin (415)', async () => {
      const response = await storesNothing(() =>
        postJson(base, islandBody(validFields()), {'content-type': 'text/plain'}),
      )
      expect(response.status).toBe(415)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'unsupportedMediaType'})
    })

    it('a multipart form from our own origin (415)', async () => {
      const form = new FormData()
      for (const [name, value] of Object.entries(validFields())) form.set(name, value)
      const response = await storesNothing(() =>
        fetch(base + '/api/contact', {
          method: 'POST',
          headers: {origin: base},
          body: form,
          redirect: 'manual',
        }),
      )
      expect(response.status).toBe(415)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'unsupportedMediaType'})
    })

    it('other content types, or none (415)', async () => {
      for (const type of ['application/xml', 'application/x-json', undefined]) {
        const response = await storesNothing(() =>
          fetch(base + '/api/contact', {
            method: 'POST',
            headers: type ? {'content-type': type, origin: base} : {origin: base},
            body: type ? islandBody(validFields()) : new Blob([islandBody(validFields())]),
          }),
        )
        expect(response.status, String(type)).toBe(415)
        expect(await safeJson(response)).toMatchObject({ok: false, error: 'unsupportedMediaType'})
      }
    })

    it('plain-text and multipart posts from another site (403: the origin is checked first)', async () => {
      const multipart = new FormData()
      for (const [name, value] of Object.entries(validFields())) multipart.set(name, value)
      for (const [label, init] of [
        [
          'text/plain',
          {
            headers: {'content-type': 'text/plain', origin: 'http://evil.example'},
            body: islandBody(validFields()),
          },
        ],
        ['multipart', {headers: {origin: 'http://evil.example'}, body: multipart}],
      ] as const) {
        const response = await storesNothing(() =>
          fetch(base + '/api/contact', {method: 'POST', redirect: 'manual', ...init}),
        )
        expect(response.status, label).toBe(403)
        await safeBody(response)
      }
    })

    it('missing fields, naming each problem (422 replyRequired and messageRequired)', async () => {
      const response = await storesNothing(() =>
        postJson(base, islandBody({name: 'Ravi Kumar', subject: 'Hello'})),
      )
      expect(response.status).toBe(422)
      const body = await safeJson(response)
      expect(body).toMatchObject({ok: false, error: 'invalid'})
      expect(body.fieldErrors).toEqual({email: 'replyRequired', message: 'messageRequired'})
      expect(Object.keys(body.fieldMessages).sort()).toEqual(['email', 'message'])
      expect(body.fieldMessages.email).toMatch(/e-mail address or a phone number/)
    })

    it('invalid fields, without echoing what was sent (422)', async () => {
      const ref = marker()
      const response = await storesNothing(() =>
        postJson(
          base,
          islandBody({
            name: `<script>${ref}</script>`,
            email: `not-an-email-${ref}`,
            phone: `call ${ref}`,
            message: 'x'.repeat(5001),
          }),
        ),
      )
      expect(response.status).toBe(422)
      const text = await safeBody(response)
      expect(text).not.toContain(ref)
      expect(text).not.toContain('script')
      expect(JSON.parse(text).fieldErrors).toEqual({
        email: 'emailInvalid',
        phone: 'phoneInvalid',
        message: 'tooLong',
      })
    })

    it('fields of the wrong type (422 invalid)', async () => {
      const response = await storesNothing(() =>
        postJson(base, islandBody({...validFields(), name: {first: 'Ravi'}, subject: 42})),
      )
      expect(response.status).toBe(422)
      expect((await safeJson(response)).fieldErrors).toEqual({name: 'invalid', subject: 'invalid'})
    })

    it('a JSON post from another origin (403 crossOrigin)', async () => {
      const response = await storesNothing(() =>
        postJson(base, islandBody(validFields()), {origin: 'http://evil.example'}),
      )
      expect(response.status).toBe(403)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'crossOrigin'})
    })

    it('a JSON post with no Origin, or Origin null (403 crossOrigin)', async () => {
      for (const origin of [undefined, 'null']) {
        const response = await storesNothing(() => postJson(base, islandBody(validFields()), {origin}))
        expect(response.status, String(origin)).toBe(403)
        expect(await safeJson(response)).toMatchObject({ok: false, error: 'crossOrigin'})
      }
    })

    it('a JSON post from a look-alike origin: another port or scheme (403)', async () => {
      const url = new URL(base)
      for (const origin of [
        `http://${url.hostname}:${Number(url.port) + 1}`,
        `https://${url.host}`,
        `http://localhost.evil.example:${url.port}`,
      ]) {
        const response = await storesNothing(() => postJson(base, islandBody(validFields()), {origin}))
        expect(response.status, origin).toBe(403)
        await safeBody(response)
      }
    })

    it('an ordinary form post from another site (403)', async () => {
      const response = await storesNothing(() =>
        postForm(base, {...validFields(), website: ''}, {origin: 'http://evil.example'}),
      )
      expect(response.status).toBe(403)
      await safeBody(response)
    })

    it('an ordinary form post with no Origin (403)', async () => {
      const response = await storesNothing(() =>
        postForm(base, {...validFields(), website: ''}, {origin: undefined}),
      )
      expect(response.status).toBe(403)
      await safeBody(response)
    })

    it('a filled-in honeypot (400 rejected)', async () => {
      const response = await storesNothing(() =>
        postJson(base, islandBody(validFields(), {website: 'https://spam.example'})),
      )
      expect(response.status).toBe(400)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'rejected'})
    })

    it('a form sent faster than a person can fill it, or without the measure (400 rejected)', async () => {
      for (const elapsedMs of [0, 500, 2499, 'soon', null, -1]) {
        const response = await storesNothing(() => postJson(base, islandBody(validFields(), {elapsedMs})))
        expect(response.status, String(elapsedMs)).toBe(400)
        expect(await safeJson(response)).toMatchObject({ok: false, error: 'rejected'})
      }
      const {elapsedMs, ...withoutMeasure} = JSON.parse(islandBody(validFields()))
      expect(elapsedMs).toBeGreaterThan(2500)
      const response = await storesNothing(() => postJson(base, JSON.stringify(withoutMeasure)))
      expect(response.status).toBe(400)
      await safeJson(response)
    })

    it('accepts a fill time at exactly the minimum of 2,500 ms', async () => {
      const fields = validFields()
      const response = await postJson(base, islandBody(fields, {elapsedMs: 2500}))
      expect(response.status).toBe(201)
      expect(rowsWith(dbPath, fields.message)).toHaveLength(1)
    })

    it('an invalid ordinary form post, sending the visitor to /contact-us#message-invalid (303)', async () => {
      const response = await storesNothing(() =>
        postForm(base, {name: 'Ravi', email: '', phone: '', subject: '', message: ''}),
      )
      expect(response.status).toBe(303)
      const location = new URL(response.headers.get('location')!, base)
      expect(location.pathname + location.hash).toBe('/contact-us#message-invalid')
    })

    it('an ordinary form post with the honeypot filled, sending the visitor to #message-invalid (303)', async () => {
      const response = await storesNothing(() => postForm(base, {...validFields(), website: 'spam'}))
      expect(response.status).toBe(303)
      expect(new URL(response.headers.get('location')!, base).hash).toBe('#message-invalid')
    })

    it('GET, PUT and DELETE (405, Allow: POST)', async () => {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await storesNothing(() =>
          fetch(base + '/api/contact', {
            method,
            headers: {origin: base, 'content-type': 'application/json'},
            body: method === 'GET' ? undefined : islandBody(validFields()),
          }),
        )
        expect(response.status, method).toBe(405)
        expect(response.headers.get('allow')).toBe('POST')
        expect(await safeJson(response)).toMatchObject({ok: false, error: 'methodNotAllowed'})
      }
    })
  })
})
