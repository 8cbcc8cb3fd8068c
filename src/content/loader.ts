import type {Loader} from 'astro/loaders'
import type {ContentSource} from '../lib/contentSource'

/**
 * A content collection filled by one GROQ query. A query for one document must find it: a
 * missing singleton fails the build instead of publishing an empty page.
 */
export function sanityLoader(
  content: ContentSource,
  query: string,
  options: {params: Record<string, unknown>; requiredIds: readonly string[]},
): Loader {
  return {
    name: 'sanity-groq',
    async load({collection, store, parseData, logger}) {
      logger.info(`Reading "${collection}" from ${content.description}`)
      const result = await content.fetch(query, options.params)
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
      store.clear()
      for (const document of documents) {
        const data = await parseData({id: document._id, data: document as Record<string, unknown>})
        store.set({id: document._id, data})
      }
    },
  }
}
