import {describe, expect, it} from 'vitest'
import {sanityLoader} from '../../../src/content/loader'
import {SITE_CONTENT} from '../../../src/content/siteContent'
import {bundledDatasetSource} from '../../../src/lib/contentSource'
import {bundledDocuments, writeNdjson} from '../../support/dataset'

// Each collection of the build (src/content.config.ts) is its SITE_CONTENT part read by
// sanityLoader. A document a part must find fails the build when it is not published, rather
// than building an empty page. A loader that throws fails the build with its message: the refused
// builds of tests/built/server/rebuild.test.ts show it.

/** What Astro hands a loader, as far as these loaders use it. */
function loadContext(collection: string) {
  const entries = new Map<string, unknown>()
  return {
    collection,
    store: {
      clear: () => entries.clear(),
      set: ({id, data}: {id: string; data: unknown}) => entries.set(id, data),
    },
    parseData: async ({data}: {data: unknown}) => data,
    logger: {info: () => {}},
    entries,
  }
}

const parts = Object.entries(SITE_CONTENT).filter(([, part]) => part.requiredIds.length > 0)

describe.each(parts)('the %s collection', (collection, part) => {
  const loader = (documents = bundledDocuments()) => {
    const content = bundledDatasetSource(writeNdjson(documents))
    return {content, loader: sanityLoader(content, part.query, part)}
  }

  it('loads each document it must find from the bundled dataset', async () => {
    const context = loadContext(collection)
    await loader().loader.load(context as never)
    expect([...context.entries.keys()]).toEqual(expect.arrayContaining([...part.requiredIds]))
  })

  it.each(part.requiredIds)('fails naming "%s" when it is not published', async (id) => {
    const {content, loader: load} = loader(bundledDocuments().filter((document) => document._id !== id))
    await expect(load.load(loadContext(collection) as never)).rejects.toThrow(
      `No published document with id "${id}" in ${content.description}. The "${collection}" pages need it`,
    )
  })
})
