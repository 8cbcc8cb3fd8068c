// The local Content Lake over HTTP (it makes its TLS certificate with openssl, so it is not a unit test).
import {applyPatch} from 'mendoza'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startContentLake, type ContentLake} from '../../../localTrial/contentLake.ts'
import {standInClient} from '../../support/queryApiStandIn.ts'

const seed = () => [{_id: 'refundPolicy', _type: 'policy', title: 'Refunds'}]

describe('the local Content Lake over HTTP', () => {
  let lake: ContentLake
  const published: string[] = []
  beforeAll(async () => {
    lake = await startContentLake({
      documents: seed(),
      projectId: 'test',
      onPublished: (documents) => published.push(...documents.map(({_id}) => _id)),
    })
  })
  afterAll(() => lake.close())

  it('tells a listener of a change, with effects that turn the previous revision into the new one', async () => {
    const client = standInClient(lake.apiUrl, {token: 'any'})
    const before = await client.getDocument('refundPolicy')
    const events: {type: string; effects?: {apply: unknown[]}; previousRev?: string}[] = []
    const subscription = client
      .listen('*[_id == "refundPolicy"]', {}, {events: ['welcome', 'mutation'], effectFormat: 'mendoza'})
      .subscribe((event) => events.push(event as (typeof events)[number]))
    await expect.poll(() => events.map(({type}) => type)).toEqual(['welcome'])
    await client.patch('refundPolicy').set({title: 'Refunds (changed)'}).commit()
    await expect.poll(() => events.length).toBe(2)
    subscription.unsubscribe()
    const mutation = events[1]!
    expect(mutation.previousRev).toBe(before?._rev)
    expect(applyPatch(before, mutation.effects!.apply)).toEqual(await client.getDocument('refundPolicy'))
    expect(published).toEqual(['refundPolicy'])
  })

  it('records, and refuses, a call it has no answer for', async () => {
    const response = await fetch(`${lake.apiUrl}/v2025-02-19/data/something-new/production`)
    expect(response.status).toBe(404)
    expect(lake.unanswered).toEqual([{method: 'GET', path: '/data/something-new/production'}])
  })
})
