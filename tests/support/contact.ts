import {randomUUID} from 'node:crypto'
import {existsSync} from 'node:fs'
import {DatabaseSync} from 'node:sqlite'
import {expect} from 'vitest'
import {CONSENT_BOX_NAMES, CONSENT_BOXES, type ConsentBox} from '../../model/contactForm'
import type {MessageRow} from '../../src/contact/sqliteStore'
import {sentFromPage} from './pageSent'

export {sentFromPage} from './pageSent'

export type {MessageRow}

/** Runs `use` on a read-only connection to the store the server writes; undefined while the file does not exist. */
export function readDb<T>(path: string, use: (db: DatabaseSync) => T): T | undefined {
  if (!existsSync(path)) return undefined
  const db = new DatabaseSync(path, {readOnly: true})
  try {
    return use(db)
  } finally {
    db.close()
  }
}

export function allRows(path: string): MessageRow[] {
  return (
    readDb(
      path,
      (db) =>
        db.prepare('SELECT * FROM contact_messages ORDER BY received_at').all() as unknown as MessageRow[],
    ) ?? []
  )
}

export function rowById(path: string, id: string): MessageRow | undefined {
  return readDb(
    path,
    (db) => db.prepare('SELECT * FROM contact_messages WHERE id = ?').get(id) as MessageRow | undefined,
  )
}

/** Rows whose message contains `marker`, which each test makes unique. */
export function rowsWith(path: string, marker: string): MessageRow[] {
  return (
    readDb(
      path,
      (db) =>
        db
          .prepare('SELECT * FROM contact_messages WHERE instr(message, ?) > 0')
          .all(marker) as unknown as MessageRow[],
    ) ?? []
  )
}

/** A unique word to find a test's own message among others. */
export const marker = () => `ref-${randomUUID().slice(0, 8)}`

/** Five valid fields; `message` carries a unique marker. */
export function validFields(ref = marker()) {
  return {
    name: 'Ravi Kumar',
    email: 'ravi.kumar@example.com',
    phone: '+44 20 7946 0000',
    subject: 'Knee surgery in Hyderabad',
    message: `I would like to know about doctors and a hotel near the hospital. (${ref})`,
  }
}

/**
 * What the island sends: the two boxes that must be ticked (consent, age), the fields and an
 * empty honeypot. The optional health box is left unticked unless the test says otherwise.
 */
export function islandBody(fields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return JSON.stringify({consent: true, ageConfirmation: true, ...fields, website: '', ...extra})
}

/**
 * A body as the page's form sends it: with the page's Privacy Policy version, language and the
 * digest of its boxes' words, unless the body says its own (a JSON object) or is not one.
 */
async function asFromPage(base: string, body: string): Promise<string> {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return body
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json) || 'wordings' in json) return body
  const {privacyVersion, ...sent} = await sentFromPage(base)
  return JSON.stringify({
    ...sent,
    ...(privacyVersion ? {privacyVersion: Number(privacyVersion)} : {}),
    ...json,
  })
}

/** Posts a JSON body from the site's own origin (override headers to change that), as the page's island does. */
export async function postJson(base: string, body: string, headers: Record<string, string | undefined> = {}) {
  return fetch(base + '/api/contact', {
    method: 'POST',
    headers: clean({
      'content-type': 'application/json',
      origin: base,
      accept: 'application/json',
      ...headers,
    }),
    body: await asFromPage(base, body),
    redirect: 'manual',
  })
}

/** Posts an ordinary form (application/x-www-form-urlencoded), as a browser without JavaScript does. */
export async function postForm(
  base: string,
  fields: Record<string, string>,
  headers: Record<string, string | undefined> = {},
) {
  return fetch(base + '/api/contact', {
    method: 'POST',
    headers: clean({'content-type': 'application/x-www-form-urlencoded', origin: base, ...headers}),
    // The consent and age boxes are ticked unless the test says otherwise; the page's hidden
    // inputs are sent as the page has them.
    body: new URLSearchParams({
      consent: 'yes',
      ageConfirmation: 'yes',
      ...(await sentFromPage(base)),
      ...fields,
    }).toString(),
    redirect: 'manual',
  })
}

function clean(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}

/**
 * Reads a response body and checks it gives nothing of the server away: no stack trace lines,
 * no file paths or source locations, no internal error names.
 */
export async function safeBody(response: Response): Promise<string> {
  const text = await response.text()
  expect(text, 'a stack trace line').not.toMatch(/^\s*at\s/m)
  expect(text, 'a stack frame').not.toMatch(/\bat .*\(.*:\d+:\d+\)/)
  expect(text, 'a file path').not.toMatch(
    /(\/work\/|\/home\/|\/tmp\/|node_modules|file:\/\/|[\w-]+\.(m?js|ts|tsx|astro):\d+)/,
  )
  expect(text, 'an internal error name').not.toMatch(
    /\b(TypeError|SyntaxError|RangeError|ReferenceError|SqliteError|ERR_[A-Z_]+)\b/,
  )
  return text
}

/** Reads a JSON error answer, checking it is safe, and returns it parsed. */
export async function safeJson(response: Response): Promise<Record<string, any>> {
  const text = await safeBody(response)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return JSON.parse(text)
}

/** Polls `check` until it returns a value other than undefined, null or false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * The consent_boxes column of a message sent from a form with these labels (the bundled dataset's,
 * or a translation's): every box of the model (model/contactForm.ts) with its words, the required
 * ones ticked, the others as `ticked` gives them (unticked if it does not name them). A stored row
 * holds exactly this JSON.
 */
export function consentBoxes(
  form: Record<`${ConsentBox}Label`, string>,
  ticked: Partial<Record<ConsentBox, boolean>>,
): string {
  return JSON.stringify(
    CONSENT_BOX_NAMES.map((box) => ({
      box,
      wording: form[`${box}Label`],
      ticked: CONSENT_BOXES[box].requiredError !== undefined || (ticked[box] ?? false),
    })),
  )
}

/** Whether a stored row's visitor ticked the health box. */
export const healthTicked = (row: {consent_boxes: string | null}) =>
  (JSON.parse(row.consent_boxes ?? '[]') as {box: string; ticked: boolean}[]).some(
    (box) => box.box === 'healthDetails' && box.ticked,
  )
