import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {request as httpRequest} from 'node:http'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {serveStatic, staticAnswerFor} from '../../../src/server/staticFiles'
import {serveInProcess, type InProcessServer} from '../../support/inProcessServer'

/** A build's pages, the way Astro writes them with `build.format: 'file'`. */
const FILES: Record<string, string> = {
  'client/index.html': '<h1>Home</h1>',
  'client/404.html': '<h1>Page not found</h1>',
  'client/about-us.html': '<h1>About us</h1>',
  'client/terms&conditions.html': '<h1>Terms and conditions</h1>',
  'client/policy-versions/terms&conditions/1.html': '<h1>Terms and conditions, version 1</h1>',
  'client/hi.html': '<h1>मुखपृष्ठ</h1>',
  'client/hi/terms&conditions.html': '<h1>नियम और शर्तें</h1>',
  'client/_astro/x.js': 'console.log(1)',
  'client/.env': 'SECRET=in-a-dotfile',
  'server/entry.mjs': 'export const secret = "server code"',
}

let build: string
let site: InProcessServer
beforeAll(async () => {
  build = mkdtempSync(join(tmpdir(), 'static-files-'))
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(build, path)), {recursive: true})
    writeFileSync(join(build, path), text)
  }
  site = await serveInProcess((request, response) => serveStatic(request, response, build))
})
afterAll(async () => {
  await site?.close()
  if (build) rmSync(build, {recursive: true, force: true})
})

const get = (path: string, init: RequestInit = {}) => fetch(site.url + path, {redirect: 'manual', ...init})

/** Sends the path exactly as written, without the URL clean-up fetch would do first. */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{status: number; body: string; location?: string}> {
  return new Promise((resolve, reject) => {
    const {hostname, port} = new URL(site.url)
    httpRequest({hostname, port, path, headers}, (response) => {
      let body = ''
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () =>
        resolve({status: response.statusCode ?? 0, body, location: response.headers.location}),
      )
    })
      .on('error', reject)
      .end()
  })
}

describe("the production server's pages", () => {
  it('answer "/" with the home page', async () => {
    const response = await get('/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await response.text()).toBe('<h1>Home</h1>')
  })

  it('answer "/about-us" with about-us.html', async () => {
    const response = await get('/about-us')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('<h1>About us</h1>')
  })

  it('answer a page with "&" in its name however the ampersand is written', async () => {
    for (const path of ['/terms&conditions', '/terms%26conditions']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toBe('<h1>Terms and conditions</h1>')
    }
  })

  it('redirect a path with a trailing slash to the path without it (301), keeping the query', async () => {
    const plain = await get('/about-us/')
    expect(plain.status).toBe(301)
    expect(plain.headers.get('location')).toBe('/about-us')
    const withQuery = await get('/about-us/?subject=Hello')
    expect(withQuery.headers.get('location')).toBe('/about-us?subject=Hello')
  })

  it('never redirect off the site: "//evil.example/" and "/\\evil.example/" get the 404 page, not a Location', async () => {
    for (const path of ['//evil.example/', '/\\evil.example/', '///evil.example//', '/x/..//evil.example/']) {
      const answer = await rawGet(path)
      expect(answer.status, path).toBe(404)
      expect(answer.location, path).toBeUndefined()
      expect(answer.body, path).toBe('<h1>Page not found</h1>')
    }
  })

  // How long reading a path takes as it grows is measured by `npm run bench:paths`, not asserted:
  // a timing depends on how busy the machine is. Here, only the answers.
  it('answer a path of 15,000 slashes, or of a million, as the rules say: 404, or the redirect', async () => {
    const answer = await rawGet(`${'/'.repeat(15_000)}x/`)
    expect(answer.status).toBe(404)
    const long = `${'/'.repeat(1_000_000)}x/`
    expect(staticAnswerFor('GET', long)).toEqual({kind: 'notFound'})
    expect(staticAnswerFor('GET', `/about-us${'/'.repeat(1_000_000)}`)).toEqual({
      kind: 'redirect',
      location: '/about-us',
    })
  })

  it('answer a Range or a validator on a missing page with the whole 404 page and status 404', async () => {
    const askingForLess: Record<string, string>[] = [
      {range: 'bytes=0-3'},
      {range: 'bytes=5-'},
      {'if-none-match': '*'},
      {'if-modified-since': new Date().toUTCString()},
    ]
    for (const headers of askingForLess) {
      const answer = await rawGet('/no-such-page', headers)
      expect(answer.status, JSON.stringify(headers)).toBe(404)
      expect(answer.body, JSON.stringify(headers)).toBe('<h1>Page not found</h1>')
    }
    // An existing page still serves its part.
    expect((await rawGet('/about-us', {range: 'bytes=0-3'})).status).toBe(206)
  })

  it('answer an unknown path with the 404 page and status 404', async () => {
    const response = await get('/no-such-page')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await response.text()).toBe('<h1>Page not found</h1>')
  })

  // Issue 37: "/404" answered 200, so a monitor asking for it would see a page.
  it('answer the 404 page asked for by its own name with status 404, however it is written', async () => {
    for (const path of ['/404', '/404.html', '/%34%30%34', '/./404', '/x/../404.html']) {
      const answer = await rawGet(path)
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).toBe('<h1>Page not found</h1>')
    }
  })

  it('answer a folder, with or without its slash, with the 404 page rather than a redirect', async () => {
    expect((await get('/policy-versions/terms&conditions/1')).status).toBe(200)
    for (const path of ['/policy-versions', '/policy-versions/terms%26conditions', '/_astro']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toBe('<h1>Page not found</h1>')
      expect((await get(`${path}/`)).headers.get('location'), `${path}/`).toBe(path)
    }
  })

  it("answer a language's home page, which is both a page and the folder of that language's pages", async () => {
    for (const path of ['/hi', '/hi.html']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(await response.text()).toBe('<h1>मुखपृष्ठ</h1>')
    }
    expect(await (await get('/hi/terms%26conditions')).text()).toBe('<h1>नियम और शर्तें</h1>')
    expect((await get('/hi/')).headers.get('location')).toBe('/hi')
  })

  it('answer anything but GET and HEAD with the 404 page', async () => {
    const response = await get('/about-us', {method: 'POST', body: 'x'})
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('<h1>Page not found</h1>')
  })

  it('answer HEAD with the headers of the page and no body', async () => {
    const response = await get('/about-us', {method: 'HEAD'})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String('<h1>About us</h1>'.length))
    expect(await response.text()).toBe('')
  })

  it('let browsers keep hashed assets under /_astro/ for a year, and pages not', async () => {
    const asset = await get('/_astro/x.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const page = await get('/about-us')
    expect(page.headers.get('cache-control')).not.toMatch(/immutable/)
  })

  it('answer a path that cannot be decoded with 400', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400)
  })

  it('never serve a dotfile or anything outside the pages folder', async () => {
    for (const path of [
      '/.env',
      '/../server/entry.mjs',
      '/%2e%2e/server/entry.mjs',
      '/_astro/..%2f..%2fserver/entry.mjs',
    ]) {
      const {status, body} = await rawGet(path)
      expect(status, path).toBeGreaterThanOrEqual(400)
      expect(body, path).not.toMatch(/SECRET|server code/)
    }
  })
})
