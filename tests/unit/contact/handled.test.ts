import {describe, expect, it} from 'vitest'
import {readReference, referenceOf, type MessageStore, type StoredMessage} from '../../../src/contact/store'
import {storesUnderTest} from '../../support/messageStores'
import {asRecord, storedMessage} from '../../support/storedMessages'

// What every store promises for answering messages: finding one by the reference its sender was
// given, recording that someone answered it, and counting for the health check the messages
// nobody may have seen. Checked on the SQLite file, on Sanity through the Query API stand-in, and
// on the tests' in-memory double.

const EVER = '1970-01-01T00:00:00.000Z'
const NOW = '2026-11-24T12:00:00.000Z'
const {stores, closeAfter} = storesUnderTest()

describe.each(stores)('the %s store', (_, open) => {
  async function storeWith(...messages: StoredMessage[]): Promise<MessageStore> {
    const store = closeAfter(open())
    for (const message of messages) await store.save(message)
    return store
  }

  it('finds a message by its reference, in whichever case it is typed', async () => {
    const wanted = storedMessage()
    const store = await storeWith(storedMessage(), wanted, storedMessage())
    const reference = referenceOf(wanted.id)
    expect(await store.findByReference(reference)).toEqual([asRecord(wanted)])
    expect(await store.findByReference(reference.toLowerCase())).toEqual([asRecord(wanted)])
    expect(await store.findByReference('00000000')).toEqual([])
  })

  it('records that a message was answered, when and by whom, and takes it back', async () => {
    const message = storedMessage()
    const other = storedMessage()
    const store = await storeWith(message, other)
    await store.setHandled(message.id, {at: NOW, by: 'Priya Raman'})
    expect(await store.findByReference(referenceOf(message.id))).toEqual([
      {...asRecord(message), handledAt: NOW, handledBy: 'Priya Raman'},
    ])
    // Marked again without a name: the earlier name does not stay with the new time.
    await store.setHandled(message.id, {at: '2026-11-24T13:00:00.000Z'})
    expect((await store.findByReference(referenceOf(message.id)))[0]).toEqual({
      ...asRecord(message),
      handledAt: '2026-11-24T13:00:00.000Z',
    })
    await store.setHandled(message.id, null)
    expect(await store.listSince(EVER)).toEqual([asRecord(message), asRecord(other)])
  })

  it('counts the messages not handled whose e-mail was given up, or is unsent since before a time', async () => {
    const early = storedMessage({receivedAt: '2026-11-24T09:00:00.000Z'})
    const late = storedMessage({receivedAt: '2026-11-24T11:30:00.000Z'})
    const givenUp = storedMessage({receivedAt: '2026-11-24T08:00:00.000Z'})
    const sent = storedMessage({receivedAt: '2026-11-24T07:00:00.000Z'})
    const store = await storeWith(early, late, givenUp, sent)
    await store.recordRefusal('notification', givenUp.id, {error: '550 no', gaveUpAt: '2026-11-24T10:00:00Z'})
    await store.markSent('notification', sent.id, '2026-11-24T07:00:01.000Z')
    const since = '2026-11-24T11:00:00.000Z'
    expect(await store.countUnseen(since)).toEqual({emailGivenUp: 1, emailWaiting: 1})
    await store.setHandled(givenUp.id, {at: NOW})
    await store.setHandled(early.id, {at: NOW})
    expect(await store.countUnseen(since)).toEqual({emailGivenUp: 0, emailWaiting: 0})
    expect(await store.countUnseen('2026-11-24T12:00:00.000Z')).toEqual({emailGivenUp: 0, emailWaiting: 1})
  })
})

describe('a reference as staff type it', () => {
  it('is eight letters and digits in either case, or the whole message id', () => {
    expect(readReference(' 0a1b2c3d ')).toBe('0A1B2C3D')
    expect(readReference('0A1B2C3D-1111-4111-8111-111111111111')).toBe('0A1B2C3D')
    for (const typed of ['', '0A1B2C3', '0A1B2C3DE', 'ZZZZZZZZ', '0A1B-2C3D'])
      expect(readReference(typed), typed).toBeUndefined()
  })
})
