import {randomUUID} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import type {StoredMessage} from '../../../src/contact/store'
import {storesUnderTest} from '../../support/messageStores'
import {asRecord, storedMessage} from '../../support/storedMessages'

// What every store promises for requests about personal data (access, erasure) and for retention,
// checked on the SQLite file, on Sanity through the Query API stand-in, and on the tests' own
// in-memory double, so that tests using the double rely on nothing the real stores do not do.

const EVER = '1970-01-01T00:00:00.000Z'
const {stores, closeAfter} = storesUnderTest()

describe.each(stores)('the %s store', (_, open) => {
  /** A new, empty store holding these messages. */
  async function storeWith(...messages: StoredMessage[]) {
    const store = closeAfter(open())
    for (const message of messages) await store.save(message)
    return store
  }
  const ids = (messages: {id: string}[]) => messages.map((message) => message.id)

  describe('for a send repeated, or a reference taken', () => {
    it('stores nothing over a message with the same submission key, id or reference, and names that message', async () => {
      const submission = {key: randomUUID(), digest: 'a'.repeat(64)}
      const first = storedMessage({submission})
      const store = await storeWith(first)
      const sameKey = storedMessage({submission: {...submission, digest: 'b'.repeat(64)}})
      expect(await store.save(sameKey)).toEqual({stored: false, existing: {id: first.id, submission}})
      const sameReference = storedMessage({id: `${first.id.slice(0, 8)}-0000-4000-8000-000000000000`})
      expect(await store.save(sameReference)).toEqual({stored: false, existing: {id: first.id, submission}})
      expect(await store.save({...first, submission: undefined})).toMatchObject({stored: false})
      expect(ids(await store.listSince(EVER))).toEqual([first.id])
      const other = storedMessage({submission: {key: randomUUID(), digest: 'c'.repeat(64)}})
      expect(await store.save(other)).toEqual({stored: true})
      expect((await store.listSince(EVER)).map((message) => message.submission)).toEqual([
        submission,
        other.submission,
      ])
    })
  })

  describe('for a request to see or erase what a visitor sent', () => {
    it('finds every message from an e-mail address whatever its case, oldest first, with the consent given', async () => {
      const first = storedMessage()
      const other = storedMessage({email: 'ravi.kumar@example.com', phone: '+44 20 7946 0000'})
      const phoneOnly = storedMessage({email: '', phone: '+91 91234 56789'})
      const second = storedMessage({email: 'Asha.Menon@Example.COM', phone: ''})
      const store = await storeWith(second, phoneOnly, first, other)

      for (const email of ['asha.menon@example.com', 'ASHA.MENON@EXAMPLE.COM'])
        expect(await store.findFrom({email}), email).toEqual([asRecord(first), asRecord(second)])
      expect(await store.findFrom({email: 'menon@example.com'})).toEqual([])
      expect(await store.findFrom({email: 'asha.menon@example.co'})).toEqual([])
    })

    it('finds an address written with spaces around it, as copied from an e-mail', async () => {
      const withPhone = storedMessage()
      const emailOnly = storedMessage({phone: ''})
      const store = await storeWith(withPhone, emailOnly)
      expect(ids(await store.findFrom({email: ' asha.menon@example.com '}))).toEqual(
        ids([withPhone, emailOnly]),
      )
    })

    it('finds an address whatever the case of its letters, beyond A to Z too', async () => {
      const message = storedMessage({email: 'ÅSA.LINDQVIST@example.se', phone: ''})
      const store = await storeWith(message)
      expect(ids(await store.findFrom({email: 'åsa.lindqvist@example.se'}))).toEqual(ids([message]))
    })

    it('finds nothing for a blank e-mail address, not the messages that gave only a phone number', async () => {
      const store = await storeWith(storedMessage({email: '', phone: '+91 98765 43210'}), storedMessage())
      for (const email of ['', ' ']) expect(await store.findFrom({email}), JSON.stringify(email)).toEqual([])
      expect(await store.deleteFrom({email: ' '})).toBe(0)
      expect(await store.listSince(EVER)).toHaveLength(2)
    })

    it('finds every message from a phone number however it is written, and none from another number', async () => {
      const international = storedMessage({email: '', phone: '+91 98765 43210'})
      const national = storedMessage({email: 'asha@example.org', phone: '098765 43210'})
      const bare = storedMessage({email: '', phone: '98765-43210'})
      const neighbour = storedMessage({email: '', phone: '+91 98765 43211'})
      const london = storedMessage({email: '', phone: '+44 20 7946 0000'})
      const emailOnly = storedMessage({phone: ''})
      const store = await storeWith(international, national, bare, neighbour, london, emailOnly)

      for (const phone of [
        '+91 98765 43210',
        '098765 43210',
        '9876543210',
        '(+91) 98765-43210',
        '0091 9876543210',
      ])
        expect(ids(await store.findFrom({phone})), phone).toEqual(ids([international, national, bare]))
      expect(await store.findFrom({phone: '+91 98765 43210'})).toEqual(
        [international, national, bare].map(asRecord),
      )
      expect(ids(await store.findFrom({phone: '+44 (0)20 7946 0000'}))).toEqual(ids([london]))
      // Without its country code a number is Indian (+91 20 7946 0000): never the London line.
      expect(await store.findFrom({phone: '020 7946 0000'})).toEqual([])
      // Too few digits to be anyone's number.
      expect(await store.findFrom({phone: '43210'})).toEqual([])
      expect(await store.findFrom({phone: '+91'})).toEqual([])
    })

    it('tells apart the same digits under another country code: a mobile in Japan and a line in Memphis', async () => {
      const tokyo = storedMessage({email: '', phone: '+81 90 1234 5678'})
      const memphis = storedMessage({email: '', phone: '+1 901 234 5678'})
      const store = await storeWith(tokyo, memphis)
      expect(ids(await store.findFrom({phone: '+81 90-1234-5678'}))).toEqual(ids([tokyo]))
      expect(ids(await store.findFrom({phone: '+1 (901) 234-5678'}))).toEqual(ids([memphis]))
      expect(await store.deleteFrom({phone: '+81 90 1234 5678'})).toBe(1)
      expect(ids(await store.listSince(EVER))).toEqual(ids([memphis]))
    })

    it('erases every message from an e-mail address and says how many; every other message stays', async () => {
      const asha = [storedMessage(), storedMessage({email: 'ASHA.MENON@example.com', phone: ''})]
      const others = [
        storedMessage({email: 'ravi.kumar@example.com', phone: '+44 20 7946 0000'}),
        storedMessage({email: '', phone: '+91 91234 56789'}),
      ]
      const store = await storeWith(...asha, ...others)

      expect(await store.deleteFrom({email: 'Asha.Menon@example.com'})).toBe(2)
      expect(await store.findFrom({email: 'asha.menon@example.com'})).toEqual([])
      expect(await store.listSince(EVER)).toEqual(others.map(asRecord))
      expect(await store.deleteFrom({email: 'asha.menon@example.com'})).toBe(0)
    })

    it('erases every message from a phone number however it is written; every other message stays', async () => {
      const asha = [
        storedMessage({email: '', phone: '+91 98765 43210'}),
        storedMessage({email: 'asha@example.org', phone: '098765 43210'}),
      ]
      const others = [
        storedMessage({email: '', phone: '+91 98765 43211'}),
        storedMessage({phone: ''}),
        storedMessage({email: 'ravi.kumar@example.com', phone: '+44 20 7946 0000'}),
      ]
      const store = await storeWith(...asha, ...others)

      expect(await store.deleteFrom({phone: '9876543210'})).toBe(2)
      expect(await store.findFrom({phone: '+91 98765 43210'})).toEqual([])
      expect(await store.listSince(EVER)).toEqual(others.map(asRecord))
    })
  })

  describe('for retention', () => {
    it('deletes exactly the messages received before the cutoff, and says how many', async () => {
      const cutoff = '2025-03-01T10:00:00.000Z'
      const before = storedMessage({receivedAt: '2025-03-01T09:59:59.999Z'})
      const long = storedMessage({receivedAt: '2024-01-15T08:00:00.000Z'})
      const atCutoff = storedMessage({receivedAt: cutoff})
      const after = storedMessage({receivedAt: '2025-03-01T10:00:00.001Z'})
      const store = await storeWith(atCutoff, before, after, long)

      expect(await store.deleteReceivedBefore(cutoff)).toBe(2)
      expect(await store.listSince(EVER)).toEqual([atCutoff, after].map(asRecord))
      expect(await store.deleteReceivedBefore(cutoff)).toBe(0)
    })
  })

  it('keeps each box the page showed: its words and whether it was ticked, in page order', async () => {
    const message = storedMessage()
    const boxes = [
      ...message.consent.boxes.map((box) => ({...box, ticked: true})),
      // A box added later is its row, and nothing in the store.
      {box: 'newsletter', wording: 'Send me news.', ticked: false},
    ]
    const allowed = storedMessage({consent: {...message.consent, boxes}})
    const store = await storeWith(message, allowed)
    expect((await store.listSince(EVER)).map((record) => record.consent)).toEqual([
      message.consent,
      allowed.consent,
    ])
  })

  it('keeps the acknowledgement owed to a sender apart from the e-mail to customer care: each due, refused and sent on its own', async () => {
    const at = '2026-03-01T10:00:00.000Z'
    const later = '2026-03-01T10:01:00.000Z'
    const owed = storedMessage()
    const notOwed = storedMessage()
    const store = closeAfter(open())
    await store.save(owed, {acknowledge: true})
    await store.save(notOwed)

    expect(ids(await store.dueFor('acknowledgement', at, 10))).toEqual([owed.id])
    expect(ids(await store.dueFor('notification', at, 10))).toEqual([owed.id, notOwed.id])

    await store.recordRefusal('acknowledgement', owed.id, {error: '550 no such user', nextAttemptAt: later})
    await store.markSent('notification', owed.id, at)
    expect(await store.listSince(EVER)).toEqual([
      {
        ...owed,
        notification: {attempts: 0, notifiedAt: at},
        acknowledgement: {attempts: 1, lastError: '550 no such user', nextAttemptAt: later},
      },
      asRecord(notOwed),
    ])
    expect(await store.dueFor('acknowledgement', at, 10)).toEqual([])
    expect(ids(await store.dueFor('notification', at, 10))).toEqual([notOwed.id])
    expect(ids(await store.dueFor('acknowledgement', later, 10))).toEqual([owed.id])

    await store.markSent('acknowledgement', owed.id, later)
    expect(await store.dueFor('acknowledgement', later, 10)).toEqual([])
    expect((await store.findFrom({email: owed.email}))[0]?.acknowledgement).toEqual({
      attempts: 1,
      lastError: '550 no such user',
      nextAttemptAt: later,
      notifiedAt: later,
    })
  })

  it('lists the messages received since a time, oldest first, with how the e-mail about each went', async () => {
    const since = '2026-03-01T00:00:00.000Z'
    const earlier = storedMessage({receivedAt: '2026-02-28T23:59:59.999Z'})
    const sent = storedMessage({receivedAt: since})
    const givenUp = storedMessage({receivedAt: '2026-03-02T10:00:00.000Z'})
    const waiting = storedMessage({receivedAt: '2026-03-03T10:00:00.000Z'})
    const store = await storeWith(waiting, earlier, givenUp, sent)
    await store.markSent('notification', sent.id, '2026-03-01T00:00:05.000Z')
    await store.recordRefusal('notification', givenUp.id, {
      error: '550 mailbox unavailable',
      gaveUpAt: '2026-03-02T11:00:00.000Z',
    })
    await store.recordRefusal('notification', waiting.id, {
      error: '451 try again later',
      nextAttemptAt: '2026-03-03T10:01:00.000Z',
    })

    expect(await store.listSince(since)).toEqual([
      {...sent, notification: {attempts: 0, notifiedAt: '2026-03-01T00:00:05.000Z'}},
      {
        ...givenUp,
        notification: {
          attempts: 1,
          lastError: '550 mailbox unavailable',
          gaveUpAt: '2026-03-02T11:00:00.000Z',
        },
      },
      {
        ...waiting,
        notification: {
          attempts: 1,
          lastError: '451 try again later',
          nextAttemptAt: '2026-03-03T10:01:00.000Z',
        },
      },
    ])
  })
})
