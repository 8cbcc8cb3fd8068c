import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {SanityClient} from '@sanity/client'
import {validatePreviewUrl} from '@sanity/preview-url-secret'
import {createPreviewSecret} from '@sanity/preview-url-secret/create-secret'
import {evaluate, parse} from 'groq-js'
import {
  standInClient,
  startQueryApiStandIn,
  type QueryApiStandIn,
  type SanityDocumentLike,
} from '../../support/queryApiStandIn.ts'
import {SANITY_API_VERSION} from '../../../model/sanityApi'

const documents: SanityDocumentLike[] = [
  {_id: 'service-1', _type: 'service', title: 'Airport pickup', order: 2},
  {_id: 'service-2', _type: 'service', title: 'Doctor visit', order: 1},
  {_id: 'drafts.service-2', _type: 'service', title: 'Doctor visit (unpublished edit)', order: 1},
  {_id: 'drafts.service-3', _type: 'service', title: 'Never published', order: 3},
  {_id: 'stay-1', _type: 'accommodation', title: 'Guest house'},
  {_id: 'versions.summer.service-1', _type: 'service', title: 'Airport pickup (summer release)', order: 2},
  {_id: 'contactMessage.m1', _type: 'contactMessage', name: 'Asha'},
]
const HOUR = 60 * 60 * 1000

describe('Query API stand-in', () => {
  let standIn: QueryApiStandIn
  let client: SanityClient

  /** A client with a token sees what staff see; without one, what any visitor may read. */
  let withToken: SanityClient
  /** The stand-in's clock, which a test moves. */
  let clock = new Date('2030-01-15T08:00:00.000Z')

  beforeAll(async () => {
    standIn = await startQueryApiStandIn({documents, now: () => clock})
    client = standInClient(standIn.url, {perspective: 'published', maxRetries: 0})
    withToken = client.withConfig({token: 'stand-in-token'})
  })
  afterAll(() => standIn.close())

  const query = '*[_type == $type] | order(order asc) { _id, title }'

  it('answers a GET query with $params as groq-js would', async () => {
    const expected = await (
      await evaluate(parse(query), {
        dataset: documents.filter((d) => !d._id.includes('.')),
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
      path: `/v${SANITY_API_VERSION}/data/query/production`,
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

  it('hides drafts under the published perspective, and overlays them under drafts for a token', async () => {
    expect(await withToken.fetch('*[_id in path("drafts.**")]._id')).toEqual([])
    expect(await withToken.fetch('count(*[_type == "service"])')).toBe(2)

    const drafts = await withToken.fetch(query, {type: 'service'}, {perspective: 'drafts'})
    expect(drafts).toEqual([
      {_id: 'service-2', title: 'Doctor visit (unpublished edit)'},
      {_id: 'service-1', title: 'Airport pickup'},
      {_id: 'service-3', title: 'Never published'},
    ])
  })

  it('shows no draft, release version or document with a dot in its id without a token, whatever the perspective', async () => {
    for (const perspective of ['published', 'drafts', 'raw', ['summer']] as const) {
      const ids = await client.fetch('*[]._id', {}, {perspective: perspective as never})
      expect(ids.sort(), String(perspective)).toEqual(['service-1', 'service-2', 'stay-1'])
      const titles = await client.fetch(
        '*[_type == "service"].title',
        {},
        {perspective: perspective as never},
      )
      expect(titles.sort(), String(perspective)).toEqual(['Airport pickup', 'Doctor visit'])
    }
  })

  it('shows every document to a token under the raw perspective', async () => {
    const ids = await withToken.fetch('*[]._id', {}, {perspective: 'raw'})
    expect(ids.sort()).toEqual(documents.map((document) => document._id).sort())
  })

  it('evaluates now() as the time of the request', async () => {
    clock = new Date('2031-06-01T12:30:00.000Z')
    expect(await client.fetch('now()')).toBe(clock.toISOString())
    clock = new Date(clock.getTime() + HOUR)
    expect(await client.fetch('now()')).toBe(clock.toISOString())
  })

  it('sets _createdAt and _updatedAt on what a mutation writes, and keeps _createdAt when it replaces', async () => {
    try {
      const createdAt = new Date('2031-07-01T09:00:00.000Z')
      clock = createdAt
      await withToken.createOrReplace({_id: 'stay-2', _type: 'accommodation', title: 'Flat'})
      const created = await withToken.fetch('*[_id == "stay-2"][0]')
      expect(created._createdAt).toBe(createdAt.toISOString())
      expect(created._updatedAt).toBe(created._createdAt)

      clock = new Date(createdAt.getTime() + HOUR)
      await withToken.patch('stay-2').set({title: 'Flat near the hospital'}).commit()
      await withToken.createOrReplace({_id: 'stay-2', _type: 'accommodation', title: 'Serviced flat'})
      const replaced = await withToken.fetch('*[_id == "stay-2"][0]')
      expect(replaced.title).toBe('Serviced flat')
      expect(replaced._createdAt).toBe(created._createdAt)
      expect(replaced._updatedAt).toBe(clock.toISOString())
    } finally {
      standIn.setDocuments(documents)
    }
  })

  it('deletes every document a query matches, drafts included', async () => {
    try {
      await withToken.delete({query: '*[_type == $type && order >= 1]', params: {type: 'service'}})
      expect(await withToken.fetch('*[]._id', {}, {perspective: 'raw'})).toEqual([
        'stay-1',
        'contactMessage.m1',
      ])
    } finally {
      standIn.setDocuments(documents)
    }
  })

  it("keeps Studio's preview secret, made as Studio makes it, valid for an hour", async () => {
    try {
      const studioUrl = 'https://studio.medistay.example'
      const {secret} = await createPreviewSecret(withToken, 'test', studioUrl, 'user-1')
      const stored = await withToken.fetch('*[_type == "sanity.previewUrlSecret"]', {}, {perspective: 'raw'})
      expect(stored).toEqual([
        expect.objectContaining({
          _id: expect.stringMatching(/^drafts\./),
          secret,
          studioUrl,
          userId: 'user-1',
        }),
      ])
      const previewUrl = `/api/preview/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=/about-us`
      await expect(validatePreviewUrl(withToken, previewUrl)).resolves.toMatchObject({
        isValid: true,
        redirectTo: '/about-us',
        studioOrigin: studioUrl,
      })
      await expect(
        validatePreviewUrl(withToken, previewUrl.replace(secret, `${secret}x`)),
      ).resolves.toMatchObject({isValid: false})
      // Without a token nobody can read the secret: it is a draft.
      expect(
        await client.fetch('count(*[_type == "sanity.previewUrlSecret"])', {}, {perspective: 'raw'}),
      ).toBe(0)

      const anHourAgo = new Date(clock.getTime() - HOUR - 1000).toISOString()
      standIn.setDocuments([...documents, {...stored[0], _updatedAt: anHourAgo}])
      await expect(validatePreviewUrl(withToken, previewUrl)).resolves.toMatchObject({isValid: false})
      // The next secret Studio makes deletes the expired one.
      await createPreviewSecret(withToken, 'test', studioUrl, 'user-1')
      const left = await withToken.fetch(
        '*[_type == "sanity.previewUrlSecret"].secret',
        {},
        {perspective: 'raw'},
      )
      expect(left).toHaveLength(1)
      expect(left).not.toContain(secret)
    } finally {
      standIn.setDocuments(documents)
    }
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
