import {randomUUID} from 'node:crypto'
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {astroBuild, type BuildResult} from '../../support/astroBuild'
import {bundledDocuments} from '../../support/dataset'
import {startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'

/**
 * The build hook runs `astro build` with the site's secrets in its environment. None of them may
 * end up in what the build writes: the published pages and assets (client/) or the server bundle
 * (server/), in plain text, URL-encoded or base64. Sentinels are random per run.
 */

const id = randomUUID()
const SECRETS = {
  SANITY_API_READ_TOKEN: `sentinel-read-token-${id}`,
  SANITY_API_WRITE_TOKEN: `sentinel-write-token-${id}`,
  SANITY_WEBHOOK_SECRET: `sentinel-webhook-secret-${id}`,
  SMTP_URL: `smtp://sentinel-user:sentinel-password-${id}@127.0.0.1:2525`,
}
/** What must not appear: each secret, and the SMTP credentials on their own. */
const SENTINELS: Record<string, string> = {
  ...SECRETS,
  'SMTP_URL password': `sentinel-password-${id}`,
}

/**
 * The byte strings whose presence means a sentinel leaked: the text as UTF-8, URL-encoded, and every
 * base64 / base64url rendering of it whatever its offset in the encoded data (the middle of each
 * of the three alignments, which any encoding that contains the secret must contain).
 */
function forms(secret: string): {form: string; needle: Buffer}[] {
  const bytes = Buffer.from(secret, 'utf8')
  const out = new Map<string, string>([
    [secret, 'UTF-8'],
    [encodeURIComponent(secret), 'URL-encoded'],
    [encodeURI(secret), 'URL-encoded (encodeURI)'],
    [escapeUtf16(secret), 'UTF-16 escaped (JSON/JS)'],
  ])
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64')
    const start = offset === 0 ? 0 : 4
    const end = (offset + bytes.length) % 3 === 0 ? encoded.length : encoded.length - 4
    const middle = encoded.slice(start, end)
    const url = middle.replaceAll('+', '-').replaceAll('/', '_')
    out.set(middle, `base64${url === middle ? '/base64url' : ''} (offset ${offset})`)
    if (url !== middle) out.set(url, `base64url (offset ${offset})`)
  }
  return [...out].map(([text, form]) => ({form, needle: Buffer.from(text, 'utf8')}))
}

function escapeUtf16(text: string): string {
  return [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

interface Leak {
  file: string
  secret: string
  form: string
}

/** Every (file, secret, form) found under the build's output folder (client/ and server/). */
function leaksIn(build: BuildResult): {files: string[]; leaks: Leak[]} {
  const root = join(build.outDir, '..')
  const files = filesUnder(root)
  const needles = Object.entries(SENTINELS).flatMap(([secret, value]) =>
    forms(value).map((form) => ({secret, ...form})),
  )
  const leaks: Leak[] = []
  for (const file of files) {
    const bytes = readFileSync(file)
    for (const {secret, form, needle} of needles) {
      if (bytes.includes(needle)) leaks.push({file: relative(root, file), secret, form})
    }
  }
  return {files: files.map((file) => relative(root, file)), leaks}
}

let standIn: QueryApiStandIn
let fromBundle: BuildResult
let fromContentLake: BuildResult

beforeAll(async () => {
  standIn = await startQueryApiStandIn({documents: bundledDocuments()})
  // Without a Sanity project there is nowhere to write messages to: the configuration refuses a
  // write token then, so the bundled build has every secret but that one.
  const {SANITY_API_WRITE_TOKEN: _writeToken, ...bundledSecrets} = SECRETS
  ;[fromBundle, fromContentLake] = await Promise.all([
    astroBuild(bundledSecrets),
    astroBuild({...SECRETS, SANITY_PROJECT_ID: 'test', SANITY_API_HOST: standIn.url}),
  ])
})

afterAll(async () => {
  fromBundle?.dispose()
  fromContentLake?.dispose()
  await standIn?.close()
})

describe('no secret from the build environment reaches the build output', () => {
  it('the sentinel forms are distinct and findable', () => {
    const needles = forms(SECRETS.SANITY_API_READ_TOKEN)
    // Plain text, UTF-16 escapes and three base64 alignments (URL-encoding changes nothing in a UUID token).
    expect(needles.length).toBeGreaterThanOrEqual(5)
    expect(forms(SECRETS.SMTP_URL).map(({form}) => form)).toContain('URL-encoded')
    // Each base64 alignment finds the secret wherever it sits in an encoded file.
    for (const prefix of ['', 'x', 'xy', 'xyz']) {
      const encoded = Buffer.from(
        Buffer.from(`${prefix}{"token":"${SECRETS.SANITY_API_READ_TOKEN}"}`).toString('base64'),
      )
      expect(
        needles.some(({needle}) => encoded.includes(needle)),
        prefix,
      ).toBe(true)
    }
  })

  describe.each([
    ['the bundled dataset', () => fromBundle, 'the bundled dataset'],
    ['the Content Lake (Query API stand-in)', () => fromContentLake, 'the Sanity Content Lake'],
  ])('a build from %s', (_, build, source) => {
    it('succeeds, reading the expected source', () => {
      expect(build().code, build().output).toBe(0)
      expect(build().output).toContain(source)
    })

    it('writes none of the secrets into client/ or server/', () => {
      const {files, leaks} = leaksIn(build())
      expect(files.some((file) => file.startsWith('client/'))).toBe(true)
      expect(files.some((file) => file.startsWith('server/'))).toBe(true)
      expect(files.length).toBeGreaterThan(20)
      expect(leaks, leaks.map((leak) => `${leak.file}: ${leak.secret} (${leak.form})`).join('\n')).toEqual([])
    })
  })

  it('the Content Lake build really used the read token', () => {
    expect(standIn.requests.length).toBeGreaterThan(0)
    expect(standIn.requests.at(-1)?.authorization).toBe(`Bearer ${SECRETS.SANITY_API_READ_TOKEN}`)
    expect(
      standIn.requests.every(
        (request) => request.authorization === `Bearer ${SECRETS.SANITY_API_READ_TOKEN}`,
      ),
    ).toBe(true)
  })

  it('the build logs none of the secrets either', () => {
    for (const build of [fromBundle, fromContentLake]) {
      for (const [secret, value] of Object.entries(SENTINELS))
        expect(build.output, secret).not.toContain(value)
    }
  })
})
