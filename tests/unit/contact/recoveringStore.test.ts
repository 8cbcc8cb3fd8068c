import {randomUUID} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {DatabaseSync} from 'node:sqlite'
import {afterAll, afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {recoveringStore, StoreUnavailableError, type StoreOpener} from '../../../src/contact/recoveringStore'
import {createContactService} from '../../../src/contact/service'
import {sqliteMessageStore, sqliteStoreOpener} from '../../../src/contact/sqliteStore'
import {
  contactContent,
  memoryStore,
  type MemoryStore,
  ENGLISH_PAGE,
  sentFrom,
} from '../../support/memoryStore'
import {storedMessage} from '../../support/storedMessages'
import {validFields} from '../../support/contact'

const FILE = 'SQLite file /srv/site/data/contact-messages.sqlite'
const ADVICE = 'Check that the folder can be written.'

/** What the SQLite store throws when its file was damaged under it. */
const spent = () => Object.assign(new Error('database disk image is malformed'), {code: 'SPENT'})

/**
 * A store that opens as the test says: it fails with `failure` while one is set, and otherwise
 * opens a new in-memory store. `opened` holds every store it opened, newest last.
 */
function fakeFile() {
  const opened: MemoryStore[] = []
  const state: {failure?: Error; opens: number} = {
    failure: new Error("ENOTDIR: not a directory, mkdir '/srv/site/data'"),
    opens: 0,
  }
  const opener: StoreOpener = {
    description: FILE,
    advice: ADVICE,
    isBroken: (error) => (error as {code?: string}).code === 'SPENT',
    open() {
      state.opens++
      if (state.failure) throw state.failure
      const store = memoryStore()
      opened.push(store)
      return store
    },
  }
  return {opener, opened, state}
}

/** A message as the service stores it. */
const message = () => storedMessage()

describe('a message store that recovers', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function started() {
    const file = fakeFile()
    const lines: string[] = []
    const onRecovered = vi.fn()
    const store = recoveringStore(file.opener, {log: (line) => lines.push(line), onRecovered})
    return {...file, store, lines, onRecovered}
  }

  it('that cannot be opened at start says which store, why and what to check, and refuses every operation as unavailable', async () => {
    const {store, lines} = started()
    expect(lines).toEqual([
      `The contact message store (${FILE}) cannot be opened: Error: ENOTDIR: not a directory, mkdir '/srv/site/data'. The pages are served; the contact form answers 503 until the store opens. ${ADVICE} Next try in 5 s.`,
    ])
    await expect(store.save(message())).rejects.toThrow(StoreUnavailableError)
    await expect(store.dueFor('notification', '2026-03-01T10:00:00.000Z', 50)).rejects.toThrow(
      StoreUnavailableError,
    )
    await expect(store.deleteReceivedBefore('2025-03-01T10:00:00.000Z')).rejects.toThrow(
      StoreUnavailableError,
    )
    store.close()
  })

  it('is opened again after 5 s, then after twice as long each time, up to every 5 minutes', () => {
    const {store, state, lines} = started()
    const pauses: number[] = []
    for (let tries = 1; tries < 10; tries++) {
      const before = state.opens
      const started = Date.now()
      while (state.opens === before) vi.advanceTimersByTime(1_000)
      pauses.push((Date.now() - started) / 1000)
    }
    expect(pauses).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300])
    // The advice once; after that, one short line for each try.
    expect(lines[1]).toBe(
      `The contact message store (${FILE}) still cannot be opened: Error: ENOTDIR: not a directory, mkdir '/srv/site/data'. Next try in 10 s.`,
    )
    expect(lines.filter((line) => line.includes(ADVICE))).toHaveLength(1)
    store.close()
  })

  it('takes messages once it opens, says so in the log, and has what was owed meanwhile done', async () => {
    const {store, state, opened, lines, onRecovered} = started()
    state.failure = undefined
    vi.advanceTimersByTime(5_000)
    expect(lines.at(-1)).toBe(
      `The contact message store (${FILE}) is open again; the contact form takes messages.`,
    )
    expect(onRecovered).toHaveBeenCalledTimes(1)
    const sent = message()
    await expect(store.save(sent)).resolves.toEqual({stored: true})
    expect([...opened[0]!.messages.keys()]).toEqual([sent.id])
    store.close()
  })

  it('that opens at start says nothing and tries nothing more', async () => {
    const file = fakeFile()
    file.state.failure = undefined
    const lines: string[] = []
    const store = recoveringStore(file.opener, {log: (line) => lines.push(line)})
    await expect(store.save(message())).resolves.toEqual({stored: true})
    vi.advanceTimersByTime(600_000)
    expect(file.state.opens).toBe(1)
    expect(lines).toEqual([])
    store.close()
  })

  it('whose connection is spent later is closed, answers unavailable, and is opened again after the pause', async () => {
    const file = fakeFile()
    file.state.failure = undefined
    const lines: string[] = []
    const store = recoveringStore(file.opener, {log: (line) => lines.push(line)})
    const first = file.opened[0]!
    first.breakSaves(spent())

    const failed = await store.save(message()).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(StoreUnavailableError)
    expect((failed as Error).cause).toMatchObject({message: 'database disk image is malformed'})
    expect(first.closed).toBe(true)
    expect(lines).toEqual([
      `The contact message store (${FILE}) failed: Error: database disk image is malformed. It is closed and opened again in 5 s; until then the contact form answers 503. ${ADVICE}`,
    ])
    await expect(store.listSince('2026-01-01T00:00:00.000Z')).rejects.toThrow(StoreUnavailableError)

    vi.advanceTimersByTime(5_000)
    expect(file.opened).toHaveLength(2)
    expect(lines.at(-1)).toContain('is open again')
    await expect(store.save(message())).resolves.toEqual({stored: true})
    store.close()
  })

  it('whose operation fails for another reason keeps its connection: that operation alone fails', async () => {
    const file = fakeFile()
    file.state.failure = undefined
    const lines: string[] = []
    const store = recoveringStore(file.opener, {log: (line) => lines.push(line)})
    file.opened[0]!.breakSaves(new Error('database or disk is full'))
    await expect(store.save(message())).rejects.toThrow('database or disk is full')
    expect(file.opened[0]!.closed).toBe(false)
    await expect(store.listSince('2026-01-01T00:00:00.000Z')).resolves.toEqual([])
    vi.advanceTimersByTime(600_000)
    expect(file.state.opens).toBe(1)
    expect(lines).toEqual([])
    store.close()
  })

  it('that keeps failing right after it opens waits longer each time, not 5 s forever', async () => {
    const file = fakeFile()
    file.state.failure = undefined
    const lines: string[] = []
    const store = recoveringStore(file.opener, {log: (line) => lines.push(line)})
    for (const pause of [5_000, 10_000, 20_000]) {
      file.opened.at(-1)!.breakSaves(spent())
      await expect(store.save(message())).rejects.toThrow(StoreUnavailableError)
      const opens = file.state.opens
      vi.advanceTimersByTime(pause - 1)
      expect(file.state.opens).toBe(opens)
      vi.advanceTimersByTime(1)
      expect(file.state.opens).toBe(opens + 1)
    }
    store.close()
  })

  it('stops trying when it is closed, and refuses every operation after', async () => {
    const {store, state} = started()
    expect(vi.getTimerCount()).toBe(1)
    store.close()
    expect(vi.getTimerCount()).toBe(0)
    state.failure = undefined
    vi.advanceTimersByTime(600_000)
    expect(state.opens).toBe(1)
    await expect(store.save(message())).rejects.toThrow(/is closed/)
  })

  it('closes the store it holds when it is closed', () => {
    const file = fakeFile()
    file.state.failure = undefined
    const store = recoveringStore(file.opener, {log: () => {}})
    store.close()
    expect(file.opened[0]!.closed).toBe(true)
  })
})

describe('the contact service over a store that recovers', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('answers unavailable while the store is shut and stores the message once it is back', async () => {
    vi.useFakeTimers()
    const file = fakeFile()
    file.state.failure = undefined
    const service = createContactService({
      store: recoveringStore(file.opener, {log: () => {}}),
      limiter: slidingWindowLimiter(1000, 600),
      content: () => contactContent(),
      log: () => {},
    })
    const submission = () => ({
      fields: {consent: true, ageConfirmation: true, ...validFields()},
      website: '',
      ...sentFrom(ENGLISH_PAGE),
    })
    await expect(service.submit(submission(), '203.0.113.7')).resolves.toMatchObject({kind: 'stored'})
    file.opened[0]!.breakSaves(spent())
    await expect(service.submit(submission(), '203.0.113.7')).resolves.toEqual({kind: 'unavailable'})
    await expect(service.submit(submission(), '203.0.113.7')).resolves.toEqual({kind: 'unavailable'})
    await expect(service.deleteExpired()).resolves.toBe(0)
    vi.advanceTimersByTime(5_000)
    await expect(service.submit(submission(), '203.0.113.7')).resolves.toMatchObject({kind: 'stored'})
    expect(file.opened[1]!.messages.size).toBe(1)
    await service.close()
  })
})

describe('the SQLite store says which failures spend its connection', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'recovering-store-'))
  afterAll(() => rmSync(scratch, {recursive: true, force: true}))

  const failureOf = (action: () => unknown) => {
    try {
      action()
    } catch (error) {
      return error
    }
    throw new Error('expected a failure')
  }

  it('a damaged file, or one that cannot be opened: open it again', () => {
    const damaged = join(scratch, 'damaged.sqlite')
    writeFileSync(damaged, Buffer.alloc(8192, 7))
    const opener = sqliteStoreOpener(damaged)
    expect(opener.isBroken(failureOf(() => sqliteMessageStore(damaged)))).toBe(true)
    expect(
      opener.isBroken(failureOf(() => new DatabaseSync(join(scratch, 'no-such-folder', 'x.sqlite')))),
    ).toBe(true)
  })

  it('a full database, a mistake in a query, or any other error: the connection is still good', () => {
    const opener = sqliteStoreOpener(join(scratch, 'any.sqlite'))
    const db = new DatabaseSync(':memory:')
    db.exec('CREATE TABLE t (x TEXT); PRAGMA max_page_count = 2')
    expect(
      opener.isBroken(failureOf(() => db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000)))),
    ).toBe(false)
    expect(opener.isBroken(failureOf(() => db.exec('SELECT * FROM nowhere')))).toBe(false)
    expect(opener.isBroken(new Error('unable to open database file'))).toBe(false)
    db.close()
  })

  it('a damaged file is never deleted or rewritten by trying to open it', () => {
    const damaged = join(scratch, `${randomUUID()}.sqlite`)
    const bytes = Buffer.alloc(8192, 7)
    writeFileSync(damaged, bytes)
    failureOf(() => sqliteMessageStore(damaged))
    failureOf(() => sqliteMessageStore(damaged))
    expect(readFileSync(damaged)).toEqual(bytes)
  })
})
