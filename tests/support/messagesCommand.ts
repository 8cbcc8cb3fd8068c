// The people whose messages the tests of `npm run messages` handle, stored as the server would.
import {randomUUID} from 'node:crypto'
import {join} from 'node:path'
import {sqliteMessageStore} from '../../src/contact/sqliteStore'
import type {MessageStore, StoredMessage} from '../../src/contact/store'
import {storedMessage} from './storedMessages'

// Asha wrote twice by e-mail (in two spellings of her address) and once giving only her phone.
export const asha = {
  first: storedMessage({receivedAt: '2026-11-02T08:00:00.000Z'}),
  byPhone: storedMessage({receivedAt: '2026-11-03T08:00:00.000Z', email: '', phone: '098765 43210'}),
  second: storedMessage({receivedAt: '2026-11-05T08:00:00.000Z', email: 'Asha.Menon@Example.com', phone: ''}),
}
// 23:30 on 30 September in India: before "--since 2026-10-01", which counts from midnight there.
export const before = storedMessage({
  receivedAt: '2026-09-30T18:00:00.000Z',
  name: 'Meera Iyer',
  email: 'meera@example.org',
  phone: '',
})
export const ravi = storedMessage({
  receivedAt: '2026-10-20T08:00:00.000Z',
  name: 'Ravi Kumar',
  email: 'ravi.kumar@example.com',
  phone: '+44 20 7946 0000',
})
export const priya = storedMessage({
  receivedAt: '2026-11-04T08:00:00.000Z',
  name: 'Priya Raman',
  email: '',
  phone: '+91 91234 56789',
})
/** Oldest first. */
export const everyone = [before, ravi, asha.first, asha.byPhone, priya, asha.second]

/**
 * Three people whose numbers end in the same ten digits: Asha in India and two callers abroad,
 * with numbers of a length their countries have, as the form accepts them.
 */
export const sameDigits = {
  asha: storedMessage({receivedAt: '2026-11-02T08:00:00.000Z', phone: '+91 98765 43210'}),
  london: storedMessage({
    receivedAt: '2026-11-03T08:00:00.000Z',
    name: 'Oliver Grant',
    email: 'oliver.grant@example.co.uk',
    phone: '+44 98765 43210',
  }),
  newYork: storedMessage({
    receivedAt: '2026-11-04T08:00:00.000Z',
    name: 'Maria Lopez',
    email: 'maria.lopez@example.com',
    phone: '+1 987 654 3210',
  }),
}

/** Fills the store as the server would have: Ravi's e-mail given up, Priya's sent. */
export async function fill(store: MessageStore) {
  for (const message of everyone) await store.save(message)
  await store.recordRefusal('notification', ravi.id, {
    error: '550 5.1.1 mailbox unavailable',
    gaveUpAt: '2026-10-21T09:00:00.000Z',
  })
  await store.markSent('notification', priya.id, '2026-11-04T08:00:03.000Z')
}

export const ids = (messages: {id: string}[]) => messages.map((message) => message.id)
export const EVER = '1970-01-01T00:00:00.000Z'

/** The lines the command printed for a person's messages (export, erase): when (India time), then the id. */
export const matchedIn = (output: string) =>
  output
    .split('\n')
    .map((line) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+05:30\s+([0-9a-f-]{36})\s/.exec(line)?.[1])
    .filter(Boolean)

/** The references of the messages `list` printed, a line each: when (India time), then the reference. */
export const listedIn = (output: string) =>
  output
    .split('\n')
    .map((line) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+05:30 {2}([0-9A-F]{8}) {2}/.exec(line)?.[1])
    .filter(Boolean)

/**
 * A new SQLite file in `dir` holding everyone's messages (or only these), the variables that name
 * it to the command, and a way to read what is left in it afterwards.
 */
export async function sqliteFile(dir: string, only?: StoredMessage[]) {
  const path = join(dir, `${randomUUID()}.sqlite`)
  const store = sqliteMessageStore(path)
  if (only) for (const message of only) await store.save(message)
  else await fill(store)
  store.close()
  const remaining = async () => {
    const reader = sqliteMessageStore(path)
    try {
      return ids(await reader.listSince(EVER))
    } finally {
      reader.close()
    }
  }
  return {env: {CONTACT_DB_PATH: path}, description: `SQLite file ${path}`, remaining}
}
