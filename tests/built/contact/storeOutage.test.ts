import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect} from 'vitest'
import {test, type SiteServer} from '../../support/siteServer'
import {contactPage} from '../../support/site'
import {eventually, islandBody, postForm, postJson, rowById, validFields} from '../../support/contact'

const scratch = mkdtempSync(join(tmpdir(), 'store-outage-'))
afterAll(() => rmSync(scratch, {recursive: true, force: true}))

/** The pages answer as ever, and the contact route answers 503 with Retry-After, to the island and to a form post. */
async function pagesUpFormRefused(server: SiteServer) {
  for (const path of ['/', '/about-us', '/contact-us']) {
    expect((await fetch(server.url + path)).status, path).toBe(200)
  }
  const json = await postJson(server.url, islandBody(validFields()))
  expect(json.status).toBe(503)
  expect(json.headers.get('retry-after')).toBe('30')
  await expect(json.json()).resolves.toMatchObject({ok: false, error: 'unavailable'})
  const form = await postForm(server.url, validFields())
  expect(form.status).toBe(503)
  expect(form.headers.get('retry-after')).toBe('30')
  const page = await form.text()
  expect(page).toContain("Use your browser's Back button to return to your message")
  // In the words staff wrote for it, escaped as any text on that page.
  expect(page).toContain(escaped(contactPage.noScriptNotices.failed))
}

const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

describe('the production server with a message store that cannot be opened', () => {
  test('in a folder that cannot be created, serves the pages, refuses messages with 503, says why, and takes them once the folder can be made', async ({
    startSite,
  }) => {
    const inTheWay = join(scratch, 'file.txt')
    writeFileSync(inTheWay, 'a file where the folder should be')
    const dbPath = join(inTheWay, 'messages.sqlite')
    const server = await startSite({CONTACT_DB_PATH: dbPath})

    await pagesUpFormRefused(server)
    expect(server.output()).toContain(
      `The contact message store (SQLite file ${dbPath}) cannot be opened: Error: EEXIST: file already exists, mkdir '${inTheWay}'.`,
    )

    // The first try again is 5 s after the start.
    rmSync(inTheWay)
    await eventually(() => server.output().includes('is open again'), 15_000, 'the store to open again')
    const response = await postJson(server.url, islandBody(validFields()))
    expect(response.status).toBe(201)
    expect(rowById(dbPath, (await response.json()).id)).toBeDefined()
  })

  // Issue 25: the server never listened, and said nothing.
  test.runIf(existsSync('/proc/self'))(
    'under /proc, where no folder can be made, starts, serves the pages and refuses messages with 503, naming the folder',
    async ({startSite}) => {
      const server = await startSite({CONTACT_DB_PATH: '/proc/nope/x.db'})
      await pagesUpFormRefused(server)
      expect(server.output()).toContain("ENOENT: no such file or directory, mkdir '/proc/nope'")
    },
  )

  test('because the file is damaged, serves the pages, refuses messages with 503, says why, and leaves the file as it was', async ({
    startSite,
  }) => {
    const dbPath = join(scratch, 'damaged.sqlite')
    const damaged = Buffer.alloc(16_384, 7)
    writeFileSync(dbPath, damaged)
    const server = await startSite({CONTACT_DB_PATH: dbPath})

    await pagesUpFormRefused(server)
    expect(server.output()).toContain(
      `The contact message store (SQLite file ${dbPath}) cannot be opened: Error: file is not a database.`,
    )
    expect(server.output()).toContain('The server never deletes a damaged file')
    expect(readFileSync(dbPath)).toEqual(damaged)
  })
})
