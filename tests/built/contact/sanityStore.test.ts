import {existsSync} from 'node:fs'
import {afterAll, beforeAll, describe, expect} from 'vitest'
import {
  startQueryApiStandIn,
  type QueryApiStandIn,
  type SanityDocumentLike,
} from '../../support/queryApiStandIn'
import {test} from '../../support/siteServer'
import {startMailServer, type MailServer} from '../../support/smtp'
import {eventually, islandBody, postJson, validFields} from '../../support/contact'
import {SANITY_API_VERSION} from '../../../model/sanityApi'

const TOKEN = 'write-token-for-tests'

describe('with SANITY_API_WRITE_TOKEN, messages become contactMessage documents for the Studio Inbox', () => {
  let lake: QueryApiStandIn
  let mail: MailServer
  beforeAll(async () => {
    ;[lake, mail] = await Promise.all([startQueryApiStandIn({documents: []}), startMailServer()])
  })
  afterAll(async () => {
    await mail?.close()
    await lake?.close()
  })

  /** Reads the Inbox back through the stand-in's query API, as Studio would: with a token, as messages are private. */
  async function inbox(): Promise<SanityDocumentLike[]> {
    const query = encodeURIComponent('*[_type == "contactMessage"] | order(receivedAt desc)')
    const response = await fetch(`${lake.url}/v${SANITY_API_VERSION}/data/query/production?query=${query}`, {
      headers: {authorization: `Bearer ${TOKEN}`},
    })
    return ((await response.json()) as {result: SanityDocumentLike[]}).result
  }

  test('stores the five fields with the write token, once per submission, and marks it e-mailed', async ({
    startSite,
  }) => {
    const site = await startSite({
      SANITY_PROJECT_ID: 'test',
      SANITY_API_HOST: lake.url,
      SANITY_API_WRITE_TOKEN: TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      CONTACT_NOTIFY_RETRY_SECONDS: '1',
    })
    const fields = validFields()
    const submissionId = crypto.randomUUID()
    const first = await postJson(site.url, islandBody(fields, {submissionId}))
    expect(first.status).toBe(201)
    const {id} = await first.json()
    const again = await postJson(site.url, islandBody(fields, {submissionId}))
    expect(again.status).toBe(200)

    const messages = await inbox()
    expect(messages).toHaveLength(1)
    // The id is the server's; the form's submissionId only names the send.
    expect(messages[0]).toMatchObject({
      ...fields,
      _id: `contactMessage.${id}`,
      submissionId: id,
      submission: {key: submissionId},
    })
    expect(Date.parse(String(messages[0]!.receivedAt))).not.toBeNaN()
    const writes = lake.requests.filter((request) => request.path.includes('/data/mutate/'))
    expect(writes.length).toBeGreaterThanOrEqual(1)
    expect(writes.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true)

    await eventually(async () => (await inbox())[0]?.notifiedAt, 10_000, 'notifiedAt')
    expect(mail.accepted.filter((received) => received.text.includes(fields.message))).toHaveLength(1)
    // No SQLite file beside it.
    expect(existsSync(site.dbPath)).toBe(false)
  })
})
