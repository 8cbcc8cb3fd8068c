import type {Loader} from 'astro/loaders'
import {judgeSamples, type Sample} from './launchCheck'
import {contentSourceFromEnv, type ContentSource} from './source'

let source: ContentSource | undefined

/** One source per build, chosen from the environment once. */
export function buildContentSource(): ContentSource {
  source ??= contentSourceFromEnv()
  return source
}

interface LoaderOptions {
  requiredIds: readonly string[]
  /** Sample company facts in a loaded document, for the launch check. */
  samples: (document: Record<string, unknown>) => Sample[]
}

/**
 * A content collection filled by one GROQ query. A query for one document must find it: a
 * missing singleton fails the build instead of publishing an empty page. Samples of company facts
 * fail a build for the public address (SITE_URL) and are listed as a warning in any other build.
 */
export function sanityLoader(query: string, options: LoaderOptions): Loader {
  return {
    name: 'sanity-groq',
    async load({collection, store, parseData, logger, config}) {
      const content = buildContentSource()
      logger.info(`Reading "${collection}" from ${content.description}`)
      const result = await content.fetch(query)
      const documents = (Array.isArray(result) ? result : [result]).filter(
        (document): document is {_id: string} => typeof document?._id === 'string',
      )
      const missing = options.requiredIds.filter((id) => !documents.some((document) => document._id === id))
      if (missing.length > 0) {
        throw new Error(
          `No published document with id ${missing.map((id) => `"${id}"`).join(', ')} in ${content.description}. ` +
            `The "${collection}" pages need it; publish it in Studio, or seed the dataset from studio/seed/production.ndjson.`,
        )
      }
      const samples: Sample[] = []
      store.clear()
      for (const document of documents) {
        const data = await parseData({id: document._id, data: document as Record<string, unknown>})
        samples.push(...options.samples(data))
        store.set({id: document._id, data})
      }
      const verdict = judgeSamples(samples, config.site)
      if (!verdict.ok) throw new Error(verdict.error)
      if (verdict.warning) logger.warn(verdict.warning)
    },
  }
}
