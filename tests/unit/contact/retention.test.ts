import {randomUUID} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {readConfig} from '../../../src/config/index'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {monthsBefore} from '../../../src/contact/retention'
import {contactServiceFromConfig, createContactService} from '../../../src/contact/service'
import {sqliteMessageStore} from '../../../src/contact/sqliteStore'
import type {StoredMessage} from '../../../src/contact/store'
import {contactContent, memoryStore} from '../../support/memoryStore'
import {daysAgo, storedMessage} from '../../support/storedMessages'
import {eventually} from '../../support/contact'

// Contact messages are deleted once they are older than "Contact messages kept for" in Policy
// figures (12 months in the bundled dataset): when the server starts and every day after.

const EVER = '1970-01-01T00:00:00.000Z'
const DAY_MS = 24 * 60 * 60 * 1000

describe('monthsBefore: the same day and time, calendar months earlier', () => {
  const before = (iso: string, months: number) => monthsBefore(new Date(iso), months).toISOString()

  it('keeps the day and the time of day', () => {
    expect(before('2026-11-23T10:30:15.250Z', 1)).toBe('2026-10-23T10:30:15.250Z')
    expect(before('2026-01-15T00:00:00.000Z', 1)).toBe('2025-12-15T00:00:00.000Z')
    expect(before('2026-11-23T10:30:00.000Z', 0)).toBe('2026-11-23T10:30:00.000Z')
  })

  it('from the 31st, lands on the last day of a shorter month: 31 March less a month is the end of February', () => {
    expect(before('2026-03-31T12:00:00.000Z', 1)).toBe('2026-02-28T12:00:00.000Z')
    expect(before('2026-05-31T12:00:00.000Z', 1)).toBe('2026-04-30T12:00:00.000Z')
    expect(before('2026-03-30T23:59:59.999Z', 1)).toBe('2026-02-28T23:59:59.999Z')
  })

  it('knows leap years: 29 February in one, 28 in the others', () => {
    expect(before('2028-03-31T08:00:00.000Z', 1)).toBe('2028-02-29T08:00:00.000Z')
    expect(before('2028-02-29T08:00:00.000Z', 12)).toBe('2027-02-28T08:00:00.000Z')
    expect(before('2029-02-28T08:00:00.000Z', 12)).toBe('2028-02-28T08:00:00.000Z')
    expect(before('2025-02-28T08:00:00.000Z', 12)).toBe('2024-02-28T08:00:00.000Z')
  })

  it('counts 12 months back to the same date a year earlier, and across years beyond that', () => {
    expect(before('2026-12-01T10:00:00.000Z', 12)).toBe('2025-12-01T10:00:00.000Z')
    expect(before('2026-01-31T10:00:00.000Z', 12)).toBe('2025-01-31T10:00:00.000Z')
    expect(before('2026-03-31T10:00:00.000Z', 13)).toBe('2025-02-28T10:00:00.000Z')
    expect(before('2026-03-15T10:00:00.000Z', 26)).toBe('2024-01-15T10:00:00.000Z')
  })

  it('leaves the date it is given as it was', () => {
    const date = new Date('2026-03-31T12:00:00.000Z')
    monthsBefore(date, 1)
    expect(date.toISOString()).toBe('2026-03-31T12:00:00.000Z')
  })
})

describe('the contact service deleting expired messages', () => {
  /** The service at `now`, keeping messages `content().retentionMonths` months, over a store holding `messages`. */
  async function serviceAt(now: string, messages: StoredMessage[], retentionMonths = () => 12) {
    const store = memoryStore()
    for (const message of messages) await store.save(message)
    const lines: string[] = []
    const service = createContactService({
      store,
      limiter: slidingWindowLimiter(1000, 600),
      content: () => contactContent({retentionMonths: retentionMonths()}),
      now: () => new Date(now),
      log: (line) => lines.push(line),
    })
    const kept = () => [...store.messages.keys()]
    return {service, kept, lines}
  }

  it('deletes exactly the messages received before the cutoff, the retention period before now, and says how many', async () => {
    const expired = [
      storedMessage({receivedAt: '2024-06-01T00:00:00.000Z'}),
      storedMessage({receivedAt: '2025-02-28T11:59:59.999Z'}),
    ]
    const atCutoff = storedMessage({receivedAt: '2025-02-28T12:00:00.000Z'})
    const recent = storedMessage({receivedAt: '2026-03-31T11:00:00.000Z'})
    // 31 March 2026 less 13 months is the end of February 2025.
    const {service, kept, lines} = await serviceAt(
      '2026-03-31T12:00:00.000Z',
      [...expired, atCutoff, recent],
      () => 13,
    )

    expect(await service.deleteExpired()).toBe(2)
    expect(kept()).toEqual([atCutoff.id, recent.id])
    expect(lines).toEqual(['Deleted 2 contact messages received before 2025-02-28T12:00:00.000Z.'])
    expect(await service.deleteExpired()).toBe(0)
    expect(lines).toHaveLength(1)
  })

  it('keeps messages for the period the content names at the time, so a changed policy figure applies at once', async () => {
    const old = storedMessage({receivedAt: '2026-05-01T00:00:00.000Z'})
    const newer = storedMessage({receivedAt: '2026-09-01T00:00:00.000Z'})
    let months = 12
    const {service, kept} = await serviceAt('2026-12-01T00:00:00.000Z', [old, newer], () => months)

    expect(await service.deleteExpired()).toBe(0)
    months = 6
    expect(await service.deleteExpired()).toBe(1)
    expect(kept()).toEqual([newer.id])
  })

  describe('as the configuration builds it', () => {
    let scratch: string
    beforeAll(() => {
      scratch = mkdtempSync(join(tmpdir(), 'retention-'))
    })
    afterAll(() => rmSync(scratch, {recursive: true, force: true}))

    it('deletes expired messages again each day while it runs', async () => {
      vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']})
      const path = join(scratch, `${randomUUID()}.sqlite`)
      const service = contactServiceFromConfig(readConfig({CONTACT_DB_PATH: path}).contact, {
        content: () => contactContent({retentionMonths: 12}),
        log: () => {},
      })
      const store = sqliteMessageStore(path)
      try {
        // Arrived 13 months ago: it expired while the server was running.
        const expired = storedMessage({receivedAt: daysAgo(400)})
        const recent = storedMessage({receivedAt: daysAgo(1)})
        await store.save(expired)
        await store.save(recent)

        await vi.advanceTimersByTimeAsync(DAY_MS)
        await eventually(
          async () => (await store.listSince(EVER)).length === 1,
          10_000,
          'the expired message to be deleted',
        )
        expect((await store.listSince(EVER)).map(({id}) => id)).toEqual([recent.id])
      } finally {
        vi.useRealTimers()
        store.close()
        await service.close()
      }
    })
  })
})

describe('a retention period of less than a month', () => {
  it('deletes nothing: it is a mistake in Policy figures, not an instruction to delete every message', async () => {
    const store = memoryStore()
    await store.save(storedMessage({receivedAt: '2026-01-01T00:00:00.000Z'}))
    const service = createContactService({
      store,
      limiter: slidingWindowLimiter(10, 600),
      content: () => contactContent({retentionMonths: 0}),
      now: () => new Date('2026-03-01T00:00:00.000Z'),
      log: () => {},
    })
    await expect(service.deleteExpired()).rejects.toThrow(/retention of 0 months/)
    expect(store.messages.size).toBe(1)
    await service.close()
  })
})
