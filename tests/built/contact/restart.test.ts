import {existsSync} from 'node:fs'
import {describe, expect} from 'vitest'
import {test} from '../../support/siteServer'
import {allRows, islandBody, postJson, readDb, validFields} from '../../support/contact'

describe('the SQLite store of the production server', () => {
  test('is created with its folder when the server starts, in WAL mode, and keeps every message across a restart', async ({
    startSite,
  }) => {
    const first = await startSite()
    expect(existsSync(first.dbPath)).toBe(true)
    const before = validFields()
    const one = await postJson(first.url, islandBody(before))
    expect(one.status).toBe(201)
    const firstId = (await one.json()).id

    const second = await first.restart()
    expect(first.process.exitCode).toBe(0)
    const after = validFields()
    const two = await postJson(second.url, islandBody(after))
    expect(two.status).toBe(201)
    const secondId = (await two.json()).id

    const rows = allRows(second.dbPath)
    expect(rows.map((row) => row.id).sort()).toEqual([firstId, secondId].sort())
    expect(rows.find((row) => row.id === firstId)).toMatchObject(before)
    expect(rows.find((row) => row.id === secondId)).toMatchObject(after)
    expect(readDb(second.dbPath, (db) => db.prepare('PRAGMA journal_mode').get())).toEqual({
      journal_mode: 'wal',
    })
  })
})
