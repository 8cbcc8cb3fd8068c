// The local Content Lake over HTTP (it makes its TLS certificate with openssl, so it is not a unit test).
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {request} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {applyPatch} from 'mendoza'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startContentLake, type ContentLake} from '../../../localTrial/contentLake.ts'
import {standInClient} from '../../support/queryApiStandIn.ts'

const seed = () => [
  {_id: 'refundPolicy', _type: 'policy', title: 'Refunds'},
  {_id: 'companyFacts', _type: 'companyFacts', appUrl: 'https://app.medistay.example/login'},
  {_id: 'drafts.refundPolicy', _type: 'policy', title: 'Refunds (a draft)'},
]

/** A request sent byte for byte as given (the path is not normalised, as curl --path-as-is). */
function raw(
  base: string,
  {
    method = 'GET',
    path,
    headers = {},
    body,
  }: {method?: string; path: string; headers?: Record<string, string>; body?: string},
): Promise<{status: number; text: string}> {
  const {hostname, port} = new URL(base)
  return new Promise((resolve, reject) => {
    const sent = request({hostname, port, method, path, headers}, (response) => {
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({status: response.statusCode ?? 0, text}))
    })
    sent.on('error', reject)
    sent.end(body)
  })
}

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
    const client = standInClient(lake.apiUrl, {token: lake.token})
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

  describe('is no open door for the pages a browser on this machine has open (issue 37, finding 1)', () => {
    const MUTATE = '/v2025-02-19/data/mutate/production'
    const evilWrite = JSON.stringify({
      mutations: [{patch: {id: 'companyFacts', set: {appUrl: 'https://evil.example/login'}}}],
    })
    const appUrl = () => lake.store.get('companyFacts')?.appUrl

    it("refuses the CORS-simple POST of another site's page, which rewrote published content", async () => {
      const answer = await raw(lake.apiUrl, {
        method: 'POST',
        path: MUTATE,
        headers: {Origin: 'https://evil.example', 'Content-Type': 'text/plain'},
        body: evilWrite,
      })
      expect(answer.status).toBe(403)
      expect(appUrl()).toBe('https://app.medistay.example/login')
    })

    it("accepts a write only as application/json, with this run's token, at its own Host", async () => {
      const write = (headers: Record<string, string>) =>
        raw(lake.apiUrl, {method: 'POST', path: MUTATE, headers, body: evilWrite})
      const json = {'Content-Type': 'application/json'}
      const bearer = {Authorization: `Bearer ${lake.token}`}
      expect((await write({'Content-Type': 'text/plain', ...bearer})).status).toBe(415)
      expect((await write(json)).status).toBe(401)
      expect((await write({...json, Authorization: 'Bearer local-trial'})).status).toBe(401)
      // DNS rebinding: a name that resolves to loopback, sent by the page of that name.
      const rebound = {Host: `evil.example:${new URL(lake.apiUrl).port}`}
      expect((await write({...json, ...bearer, ...rebound})).status).toBe(421)
      expect(appUrl()).toBe('https://app.medistay.example/login')
      // Its own Studio's write goes through.
      const own = {
        ...json,
        ...bearer,
        Origin: lake.url,
        Host: new URL(lake.url).host.replace(/:\d+$/, `:${new URL(lake.apiUrl).port}`),
      }
      expect((await write(own)).status).toBe(200)
      expect(appUrl()).toBe('https://evil.example/login')
    })

    it('shows drafts only to a request with its token', async () => {
      const read = (config: {token?: string}) =>
        standInClient(lake.apiUrl, {...config, perspective: 'raw'}).fetch<string[]>(
          '*[_type == "policy"]._id',
        )
      expect(await read({})).toEqual(['refundPolicy'])
      expect(await read({token: 'local-trial'})).toEqual(['refundPolicy'])
      expect((await read({token: lake.token})).toSorted()).toEqual(['drafts.refundPolicy', 'refundPolicy'])
    })

    it('answers a malformed path with 400, and goes on answering', async () => {
      const studioDir = mkdtempSync(join(tmpdir(), 'studio-'))
      writeFileSync(join(studioDir, 'index.html'), '<html><head></head><body>Studio</body></html>')
      const withStudio = await startContentLake({documents: seed(), projectId: 'test', studioDir})
      try {
        for (const path of ['/%', '/structure/%E0%A4', '/v2025-02-19/data/doc/production/%'])
          expect((await raw(withStudio.apiUrl, {path})).status, path).toBe(400)
        expect((await raw(withStudio.apiUrl, {path: '/structure'})).text).toContain('Studio')
      } finally {
        await withStudio.close()
        rmSync(studioDir, {recursive: true, force: true})
      }
    })

    it('listens on loopback only', async () => {
      await expect(startContentLake({documents: seed(), projectId: 'test', host: '0.0.0.0'})).rejects.toThrow(
        /loopback only/,
      )
    })
  })
})
