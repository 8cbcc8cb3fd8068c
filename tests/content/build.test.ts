import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {astroBuild, type BuildResult} from '../support/astroBuild'
import {freePort} from '../support/ports'
import {bundledDocuments, documentById} from '../support/dataset'
import {startQueryApiStandIn, type QueryApiStandIn} from '../support/queryApiStandIn'

let standIn: QueryApiStandIn
const builds: BuildResult[] = []
beforeAll(async () => {
  standIn = await startQueryApiStandIn({documents: bundledDocuments()})
})
afterAll(async () => {
  builds.forEach((build) => build.dispose())
  await standIn?.close()
})

async function build(env: Record<string, string>): Promise<BuildResult> {
  const result = await astroBuild(env)
  builds.push(result)
  return result
}

const fromStandIn = () => ({SANITY_PROJECT_ID: 'test', SANITY_API_HOST: standIn.url})

describe('building from the Content Lake', () => {
  it('builds pages with the published wording, one query per collection', async () => {
    const documents = bundledDocuments()
    const about = documentById(documents, 'aboutPage')
    about.intro = 'Changed in the Content Lake: we now also serve Kolkata.'
    documentById(documents, 'refundPolicy').sections[2].heading = 'Changing Your Booking (edited)'
    standIn.setDocuments(documents)
    standIn.requests.length = 0

    const result = await build(fromStandIn())

    expect(result.code, result.output).toBe(0)
    expect(result.output).toContain(
      `the Sanity Content Lake (project test, dataset "production" at ${standIn.url}`,
    )
    expect(readFileSync(join(result.outDir, 'about-us.html'), 'utf8')).toContain(about.intro)
    expect(readFileSync(join(result.outDir, 'Refund&Cancellation-Policy.html'), 'utf8')).toContain(
      'Changing Your Booking (edited)',
    )
    // Seven collections and the launch check, eight queries: never one query per page.
    expect(standIn.requests).toHaveLength(8)
  })

  it('fails when a document breaks the content model, naming the document and the field', async () => {
    const documents = bundledDocuments()
    delete documentById(documents, 'privacyPolicy').sections[3].heading
    standIn.setDocuments(documents)

    const result = await build(fromStandIn())

    expect(result.code).not.toBe(0)
    expect(result.output).toMatch(/policies → privacyPolicy[\s\S]*sections\.3\.heading/)
  })

  it('fails when a singleton is missing instead of building an empty page', async () => {
    standIn.setDocuments(bundledDocuments().filter((document) => document._id !== 'policyFigures'))

    const result = await build(fromStandIn())

    expect(result.code).not.toBe(0)
    expect(result.output).toContain('No published document with id "policyFigures"')
  })

  it('fails after a bounded retry when the Content Lake cannot be reached, naming host and dataset', async () => {
    const host = `http://127.0.0.1:${await freePort()}`
    const started = Date.now()

    const result = await build({SANITY_PROJECT_ID: 'test', SANITY_API_HOST: host, SANITY_DATASET: 'staging'})

    expect(result.code).not.toBe(0)
    expect(result.output).toContain(
      `Could not read content from dataset "staging" at ${host} after 4 attempts`,
    )
    expect(Date.now() - started).toBeLessThan(60_000)
  })
})
