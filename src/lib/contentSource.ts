import {readFileSync, statSync} from 'node:fs'
import {evaluate, parse} from 'groq-js'
import {ConfigError, type ContentConfig} from '../config/index.ts'
import {sanityClient, type SanityTarget} from './sanityClient.ts'
import {isDraftOrVersion} from '../../model/siteDocuments.ts'

/**
 * Where the site's words come from. With SANITY_PROJECT_ID set, Sanity's Content Lake;
 * without it, the export file BUNDLED_DATASET names (by default the one in the repository). Both
 * run the same GROQ strings and builds see only published documents (staff preview reads the
 * Content Lake's drafts).
 */
export interface ContentSource {
  /** Said in the build log, so whoever reads it knows which content went live. */
  readonly description: string
  fetch(query: string, params?: Record<string, unknown>): Promise<unknown>
}

const RETRIES = 3

/** The source the configuration names: the Content Lake with a project id, else the bundled dataset. */
export function contentSource(config: ContentConfig): ContentSource {
  return config.kind === 'contentLake' ? contentLakeSource(config) : bundledDatasetSource(config.path)
}

class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError'
}

/**
 * The Content Lake as a perspective shows it: `published` for builds; `drafts` (published
 * documents with staff's drafts laid over them, needing the token) for staff preview.
 */
export function contentLakeSource(
  config: SanityTarget,
  {perspective = 'published'}: {perspective?: 'published' | 'drafts'} = {},
): ContentSource {
  const client = sanityClient(config, {
    perspective,
    maxRetries: RETRIES,
    retryDelay: (attempt) => 250 * 2 ** attempt,
    timeout: 20_000,
  })
  const host = config.apiHost ?? `https://${config.projectId}.api.sanity.io`
  const where = `dataset "${config.dataset}" at ${host}`
  return {
    description:
      `the Sanity Content Lake (project ${config.projectId}, ${where}, API v${config.apiVersion})` +
      (perspective === 'published' ? '' : `, ${perspective} perspective`),
    async fetch(query, params = {}) {
      try {
        return await client.fetch(query, params)
      } catch (error) {
        throw new ContentUnavailableError(
          `Could not read content from ${where} after ${RETRIES + 1} attempts: ${describe(error)}. ` +
            (perspective === 'published'
              ? 'Nothing was built; the live site is unchanged.'
              : 'The preview could not be shown; the live site is unchanged.'),
          {cause: error},
        )
      }
    },
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as {code?: string}).code ?? (error.cause as {code?: string} | undefined)?.code
  return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message
}

interface StoredDocument {
  _id: string
  _type: string
}

const datasets = new Map<string, StoredDocument[]>()

/** Only published documents, as the Content Lake's published perspective would answer. */
function readPublishedDocuments(path: string): StoredDocument[] {
  let documents = datasets.get(path)
  if (!documents) {
    documents = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, index) => {
        try {
          return JSON.parse(line) as StoredDocument
        } catch {
          throw new Error(`${path}:${index + 1} is not a JSON document.`)
        }
      })
      .filter((document) => !isDraftOrVersion(document._id))
    datasets.set(path, documents)
  }
  return documents
}

/** The export file at `path` (BUNDLED_DATASET), as the Content Lake's published perspective would answer. */
export function bundledDatasetSource(path: string): ContentSource {
  // Said when the source is made, before a build starts its queries, with what to change.
  if (!statSync(path, {throwIfNoEntry: false})?.isFile())
    throw new ConfigError(
      `BUNDLED_DATASET names ${path}, which is not a file: set it to a Sanity export (.ndjson), relative to the repository or absolute.`,
    )
  return {
    description: `the bundled dataset (${path})`,
    async fetch(query, params = {}) {
      const tree = parse(query, {params})
      const result = await evaluate(tree, {dataset: readPublishedDocuments(path), params})
      return result.get()
    },
  }
}
