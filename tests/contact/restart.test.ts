import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, describe, expect, inject, it} from 'vitest'
import {startSiteServer, type RunningServer} from '../support/processes'
import {allRows, eventually, islandBody, postJson, readDb, scratchFolder, validFields} from './support'

describe('the SQLite store across a restart', () => {
  const folder = scratchFolder('restart')
  // Three levels of folders that do not exist yet.
  const dbPath = join(folder.path, 'data', 'contact', 'messages.sqlite')
  // RunningServer.stop() never resolves for a process already stopped by a signal, so each is stopped once.
  const running = new Set<RunningServer>()
  const stop = async (server: RunningServer) => {
    running.delete(server)
    await server.stop()
  }
  afterAll(async () => {
    await Promise.all([...running].map(stop))
    folder.remove()
  })

  it('creates its file in a new folder, in WAL mode, and keeps every message when the server restarts', async () => {
    expect(existsSync(folder.path)).toBe(false)

    const first = await startSiteServer(inject('distDir'), {CONTACT_DB_PATH: dbPath})
    running.add(first)
    // The store is there when the server has started, before the first message.
    await eventually(() => existsSync(dbPath), 5_000, 'the SQLite file')
    const before = validFields()
    const one = await postJson(first.url, islandBody(before))
    expect(one.status).toBe(201)
    const firstId = (await one.json()).id
    expect(existsSync(dbPath)).toBe(true)
    expect(readDb(dbPath, (db) => db.prepare('PRAGMA journal_mode').get())).toEqual({journal_mode: 'wal'})
    await stop(first)
    expect(first.process.signalCode ?? first.process.exitCode).not.toBeNull()

    const second = await startSiteServer(inject('distDir'), {CONTACT_DB_PATH: dbPath})
    running.add(second)
    const after = validFields()
    const two = await postJson(second.url, islandBody(after))
    expect(two.status).toBe(201)
    const secondId = (await two.json()).id

    const rows = allRows(dbPath)
    expect(rows.map((row) => row.id).sort()).toEqual([firstId, secondId].sort())
    expect(rows.find((row) => row.id === firstId)).toMatchObject(before)
    expect(rows.find((row) => row.id === secondId)).toMatchObject(after)
    expect(readDb(dbPath, (db) => db.prepare('PRAGMA journal_mode').get())).toEqual({journal_mode: 'wal'})
  })
})
