import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import * as queries from '../../../src/content/queries'
import {DOCUMENT_TITLES} from '../../../model/siteDocuments'
import {SANITY_API_VERSION} from '../../../model/sanityApi'
import {SITE_CONTENT} from '../../../src/content/siteContent'
import {readConfig} from '../../../src/config'
import {bundledDatasetSource, contentLakeSource, contentSource} from '../../../src/lib/contentSource'
import {bundledDocuments, documentById, writeNdjson} from '../../support/dataset'
import {startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'

// The dataset both backends serve: the bundled one plus an unpublished draft, which neither
// may show (published perspective).
const published = bundledDocuments()
const draft = {
  ...documentById(published, 'aboutPage'),
  _id: 'drafts.aboutPage',
  _type: 'aboutPage',
  title: 'Draft title, not published',
}
const documents = [...published, draft]

let standIn: QueryApiStandIn
beforeAll(async () => {
  standIn = await startQueryApiStandIn({documents})
})
afterAll(() => standIn?.close())

const lake = () =>
  contentLakeSource({
    projectId: 'test',
    dataset: 'production',
    apiVersion: SANITY_API_VERSION,
    apiHost: standIn.url,
  })

describe('every query returns the same result from the bundled dataset and the Content Lake', () => {
  const bundled = bundledDatasetSource(writeNdjson(documents))
  // The parameters each query is run with by the build.
  const params = new Map<string, Record<string, unknown>>([
    ...Object.values(SITE_CONTENT).map(({query, params}) => [query, params] as const),
    [queries.launchCheckQuery, {ids: Object.keys(DOCUMENT_TITLES)}],
  ])
  for (const [name, query] of Object.entries(queries)) {
    it(name, async () => {
      const fromFile = await bundled.fetch(query, params.get(query))
      const fromLake = await lake().fetch(query, params.get(query))
      expect(fromFile).toBeTruthy()
      expect(fromLake).toEqual(fromFile)
      expect(JSON.stringify(fromFile)).not.toContain('Draft title, not published')
      const request = standIn.requests.at(-1)
      expect(request?.query).toBe(query)
      expect(request?.perspective).toBe('published')
    })
  }
})

const contentSourceFromEnv = (env: Record<string, string>) => contentSource(readConfig(env).content)

describe('choosing the content source from the environment', () => {
  it('reads the bundled dataset when no Sanity project is configured', () => {
    expect(contentSourceFromEnv({}).description).toMatch(/^the bundled dataset/)
  })

  it('reads the Content Lake of SANITY_PROJECT_ID, dataset production by default, with the pinned API version', () => {
    const source = contentSourceFromEnv({SANITY_PROJECT_ID: 'abc123'})
    expect(source.description).toContain('project abc123')
    expect(source.description).toContain('dataset "production" at https://abc123.api.sanity.io')
    expect(source.description).toContain(`API v${SANITY_API_VERSION}`)
  })

  it('honours SANITY_DATASET, SANITY_API_VERSION and SANITY_API_HOST', () => {
    const source = contentSourceFromEnv({
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'staging',
      SANITY_API_VERSION: '2026-01-01',
      SANITY_API_HOST: 'http://127.0.0.1:9',
    })
    expect(source.description).toContain('dataset "staging" at http://127.0.0.1:9')
    expect(source.description).toContain('API v2026-01-01')
  })

  it('sends SANITY_API_READ_TOKEN as a bearer token', async () => {
    const source = contentSourceFromEnv({
      SANITY_PROJECT_ID: 'test',
      SANITY_API_READ_TOKEN: 'read-token-for-test',
      SANITY_API_HOST: standIn.url,
    })
    await source.fetch(SITE_CONTENT.policyFigures.query, SITE_CONTENT.policyFigures.params)
    expect(standIn.requests.at(-1)?.authorization).toBe('Bearer read-token-for-test')
  })
})
