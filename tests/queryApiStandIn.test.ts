import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {createClient, type SanityClient} from '@sanity/client'
import {evaluate, parse} from 'groq-js'
import {
  startQueryApiStandIn,
  type QueryApiStandIn,
  type SanityDocumentLike,
} from './support/queryApiStandIn.ts'

const documents: SanityDocumentLike[] = [
  {_id: 'service-1', _type: 'service', title: 'Airport pickup', order: 2},
  {_id: 'service-2', _type: 'service', title: 'Doctor visit', order: 1},
  {_id: 'drafts.service-2', _type: 'service', title: 'Doctor visit (unpublished edit)', order: 1},
  {_id: 'drafts.service-3', _type: 'service', title: 'Never published', order: 3},
  {_id: 'stay-1', _type: 'accommodation', title: 'Guest house'},
]

describe('Query API stand-in', () => {
  let standIn: QueryApiStandIn
  let client: SanityClient

  beforeAll(async () => {
    standIn = await startQueryApiStandIn({documents})
    client = createClient({
      projectId: 'test',
      dataset: 'production',
      apiVersion: '2025-02-19',
      apiHost: standIn.url,
      useProjectHostname: false,
      useCdn: false,
      perspective: 'published',
      maxRetries: 0,
    })
  })
  afterAll(() => standIn.close())

  const query = '*[_type == $type] | order(order asc) { _id, title }'

  it('answers a GET query with $params as groq-js would', async () => {
    const expected = await (
      await evaluate(parse(query), {
        dataset: documents.filter((d) => !d._id.startsWith('drafts.')),
        params: {type: 'service'},
      })
    ).get()

    const result = await client.fetch(query, {type: 'service'})

    expect(result).toEqual(expected)
    expect(result).toEqual([
      {_id: 'service-2', title: 'Doctor visit'},
      {_id: 'service-1', title: 'Airport pickup'},
    ])
    const request = standIn.requests.at(-1)
    expect(request).toMatchObject({
      method: 'GET',
      path: '/v2025-02-19/data/query/production',
      query,
      params: {type: 'service'},
      perspective: 'published',
    })
  })

  it('answers a query too long for GET, which the client POSTs', async () => {
    const padding = 'x'.repeat(12_000)
    const longQuery = `*[_type == $type && title != $padding] | order(order asc) { _id, title }`

    const before = standIn.requests.length
    const result = await client.fetch(longQuery, {type: 'service', padding})

    expect(standIn.requests.slice(before)).toHaveLength(1)
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      query: longQuery,
      params: {type: 'service', padding},
      perspective: 'published',
    })
    expect(result).toEqual(await client.fetch(query, {type: 'service'}))
  })

  it('hides drafts under the published perspective, and overlays them under drafts', async () => {
    expect(await client.fetch('*[_id in path("drafts.**")]._id')).toEqual([])
    expect(await client.fetch('count(*[_type == "service"])')).toBe(2)

    const drafts = await client.fetch(query, {type: 'service'}, {perspective: 'drafts'})
    expect(drafts).toEqual([
      {_id: 'service-2', title: 'Doctor visit (unpublished edit)'},
      {_id: 'service-1', title: 'Airport pickup'},
      {_id: 'service-3', title: 'Never published'},
    ])
  })

  it('rejects a query with a syntax error, with the parse error description', async () => {
    const badQuery = '*[_type == "service"'
    let expected = ''
    try {
      parse(badQuery)
    } catch (error) {
      expected = (error as Error).message.replace(/^.*?: /, '')
    }
    expect(expected).not.toBe('')

    await expect(client.fetch(badQuery)).rejects.toThrow(expected)
    expect(standIn.requests.at(-1)).toMatchObject({method: 'GET', query: badQuery})
  })

  it('serves the dataset given to setDocuments from then on', async () => {
    standIn.setDocuments([{_id: 'service-9', _type: 'service', title: 'Pharmacy run', order: 1}])
    try {
      expect(await client.fetch(query, {type: 'service'})).toEqual([
        {_id: 'service-9', title: 'Pharmacy run'},
      ])
    } finally {
      standIn.setDocuments(documents)
    }
  })
})
