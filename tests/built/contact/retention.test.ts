import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect} from 'vitest'
import {sqliteMessageStore} from '../../../src/contact/sqliteStore'
import type {StoredMessage} from '../../../src/contact/store'
import {
  startQueryApiStandIn,
  type QueryApiStandIn,
  type SanityDocumentLike,
} from '../../support/queryApiStandIn'
import {test} from '../../support/siteServer'
import {daysAgo, storedMessage} from '../../support/storedMessages'
import {eventually} from '../../support/contact'
import {SANITY_API_VERSION} from '../../../model/sanityApi'

// Contact messages are deleted once they are older than "Contact messages kept for" in Policy
// figures (12 months in the bundled dataset): when the server starts and every day after. The
// service's own rules are in tests/unit/contact/retention.test.ts.

const EVER = '1970-01-01T00:00:00.000Z'

describe('the production server, when it starts, deletes the messages older than the retention period', () => {
  // The bundled dataset keeps contact messages 12 months: one from 13 months ago goes, one from yesterday stays.
  const old = () => storedMessage({receivedAt: daysAgo(400)})
  const recent = () => storedMessage({receivedAt: daysAgo(1)})

  let scratch: string
  let lake: QueryApiStandIn
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'retention-server-'))
    lake = await startQueryApiStandIn({documents: []})
  })
  afterAll(async () => {
    await lake?.close()
    rmSync(scratch, {recursive: true, force: true})
  })

  test('from the SQLite file', async ({startSite}) => {
    const [expired, kept] = [old(), recent()]
    const dbPath = join(scratch, 'messages.sqlite')
    const store = sqliteMessageStore(dbPath)
    await store.save(expired)
    await store.save(kept)
    store.close()

    const site = await startSite({CONTACT_DB_PATH: dbPath})
    const reader = sqliteMessageStore(dbPath)
    try {
      const ids = async () => (await reader.listSince(EVER)).map(({id}) => id)
      await eventually(async () => !(await ids()).includes(expired.id), 10_000, 'the expired message to go')
      expect(await ids()).toEqual([kept.id])
    } finally {
      reader.close()
    }
    await eventually(
      () => site.output().includes('Deleted 1 contact message received before'),
      10_000,
      'the log',
    )
  })

  test('from Sanity, as contactMessage documents', async ({startSite}) => {
    const [expired, kept] = [old(), recent()]
    const asDocument = ({id, ...message}: StoredMessage): SanityDocumentLike => ({
      _id: `contactMessage.${id}`,
      _type: 'contactMessage',
      submissionId: id,
      ...message,
    })
    // Another type with an old date of the same name is no contact message: it stays.
    const other = {_id: 'someOtherDocument', _type: 'note', receivedAt: expired.receivedAt}
    lake.setDocuments([asDocument(expired), asDocument(kept), other])

    const site = await startSite({
      SANITY_PROJECT_ID: 'test',
      SANITY_API_HOST: lake.url,
      SANITY_API_WRITE_TOKEN: 'write-token-for-tests',
    })
    const ids = async () => {
      const query = encodeURIComponent('*[]._id')
      // Messages are private documents: only a token reads them.
      const response = await fetch(
        `${lake.url}/v${SANITY_API_VERSION}/data/query/production?query=${query}`,
        {
          headers: {authorization: 'Bearer write-token-for-tests'},
        },
      )
      return ((await response.json()) as {result: string[]}).result
    }
    await eventually(
      async () => !(await ids()).includes(`contactMessage.${expired.id}`),
      10_000,
      'the expired document to go',
    )
    expect((await ids()).sort()).toEqual([`contactMessage.${kept.id}`, 'someOtherDocument'].sort())
    await eventually(
      () => site.output().includes('Deleted 1 contact message received before'),
      10_000,
      'the log',
    )
  })
})
