import {randomUUID} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll} from 'vitest'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {sanityMessageStore} from '../../src/contact/sanityStore'
import {sqliteMessageStore} from '../../src/contact/sqliteStore'
import type {MessageStore} from '../../src/contact/store'
import {memoryStore} from './memoryStore'
import {startQueryApiStandIn, type QueryApiStandIn} from './queryApiStandIn'

/**
 * The stores a test file checks the same promises on: the SQLite file, Sanity through the Query
 * API stand-in, and the tests' in-memory double, so that tests using the double rely on nothing
 * the real stores do not do. Call it at the top of the file: it starts the stand-in and a scratch
 * folder before the tests, closes each store `open` gave after each test, and removes both after.
 */
export function storesUnderTest() {
  let lake: QueryApiStandIn
  let scratch: string
  const opened: MessageStore[] = []
  beforeAll(async () => {
    lake = await startQueryApiStandIn({documents: []})
    scratch = mkdtempSync(join(tmpdir(), 'contact-stores-'))
  })
  afterEach(() => {
    for (const store of opened.splice(0)) store.close()
  })
  afterAll(async () => {
    await lake?.close()
    if (scratch) rmSync(scratch, {recursive: true, force: true})
  })

  const makers: Record<string, () => MessageStore> = {
    SQLite: () => sqliteMessageStore(join(scratch, `${randomUUID()}.sqlite`)),
    Sanity: () => {
      lake.setDocuments([])
      return sanityMessageStore({
        projectId: 'test',
        dataset: 'production',
        apiVersion: SANITY_API_VERSION,
        token: 'write-token-for-tests',
        apiHost: lake.url,
      })
    },
    'in-memory test': memoryStore,
  }
  return {
    /** Each store's name and a way to open a new, empty one, for describe.each. */
    stores: Object.entries(makers),
    /** The Query API stand-in behind the Sanity store, for documents a test writes itself. */
    lake: () => lake,
    /** The scratch folder, for a SQLite file a test makes itself. */
    scratch: () => scratch,
    /** Closes this store after the test. */
    closeAfter<S extends MessageStore>(store: S): S {
      opened.push(store)
      return store
    },
  }
}
