// The attacks on the production server that once succeeded (issue 17), each sent as it was found,
// against `npm start` on the build every test of the site uses. Each test names its finding.
import {connect, type Socket} from 'node:net'
import {encodeSignatureHeader} from '@sanity/webhook'
import {describe, expect, onTestFinished} from 'vitest'
import {test} from '../../support/siteServer'
import {islandBody, postJson, rowsWith, sentFromPage, validFields} from '../../support/contact'
import {CONTACT_ENDPOINT} from '../../../model/routes'

const SECRET = 'webhook-secret-for-attack-tests'

/** One raw HTTP/1.1 exchange, the request written exactly as given (no URL clean-up). */
function rawRequest(
  url: string,
  head: string,
  body = '',
): Promise<{status: number; headers: string; body: string}> {
  const {hostname, port} = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('error', reject)
    socket.on('close', () => {
      const [headers = '', ...rest] = received.split('\r\n\r\n')
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
      })
    })
    socket.write(`${head}\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n${body}`)
  })
}

const locationOf = (headers: string) => /^location: (.*)$/im.exec(headers)?.[1]

/** Where a browser on the site would go on following `location`. */
const hostAfter = (location: string) => new URL(location, 'https://www.medistay.example/').host

const it = test.extend('site', {scope: 'file'}, ({startSite}) =>
  startSite({
    SANITY_WEBHOOK_SECRET: SECRET,
    CONTACT_BODY_TIMEOUT_SECONDS: '1',
    SERVER_MAX_CONNECTIONS: '100',
    CONTACT_RATE_LIMIT: '10000',
  }),
)

describe('the production server, attacked as it once was', () => {
  it('1. never redirects "//evil.example/" or "/\\evil.example/" off the site', async ({site}) => {
    for (const path of ['//evil.example/', '/\\evil.example/', '//evil.example/?q=1']) {
      const answer = await rawRequest(site.url, `GET ${path} HTTP/1.1`)
      expect(answer.status, path).toBe(404)
      expect(locationOf(answer.headers), path).toBeUndefined()
    }
    // The rule itself still works.
    const slash = await rawRequest(site.url, 'GET /about-us/ HTTP/1.1')
    expect([slash.status, locationOf(slash.headers)]).toEqual([301, '/about-us'])
  })

  it('2. leaving preview, with preview off, sends the browser only to a page of this site', async ({
    site,
  }) => {
    for (const redirect of [
      '/x/..//evil.example/phish',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
    ]) {
      const answer = await rawRequest(
        site.url,
        `GET /api/preview/disable?redirect=${encodeURIComponent(redirect)} HTTP/1.1`,
      )
      expect(answer.status, redirect).toBe(303)
      expect(hostAfter(locationOf(answer.headers)!), redirect).toBe('www.medistay.example')
    }
  })

  it('3. answers a path of 15,000 slashes with the 404 page, while pages keep answering', async ({site}) => {
    const long = `GET ${'/'.repeat(15_000)}x/ HTTP/1.1`
    const answers = await Promise.all([
      ...Array.from({length: 4}, () => rawRequest(site.url, long)),
      fetch(`${site.url}/about-us`),
    ])
    expect(answers.slice(0, 4).map((answer) => answer.status)).toEqual([404, 404, 404, 404])
    expect(answers[4]!.status).toBe(200)
  })

  it('6. refuses a captured webhook re-sent within five minutes (409)', async ({site}) => {
    const body = JSON.stringify({_id: 'contactMessage.captured', _type: 'contactMessage'})
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
    const send = () =>
      fetch(`${site.url}/api/rebuild`, {
        method: 'POST',
        headers: {'content-type': 'application/json', 'sanity-webhook-signature': signature},
        body,
      })
    expect((await send()).status).toBe(202)
    const replay = await send()
    expect(replay.status).toBe(409)
    await expect(replay.json()).resolves.toEqual({ok: false, error: 'replayed'})
  })

  it('8. closes a contact message that trickles in a byte at a time (408), and caps connections', async ({
    site,
  }) => {
    const slow = await new Promise<{status: number; answer: string}>((resolve, reject) => {
      const {hostname, port} = new URL(site.url)
      const socket = connect(Number(port), hostname)
      let received = ''
      socket.on('data', (chunk) => (received += chunk))
      socket.on('error', reject)
      socket.on('close', () =>
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
          answer: received,
        }),
      )
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${site.url}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      )
      const drip = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(drip)), 200)
      socket.on('close', () => clearInterval(drip))
    })
    // Closed by the contact route's own body deadline, which says so, not by Node's 300 s default.
    expect(slow.status).toBe(408)
    expect(slow.answer).toContain('The message took too long to arrive.')

    // 300 connections that never finish their headers: at most 100 are held open. The server
    // closes each one past its limit as it accepts it, so the test waits for the 200th close
    // itself; a server that held more would never close them, and the file's timeout says so.
    const sockets: Socket[] = []
    // Closed whatever happens: a server that held them all would otherwise keep them, and this run, open.
    onTestFinished(() => sockets.forEach((socket) => socket.destroy()))
    let refused = 0
    await new Promise<void>((allRefused) => {
      for (let index = 0; index < 300; index++) {
        const socket = connect(Number(new URL(site.url).port), '127.0.0.1', () =>
          socket.write('GET /about-us HTTP/1.1\r\nHost: x\r\n'),
        )
        socket.on('close', () => ++refused === 200 && allRefused())
        socket.on('error', () => undefined)
        sockets.push(socket)
      }
    })
    // Once they are gone the server answers again: asked until it does, which it does as soon
    // as it has seen them close (a refused ask is closed at once, so each try is one round trip).
    for (const socket of sockets) socket.destroy()
    let answer: Response | undefined
    while (!answer) answer = await fetch(`${site.url}/about-us`).catch(() => undefined)
    expect(answer.status).toBe(200)
    expect(site.output()).toMatch(/Refusing connections: 100 are open \(SERVER_MAX_CONNECTIONS\)/)
  })

  it('10. answers a Range on a missing page with the whole 404 page', async ({site}) => {
    const answer = await rawRequest(site.url, 'GET /no-such-page HTTP/1.1\r\nRange: bytes=0-10')
    expect(answer.status).toBe(404)
    expect(answer.body).toMatch(/<\/html>\s*$/)
  })

  it('11. answers TRACE and other methods with 405 before any route, and logs nothing', async ({site}) => {
    const before = site.output().length
    const allowed = {'/api/contact': 'POST', '/api/rebuild': 'POST', '/about-us': 'GET, HEAD'}
    for (const method of ['TRACE', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'PROPFIND'])
      for (const [path, allow] of Object.entries(allowed)) {
        const answer = await rawRequest(site.url, `${method} ${path} HTTP/1.1`)
        expect(answer.status, `${method} ${path}`).toBe(405)
        expect(/^allow: (.*)$/im.exec(answer.headers)?.[1], `${method} ${path}`).toBe(allow)
      }
    expect(site.output().slice(before)).toBe('')
    // What the site does answer is unchanged.
    expect((await postJson(site.url, islandBody(validFields()))).status).toBe(201)
  })
})

// Issue 25, round three: each finding sent as written against `npm start` on the shared build.
describe('the production server, attacked in round three', () => {
  it('1, 7. refuses an "address" with a display name, group, list or IP literal (422): no acknowledgement can carry it', async ({
    site,
  }) => {
    for (const email of [
      '=?UTF-8?B?UmVmdW5kIHJlYWR5OiBodHRwczovL2V2aWwuZXhhbXBsZS9y?=<victim@target.example>',
      'FREE-BITCOIN-visit-evil.example<victim@target.example>',
      'list:victim@target.example;',
      'a@x.example,b@x.example,victim@target.example',
      'root@[10.0.0.5]',
    ]) {
      const response = await postJson(site.url, islandBody({...validFields(), email}))
      expect(response.status, email).toBe(422)
      expect((await response.json()).fieldErrors, email).toEqual({email: 'emailInvalid'})
    }
  })

  it('2b. refuses a consent pairing no page showed (409): a Privacy Policy version not in force with the Telugu words', async ({
    site,
  }) => {
    const telugu = await sentFromPage(site.url, '/te/contact-us')
    const response = await postJson(
      site.url,
      islandBody(validFields(), {
        ...telugu,
        privacyVersion: Number(telugu.privacyVersion) + 1,
        healthDetails: true,
      }),
    )
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ok: false, error: 'outdated'})
  })

  it('8. refuses the same submissionId with other words (409), and never takes a reference from the client', async ({
    site,
  }) => {
    const submissionId = crypto.randomUUID()
    const fields = validFields()
    const first = await postJson(site.url, islandBody(fields, {submissionId}))
    expect(first.status).toBe(201)
    const {id, reference} = await first.json()
    const corrected = await postJson(site.url, islandBody({...fields, message: 'Corrected.'}, {submissionId}))
    expect(corrected.status).toBe(409)
    const copied = await postJson(
      site.url,
      islandBody(validFields(), {submissionId: `${id.slice(0, 8)}-0000-4000-8000-000000000000`}),
    )
    expect(copied.status).toBe(201)
    expect((await copied.json()).reference).not.toBe(reference)
  })

  // 9, the body deadline whatever the spelling, is round four's 5: spellings found by asking the router.

  it("12. answers Node's own 400 and 431 with the security headers", async ({site}) => {
    for (const [status, head] of [
      [400, 'GET / HTTP/1.1\r\nBad Header'],
      [431, `GET / HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}`],
    ] as const) {
      const answer = await rawRequest(site.url, head)
      expect(answer.status).toBe(status)
      expect(answer.headers).toContain("Content-Security-Policy: frame-ancestors 'none'")
      expect(answer.headers).toContain('X-Content-Type-Options: nosniff')
    }
  })
})

/**
 * Ways a client may write `path` that a server might read as it: each character escaped once or
 * twice, dot segments, doubled and back slashes, a trailing slash, the file format's ".html",
 * capitals. Which of them reach a route is the router's to say: the tests ask it.
 */
function spellingsOf(path: string): string[] {
  const spellings = new Set([
    path,
    `/${path}`,
    `${path}/`,
    `${path}.html`,
    `${path}/index.html`,
    path.toUpperCase(),
  ])
  const at = (index: number, written: string, skip = 1) =>
    spellings.add(`${path.slice(0, index)}${written}${path.slice(index + skip)}`)
  for (let index = 1; index < path.length; index++) {
    const hex = path.charCodeAt(index).toString(16)
    for (const written of [`%${hex}`, `%${hex.toUpperCase()}`, `%25${hex}`, `%2525${hex}`]) at(index, written)
    if (path[index] !== '/') continue
    for (const written of ['//', '\\', '/./', '/%2e/', '/x/../', '/x/%2e%2e/', '/%2E%2E/api/', '/;/'])
      at(index, written)
  }
  return [...spellings]
}

/** A POST to `path` that only the contact route answers "malformed" (400), storing nothing and counting for no limit. */
async function reachesContactRoute(url: string, path: string): Promise<boolean> {
  const answer = await rawRequest(
    url,
    `POST ${path} HTTP/1.1\r\nOrigin: ${url}\r\nContent-Type: application/json\r\nContent-Length: 1`,
    '{',
  )
  return answer.status === 400 && /"error":"malformed"/.test(answer.body)
}

/** Writes `text` to the server exactly as given (a space every 200 ms after it with `trickle`), and reads until it closes. */
function exchange(url: string, text: string, {trickle = false} = {}): Promise<string> {
  const {hostname, port} = new URL(url)
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let received = ''
    socket.on('data', (chunk) => (received += chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
    socket.write(text)
    if (!trickle) return
    const drip = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(drip)), 200)
    socket.on('close', () => clearInterval(drip))
  })
}

/** A contact message whose body trickles in to `path`, a byte at a time: the raw answer. */
const trickleTo = (url: string, path: string) =>
  exchange(
    url,
    `POST ${path} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nOrigin: ${url}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    {trickle: true},
  )

// Issue 37, round four: each finding sent as written against `npm start` on the shared build.
describe('the production server, attacked in round four', () => {
  it('5. gives every spelling the router reads as /api/contact the contact route\'s deadline, "/api/%63ontact" among them', async ({
    site,
  }) => {
    const spellings = spellingsOf(CONTACT_ENDPOINT)
    const reached = await Promise.all(spellings.map((path) => reachesContactRoute(site.url, path)))
    const reaching = spellings.filter((_, index) => reached[index])
    expect(reaching).toEqual(expect.arrayContaining([CONTACT_ENDPOINT, '/api/%63ontact', '/api/./contact']))
    const answers = await Promise.all(reaching.map((path) => trickleTo(site.url, path)))
    for (const [index, answer] of answers.entries()) {
      expect(answer, reaching[index]).toMatch(/^HTTP\/1\.1 408 /)
      expect(answer, reaching[index]).toContain('The message took too long to arrive')
    }
  })

  it('6. answers only the declared routes under /api: "/api/../_image" and any other path there get 404, and nothing is logged', async ({
    site,
  }) => {
    const before = site.output().length
    for (const path of [
      '/api/../_image?href=/favicon.svg&f=svg',
      '/api/../_image?href=/index.html&f=png',
      '/api/%2e%2e/_image?href=/favicon.svg&f=svg',
      '/api/x/../../_image?href=/favicon.svg&f=svg',
      '/api/no-such-route',
      '/api/contact/',
      '/api//contact',
    ]) {
      const answer = await rawRequest(site.url, `GET ${path} HTTP/1.1`)
      expect(answer.status, path).toBe(404)
      expect(/^cache-control: (.*)$/im.exec(answer.headers)?.[1], path).not.toMatch(/public/)
    }
    expect(site.output().slice(before)).toBe('')
  })

  it('7. logs one line for 1,000 contact posts that send 5 of 100 bytes and reset, never a stack', async ({
    site,
  }) => {
    const {hostname, port} = new URL(site.url)
    const before = site.output().length
    const resetAfterFiveBytes = () =>
      new Promise<void>((resolve) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(
            `POST /api/contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${site.url}\r\n` +
              'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"nam',
            () => setTimeout(() => socket.resetAndDestroy(), 20),
          )
        })
        socket.on('error', () => undefined)
        socket.on('close', () => resolve())
      })
    for (let batch = 0; batch < 20; batch++) await Promise.all(Array.from({length: 50}, resetAfterFiveBytes))
    // The server is still answering, and has said what happened once.
    expect((await postJson(site.url, islandBody(validFields()))).status).toBe(201)
    const added = site.output().slice(before).split('\n').filter(Boolean)
    expect(added.length).toBeLessThanOrEqual(1)
    expect(added.join('\n')).not.toMatch(/\n\s+at |Error/)
  })

  it('11. refuses a post whose Origin matches only the Host header it wrote (DNS rebinding): 403, nothing stored', async ({
    site,
  }) => {
    const {privacyVersion, ...page} = await sentFromPage(site.url)
    const fields = validFields()
    const message = islandBody(fields, {...page, privacyVersion: Number(privacyVersion)})
    const answer = await exchange(
      site.url,
      'POST /api/contact HTTP/1.1\r\nHost: evil.example:5201\r\nOrigin: http://evil.example:5201\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 403 /)
    expect(answer).toContain('"error":"crossOrigin"')
    expect(rowsWith(site.dbPath, fields.message)).toHaveLength(0)
  })

  it('minor. answers "/404" with status 404', async ({site}) => {
    for (const path of ['/404', '/404.html'])
      expect((await rawRequest(site.url, `GET ${path} HTTP/1.1`)).status, path).toBe(404)
  })
})
