import {defineCollection} from 'astro:content'
import {z} from 'astro/zod'
import {BUILD_TIME} from './content/buildTime'
import {launchCheckLoader} from './content/launchCheck'
import {readConfig} from './config'
import {TRANSLATION_STATUSES} from '../model/translations'
import {sanityLoader} from './content/loader'
import {launchCheckQuery} from './content/queries'
import {SITE_CONTENT, type ContentPart, type ContentPartName} from './content/siteContent'
import {contentSource} from './lib/contentSource'

// The build starts here for content (astro.config.mjs is its other entry): the configuration is
// read once and one source serves every collection.
const config = readConfig(process.env)
const content = contentSource(config.content)

/** A collection of one part of the content: its query runs once per build. */
const collection = <S extends z.ZodType>({query, params, schema, requiredIds}: ContentPart<S>) =>
  defineCollection({loader: sanityLoader(content, query, {params, requiredIds}), schema})

type CollectionOf<S extends z.ZodType> = ReturnType<typeof collection<S>>

/** A collection for each part of the content (src/content/siteContent.ts), named as the part is. */
const contentCollections = Object.fromEntries(
  Object.entries(SITE_CONTENT).map(([name, part]) => [name, collection(part as ContentPart)]),
) as {[Name in ContentPartName]: CollectionOf<(typeof SITE_CONTENT)[Name]['schema']>}

/** One collection per query; each query runs once per build. */
export const collections = {
  ...contentCollections,
  /**
   * Every document the build is made from, checked at once: a build for the public SITE_URL fails
   * on samples, any build on a version announced too late. Each entry is a document's revision.
   */
  launchCheck: defineCollection({
    // The contact settings too: the notice names where messages go, and must match the server.
    loader: launchCheckLoader(content, launchCheckQuery, config.contact, BUILD_TIME),
    schema: z.object({
      rev: z.string(),
      translation: z.object({language: z.string(), status: z.enum(TRANSLATION_STATUSES)}).optional(),
    }),
  }),
}
