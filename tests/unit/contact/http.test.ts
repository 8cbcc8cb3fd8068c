import {randomUUID} from 'node:crypto'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {CONTACT_FORM_FIELDS} from '../../../model/contactForm'
import {readConfig} from '../../../src/config/index'
import {handleContactPost, MAX_BODY_BYTES, maxBodyBytes, visitorAddress} from '../../../src/contact/http'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {createContactService, type ContactService} from '../../../src/contact/service'
import {contactContent, ENGLISH_PAGE, memoryStore, sentFrom} from '../../support/memoryStore'
import {islandBody, marker, safeBody, safeJson, validFields} from '../../support/contact'

/** The address the server answers at, as it sees a request; and SITE_URL, the public one. */
const OWN_ORIGIN = 'http://127.0.0.1:4321'
const SITE_URL = 'https://www.example.test'
/** SITE_URL when it is not set: the server on this machine. */
const UNSET_SITE_URL = readConfig({}).siteUrl
const CONTACT = '/contact-us'

/** The contact endpoint over a service with an in-memory store, as the server builds it. */
function endpoint({
  limit = 1000,
  service,
  siteUrl = UNSET_SITE_URL,
}: {limit?: number; service?: ContactService; siteUrl?: string} = {}) {
  const store = memoryStore()
  const contact =
    service ??
    createContactService({
      store,
      limiter: slidingWindowLimiter(limit, 600),
      content: () => contactContent(),
      log: () => {},
    })
  const post = (request: Request) =>
    handleContactPost(request, {
      service: contact,
      clientAddress: '203.0.113.7',
      siteUrl,
      contactPath: CONTACT,
    })
  return {store, post}
}

type Headers = Record<string, string | undefined>
const present = (headers: Headers) =>
  Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )

/** A POST to /api/contact from the site's own origin (override headers to change that). */
function request(body: BodyInit | null, headers: Headers) {
  return new Request(`${OWN_ORIGIN}/api/contact`, {
    method: 'POST',
    headers: present({origin: OWN_ORIGIN, ...headers}),
    body,
    duplex: 'half',
  } as RequestInit)
}

/** A JSON object as the page's island sends it: with the page's version, language and words' digest. */
function fromPage(body: BodyInit): BodyInit {
  if (typeof body !== 'string') return body
  try {
    const json: unknown = JSON.parse(body)
    if (typeof json !== 'object' || json === null || Array.isArray(json) || 'wordings' in json) return body
    return JSON.stringify({...sentFrom(ENGLISH_PAGE), ...json})
  } catch {
    return body
  }
}

/** What the island sends. */
const jsonPost = (body: BodyInit, headers: Headers = {}) =>
  request(fromPage(body), {'content-type': 'application/json', ...headers})

/** What a browser without JavaScript sends, with the page's hidden inputs. */
const formPost = (fields: Record<string, string>, headers: Headers = {}) =>
  request(
    new URLSearchParams({
      consent: 'yes',
      ageConfirmation: 'yes',
      ...Object.fromEntries(
        Object.entries(sentFrom(ENGLISH_PAGE)).map(([name, value]) => [name, String(value)]),
      ),
      ...fields,
    }).toString(),
    {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
  )

const landsOn = (response: Response) => response.headers.get('location')

/**
 * Every field at its limit in four-byte characters where the field's rules allow them (an e-mail
 * address's local part may be any letters; a phone number is digits).
 */
function largestFields(fields: Record<keyof typeof CONTACT_FORM_FIELDS, {max: number}>) {
  const domain = '@example.com'
  return {
    name: '😀'.repeat(fields.name.max),
    email: '😀'.repeat(fields.email.max - domain.length) + domain,
    phone: '+4-9-3-0-1-2-3-4-5-6-7-8-9-0-1'.padEnd(fields.phone.max, ' ').slice(0, fields.phone.max),
    subject: '😀'.repeat(fields.subject.max),
    message: '😀'.repeat(fields.message.max),
  }
}

describe('POST /api/contact', () => {
  describe('stores a good message', () => {
    it('sent by the island, answering 201 with its id and its reference (the first 8 characters of the id, in capitals) and nothing else', async () => {
      const {store, post} = endpoint()
      const fields = validFields()
      const response = await post(jsonPost(islandBody(fields)))
      expect(response.status).toBe(201)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const body = await response.json()
      expect(Object.keys(body).sort()).toEqual(['id', 'ok', 'reference'])
      expect(body.ok).toBe(true)
      expect(body.reference).toBe(body.id.slice(0, 8).toUpperCase())
      expect(body.reference).toMatch(/^[0-9A-F]{8}$/)
      expect(store.messages.get(body.id)).toMatchObject(fields)
    })

    it('once when the island sends the same submissionId again, answering 200 with the same id and reference', async () => {
      const {store, post} = endpoint()
      const submissionId = randomUUID()
      const fields = validFields()
      const first = await post(jsonPost(islandBody(fields, {submissionId})))
      expect(first.status).toBe(201)
      const stored = await first.json()
      const again = await post(jsonPost(islandBody(fields, {submissionId})))
      expect(again.status).toBe(200)
      await expect(again.json()).resolves.toEqual(stored)
      expect(store.messages.size).toBe(1)
    })

    // Issue 25: the same id with a corrected message got 200, and the correction was lost without a word.
    it('refuses the same submissionId with other words (409), keeping the first copy', async () => {
      const {store, post} = endpoint()
      const submissionId = randomUUID()
      const fields = validFields()
      expect((await post(jsonPost(islandBody(fields, {submissionId})))).status).toBe(201)
      const corrected = await post(
        jsonPost(islandBody({...fields, message: `${fields.message} (corrected)`}, {submissionId})),
      )
      expect(corrected.status).toBe(409)
      await expect(corrected.json()).resolves.toMatchObject({ok: false, error: 'changed'})
      expect([...store.messages.values()].map((message) => message.message)).toEqual([fields.message])
    })

    // Issue 25: "submissionId":"395cba0a-0000-…" made a second message with another visitor's reference.
    it("never takes the client's id: a submissionId with another message's reference gets a reference of its own", async () => {
      const {store, post} = endpoint()
      const first = await (await post(jsonPost(islandBody(validFields())))).json()
      const copied = `${first.id.slice(0, 8)}-0000-4000-8000-000000000000`
      const second = await post(jsonPost(islandBody(validFields(), {submissionId: copied})))
      expect(second.status).toBe(201)
      const {id, reference} = await second.json()
      expect(id).not.toBe(copied)
      expect(reference).not.toBe(first.reference)
      expect(store.messages.size).toBe(2)
    })

    it("sent as an ordinary form without JavaScript, sending the visitor to the page that shows the message's reference (303)", async () => {
      const {store, post} = endpoint()
      const fields = validFields()
      const response = await post(formPost({...fields, website: ''}))
      expect(response.status).toBe(303)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const [stored] = [...store.messages.values()]
      expect(stored).toEqual(expect.objectContaining(fields))
      expect(landsOn(response)).toBe(`/api/contact/sent?reference=${stored!.id.slice(0, 8).toUpperCase()}`)
    })

    it('posted from SITE_URL, the public address a reverse proxy serves the site at', async () => {
      const {store, post} = endpoint({siteUrl: SITE_URL})
      const response = await post(formPost(validFields(), {origin: SITE_URL}))
      expect(landsOn(response)).toMatch(/^\/api\/contact\/sent\?reference=[0-9A-F]{8}$/)
      expect(store.messages.size).toBe(1)
    })

    it('of 3,000 four-byte emoji from the island (201)', async () => {
      const {store, post} = endpoint()
      const fields = {...validFields(), message: '🙏'.repeat(3000)}
      const response = await post(jsonPost(islandBody(fields)))
      expect(response.status).toBe(201)
      expect(store.messages.get((await response.json()).id)?.message).toBe(fields.message)
    })

    it('of 3,000 Devanagari characters as a form post, three times larger once encoded (303, stored)', async () => {
      const {store, post} = endpoint()
      const fields = {...validFields(), message: 'नमस्ते'.repeat(500)}
      expect([...fields.message]).toHaveLength(3000)
      const response = await post(formPost(fields))
      expect(landsOn(response)).toMatch(/^\/api\/contact\/sent\?reference=[0-9A-F]{8}$/)
      expect([...store.messages.values()][0]?.message).toBe(fields.message)
    })

    it('with markup in it kept as plain text, never repeated in the answer', async () => {
      const {store, post} = endpoint()
      const ref = marker()
      const fields = {
        ...validFields(),
        name: '<b onmouseover="alert(1)">Ravi</b>',
        subject: '"><script>alert(document.cookie)</script>',
        message: `<script>alert("${ref}")</script>\n<img src=x onerror=alert(2)> & &amp; ' --`,
      }
      const response = await post(jsonPost(islandBody(fields)))
      const text = await response.text()
      expect(text).not.toContain('script')
      expect(text).not.toContain(ref)
      expect(store.messages.get(JSON.parse(text).id)).toMatchObject(fields)
    })

    it('ignores a field the form does not have, whatever its value', async () => {
      const {store, post} = endpoint()
      for (const value of [0, -1, 'soon', null, {nested: true}]) {
        const response = await post(jsonPost(islandBody(validFields(), {notAFormField: value})))
        expect(response.status, `notAFormField ${JSON.stringify(value)}`).toBe(201)
      }
      expect(landsOn(await post(formPost({...validFields(), notAFormField: '0'})))).toMatch(
        /^\/api\/contact\/sent\?reference=/,
      )
      expect(store.messages.size).toBe(6)
    })
  })

  describe('refuses a message it read, and stores nothing', () => {
    it('naming each field that breaks a rule, in codes and in words, without repeating what was sent (422)', async () => {
      const {store, post} = endpoint()
      const ref = marker()
      const response = await post(
        jsonPost(
          islandBody({
            name: `<script>${ref}</script>`,
            email: `not-an-email-${ref}`,
            phone: `call ${ref}`,
            message: '',
          }),
        ),
      )
      expect(response.status).toBe(422)
      const text = await safeBody(response)
      expect(text).not.toContain(ref)
      const body = JSON.parse(text)
      expect(body).toMatchObject({ok: false, error: 'invalid', message: 'Some fields need attention.'})
      expect(body.fieldErrors).toEqual({
        email: 'emailInvalid',
        phone: 'phoneInvalid',
        message: 'messageRequired',
      })
      expect(Object.keys(body.fieldMessages).sort()).toEqual(['email', 'message', 'phone'])
      expect(store.messages.size).toBe(0)
    })

    it('with a field that is not text (422 invalid)', async () => {
      const {post} = endpoint()
      const response = await post(
        jsonPost(islandBody({...validFields(), name: {first: 'Ravi'}, subject: 42})),
      )
      expect(response.status).toBe(422)
      expect((await safeJson(response)).fieldErrors).toEqual({name: 'invalid', subject: 'invalid'})
    })

    it('with the honeypot filled in (400 rejected)', async () => {
      const {store, post} = endpoint()
      const response = await post(jsonPost(islandBody(validFields(), {website: 'https://spam.example'})))
      expect(response.status).toBe(400)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'rejected'})
      expect(store.messages.size).toBe(0)
    })

    it('without JavaScript, sending the visitor to /contact-us#message-invalid for broken fields or a filled honeypot (303)', async () => {
      const {store, post} = endpoint()
      const broken = await post(formPost({name: 'Ravi', email: '', phone: '', subject: '', message: ''}))
      expect(broken.status).toBe(303)
      expect(landsOn(broken)).toBe('/contact-us#message-invalid')
      const spam = await post(formPost({...validFields(), website: 'spam'}))
      expect(landsOn(spam)).toBe('/contact-us#message-invalid')
      expect(store.messages.size).toBe(0)
    })
  })

  describe('over the rate limit', () => {
    it('answers the island 429 with Retry-After and the seconds to wait, storing nothing', async () => {
      const {store, post} = endpoint({limit: 1})
      expect((await post(jsonPost(islandBody(validFields())))).status).toBe(201)
      const response = await post(jsonPost(islandBody(validFields())))
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('600')
      expect(await safeJson(response)).toMatchObject({
        ok: false,
        error: 'rateLimited',
        retryAfterSeconds: 600,
      })
      expect(store.messages.size).toBe(1)
    })

    it('sends a form post to /contact-us#message-rate-limited (303) with Retry-After', async () => {
      const {store, post} = endpoint({limit: 1})
      await post(formPost(validFields()))
      const response = await post(formPost(validFields()))
      expect(response.status).toBe(303)
      expect(landsOn(response)).toBe('/contact-us#message-rate-limited')
      expect(response.headers.get('retry-after')).toBe('600')
      expect(store.messages.size).toBe(1)
    })
  })

  describe('when the store cannot take the message', () => {
    const broken = (words: {notStored?: string} = {}) => {
      const store = memoryStore()
      store.breakSaves(new Error('SqliteError: disk I/O error at /var/data/contact.sqlite'))
      const service = createContactService({
        store,
        content: () => contactContent(words),
        limiter: slidingWindowLimiter(100, 600),
        log: () => {},
      })
      return endpoint({service})
    }

    it('tells the island 503 with Retry-After, so the visitor is never told "sent"', async () => {
      const response = await broken().post(jsonPost(islandBody(validFields())))
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('30')
      expect(await safeJson(response)).toEqual({
        ok: false,
        error: 'unavailable',
        message: 'Your message could not be stored; please try again.',
      })
    })

    it('answers a form post 503 with Retry-After and a page in words whose Back button keeps the typed message', async () => {
      const fields = {...validFields(), subject: 'UNIQUE-SUBJECT-503'}
      const response = await broken().post(formPost(fields))
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('30')
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      const page = await safeBody(response)
      expect(page).toContain(contactContent().notStored)
      expect(page).toContain("Use your browser's Back button to return to your message")
      expect(page).toContain('href="/contact-us"')
      expect(page).not.toContain('UNIQUE-SUBJECT-503')
    })

    it("says so in staff's words, escaped like any text", async () => {
      const words = {notStored: 'We could not keep your message <just now>. Press Back & send it again.'}
      const page = await safeBody(await broken(words).post(formPost(validFields())))
      expect(page).toContain(
        'We could not keep your message &#60;just now&#62;. Press Back &#38; send it again.',
      )
    })
  })

  describe('refuses a request it will not read, and stores nothing', () => {
    it.each([
      ['cut-off JSON', '{"name": "Ravi", "message": '],
      ['not JSON', 'not json'],
      ['an empty body', ''],
      ['an array', '["an", "array"]'],
      ['null', 'null'],
      ['a string', '"a string"'],
    ])('%s (400 malformed)', async (_, body) => {
      const {store, post} = endpoint()
      const response = await post(jsonPost(body))
      expect(response.status).toBe(400)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'malformed'})
      expect(store.messages.size).toBe(0)
    })

    it('a body that is not UTF-8 (400 malformed)', async () => {
      const {post} = endpoint()
      const bytes = Buffer.concat([
        Buffer.from('{"email":"a@b.co","message":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('"}'),
      ])
      const response = await post(jsonPost(bytes))
      expect(response.status).toBe(400)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'malformed'})
    })

    it('never a valid message: the largest, every field full of four-byte characters, is stored', async () => {
      const {store, post} = endpoint()
      const body = islandBody(largestFields(CONTACT_FORM_FIELDS))
      expect(Buffer.byteLength(body)).toBeGreaterThan(14_000)
      const response = await post(jsonPost(body))
      expect(response.status).toBe(201)
      expect(store.messages.size).toBe(1)
      const form = await post(formPost(largestFields(CONTACT_FORM_FIELDS)))
      expect(form.status).toBe(303)
    })

    // Issue 25: a valid 5,000-emoji message got 413 with the message limit raised to 5,000.
    it("follows the fields' limits: with the message raised to 5,000, the largest message still fits", () => {
      const raised = {...CONTACT_FORM_FIELDS, message: {...CONTACT_FORM_FIELDS.message, max: 5000}}
      const body = islandBody(largestFields(raised), {
        submissionId: randomUUID(),
        privacyVersion: 123456,
        language: 'te',
        wordings: 'f'.repeat(64),
        healthDetails: true,
      })
      expect([...JSON.parse(body).message]).toHaveLength(5000)
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(maxBodyBytes(raised))
      expect(Buffer.byteLength(new URLSearchParams(JSON.parse(body)).toString())).toBeLessThanOrEqual(
        3 * maxBodyBytes(raised),
      )
      expect(maxBodyBytes(CONTACT_FORM_FIELDS)).toBe(MAX_BODY_BYTES)
    })

    it('a body over 16 KB, by its declared Content-Length, before reading it (413)', async () => {
      const {post} = endpoint()
      const response = await post(
        jsonPost(islandBody(validFields()), {'content-length': String(16 * 1024 + 1)}),
      )
      expect(response.status).toBe(413)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'tooLarge'})
    })

    it('a body over 16 KB sent in chunks without a Content-Length (413)', async () => {
      const {store, post} = endpoint()
      const encoder = new TextEncoder()
      let chunks = 0
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('{"email":"a@b.co","message":"'))
        },
        pull(controller) {
          // 24 KB of message, then the end of the JSON: a valid message apart from its size.
          if (chunks++ < 6) controller.enqueue(encoder.encode('x'.repeat(4096)))
          else {
            controller.enqueue(encoder.encode('"}'))
            controller.close()
          }
        },
      })
      const response = await post(jsonPost(stream))
      expect(response.status).toBe(413)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'tooLarge'})
      expect(store.messages.size).toBe(0)
    })

    it('a form post over 16 KB once decoded, with a short page in words and the way back, not JSON (413)', async () => {
      const {store, post} = endpoint()
      const response = await post(
        formPost({...validFields(), message: 'x'.repeat(20_000), subject: 'UNIQUE-SUBJECT-413'}),
      )
      expect(response.status).toBe(413)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      const page = await safeBody(response)
      expect(page).toContain('The message is too large to send.')
      expect(page).toContain('href="/contact-us"')
      expect(page).not.toContain('UNIQUE-SUBJECT-413')
      expect(store.messages.size).toBe(0)
    })

    it('a form post over 48 KB as sent (413)', async () => {
      const {post} = endpoint()
      const response = await post(formPost({...validFields(), message: '\u0000'.repeat(17 * 1024)}))
      expect(response.status).toBe(413)
      expect(await safeBody(response)).toContain('href="/contact-us"')
    })

    it.each([
      ['plain text', 'text/plain'],
      ['XML', 'application/xml'],
      ['a look-alike of JSON', 'application/x-json'],
    ])('%s (415)', async (_, type) => {
      const {post} = endpoint()
      const response = await post(request(islandBody(validFields()), {'content-type': type}))
      expect(response.status).toBe(415)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'unsupportedMediaType'})
    })

    it('a multipart form, or a body without a content type (415)', async () => {
      const {post} = endpoint()
      const multipart = new FormData()
      for (const [name, value] of Object.entries(validFields())) multipart.set(name, value)
      for (const body of [multipart, new Blob([islandBody(validFields())])]) {
        const response = await post(request(body, {}))
        expect(response.status).toBe(415)
        expect(await safeJson(response)).toMatchObject({ok: false, error: 'unsupportedMediaType'})
      }
    })
  })

  describe('only takes posts from pages of this site', () => {
    const url = new URL(OWN_ORIGIN)
    it.each([
      ['another site', 'http://evil.example'],
      ['no Origin', undefined],
      ['Origin null', 'null'],
      ['another port', `http://${url.hostname}:${Number(url.port) + 1}`],
      ['another scheme', `https://${url.host}`],
      ['SITE_URL over plain http', 'http://www.example.test'],
      ['a look-alike host', `http://${url.hostname}.evil.example:${url.port}`],
    ])('refuses JSON from %s (403 crossOrigin)', async (_, origin) => {
      const {store, post} = endpoint({siteUrl: SITE_URL})
      const response = await post(jsonPost(islandBody(validFields()), {origin}))
      expect(response.status).toBe(403)
      expect(await safeJson(response)).toMatchObject({ok: false, error: 'crossOrigin'})
      expect(store.messages.size).toBe(0)
    })

    /** The island's post to a server reached as `origin`, from a page of that origin. */
    const islandPostAt = (origin: string) =>
      new Request(`${origin}/api/contact`, {
        method: 'POST',
        headers: {origin, 'content-type': 'application/json'},
        body: fromPage(islandBody(validFields())),
      })

    // Issue 37: "Host: evil.example:5201" with "Origin: http://evil.example:5201" got 201, which
    // DNS rebinding can send from a visitor's browser.
    it.each([
      ['SITE_URL set', SITE_URL],
      ['SITE_URL unset', UNSET_SITE_URL],
    ])('refuses a post whose Origin matches only the Host the client wrote (403), %s', async (_, siteUrl) => {
      const {store, post} = endpoint({siteUrl})
      const response = await post(islandPostAt('http://evil.example:5201'))
      expect(response.status).toBe(403)
      expect(store.messages.size).toBe(0)
    })

    it('with SITE_URL set, refuses even the address the server answers at: only SITE_URL is the site', async () => {
      const {post} = endpoint({siteUrl: SITE_URL})
      expect((await post(jsonPost(islandBody(validFields()), {origin: OWN_ORIGIN}))).status).toBe(403)
      expect((await post(jsonPost(islandBody(validFields()), {origin: SITE_URL}))).status).toBe(201)
    })

    it.each(['http://localhost:4321', 'http://[::1]:4321'])(
      'without SITE_URL, takes a post from this machine as %s',
      async (own) => {
        const {post} = endpoint()
        const response = await post(islandPostAt(own))
        expect(response.status).toBe(201)
      },
    )

    it('refuses a form post from another site, or with no Origin, with a page in words (403)', async () => {
      const {store, post} = endpoint()
      for (const origin of ['http://evil.example', undefined]) {
        const response = await post(formPost(validFields(), {origin}))
        expect(response.status).toBe(403)
        expect(response.headers.get('content-type')).toMatch(/^text\/html/)
        expect(await safeBody(response)).toContain('This form can only be sent from our website.')
      }
      expect(store.messages.size).toBe(0)
    })

    it('checks the origin before the content type: a plain-text post from another site gets 403, not 415', async () => {
      const {post} = endpoint()
      const response = await post(
        request(islandBody(validFields()), {'content-type': 'text/plain', origin: 'http://evil.example'}),
      )
      expect(response.status).toBe(403)
    })
  })

  // Issue 37: 1,000 posts that sent 5 of 100 announced bytes and reset added 414 KB of stack
  // traces to the log in 7 s, and the rate limit did not count them.
  describe('when the sender goes away before the message has arrived', () => {
    /** A post that announces 100 bytes, sends 5 and is reset, as a closed connection ends its body. */
    const abandonedPost = () =>
      request(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"nam'))
            controller.error(Object.assign(new Error('aborted'), {code: 'ECONNRESET'}))
          },
        }),
        {'content-type': 'application/json', 'content-length': '100'},
      )

    it('logs one line however many there are, never a stack, and counts each for the rate limit', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const lines: string[] = []
      let clock = Date.parse('2026-03-01T10:00:00Z')
      const store = memoryStore()
      const service = createContactService({
        store,
        limiter: slidingWindowLimiter(10, 600),
        content: () => contactContent(),
        now: () => new Date(clock),
        log: (line) => lines.push(line),
      })
      const post = (body: Request) =>
        handleContactPost(body, {
          service,
          clientAddress: '203.0.113.7',
          siteUrl: UNSET_SITE_URL,
          contactPath: CONTACT,
        })
      for (let n = 0; n < 1000; n++) await post(abandonedPost())
      expect(logged).not.toHaveBeenCalled()
      expect(lines).toEqual([expect.stringMatching(/^A contact post was abandoned by the sender/)])
      // A minute on, the next says how many came since.
      clock += 60_000
      await post(abandonedPost())
      expect(lines.at(-1)).toMatch(
        /^1000 contact posts were abandoned by the sender before the message arrived in the last minute/,
      )
      // The sender's allowance went with them.
      expect((await post(jsonPost(islandBody(validFields())))).status).toBe(429)
      expect(store.messages.size).toBe(0)
    })
  })

  describe('when something unexpected fails', () => {
    afterEach(() => {
      vi.restoreAllMocks()
    })

    const failing = (): ContactService => ({
      submit: () =>
        Promise.reject(new TypeError('Cannot read properties of undefined at /work/main/src/x.ts:1:1')),
      abandoned: () => {},
      content: () => contactContent(),
      buildWentLive: () => {},
      storeDescription: 'a store that fails',
      health: async () => ({email: 'off', store: 'notOpen'}),
      flush: async () => {},
      deleteExpired: async () => 0,
      close: async () => {},
    })

    it('answers 500 in words, giving nothing of the server away, and logs the error for us', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const {post} = endpoint({service: failing()})
      const json = await post(jsonPost(islandBody(validFields())))
      expect(json.status).toBe(500)
      expect(await safeJson(json)).toEqual({
        ok: false,
        error: 'internal',
        message: 'Something went wrong on our side; please try again.',
      })
      const page = await post(formPost(validFields()))
      expect(page.status).toBe(500)
      expect(await safeBody(page)).toContain('Something went wrong on our side; please try again.')
      expect(logged).toHaveBeenCalledTimes(2)
    })
  })
})

describe('the visitor address the rate limit counts', () => {
  const from = (forwardedFor?: string) =>
    new Request(`${OWN_ORIGIN}/api/contact`, {headers: present({'x-forwarded-for': forwardedFor})})

  it('is the connection address, whatever X-Forwarded-For claims, when no proxy is trusted', () => {
    expect(visitorAddress(from('198.51.100.1'), '203.0.113.7', false)).toBe('203.0.113.7')
  })

  it('behind a trusted proxy, is the last X-Forwarded-For entry: the one the proxy appended', () => {
    expect(visitorAddress(from('10.0.0.1, 198.51.100.1 , 203.0.113.9 '), '127.0.0.1', true)).toBe(
      '203.0.113.9',
    )
    expect(visitorAddress(from('203.0.113.9'), '127.0.0.1', true)).toBe('203.0.113.9')
  })

  it('behind a trusted proxy, falls back to the connection address when X-Forwarded-For is missing or empty', () => {
    expect(visitorAddress(from(), '127.0.0.1', true)).toBe('127.0.0.1')
    expect(visitorAddress(from(''), '127.0.0.1', true)).toBe('127.0.0.1')
  })
})
