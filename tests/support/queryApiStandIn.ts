// Loopback stand-in for Sanity's Content Lake Query API, so @sanity/client can
// be exercised for real in tests (or by hand) without Sanity's servers.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {parseArgs} from 'node:util'
import {createClient, type ClientConfig, type SanityClient} from '@sanity/client'
import {evaluate} from 'groq-js'
import {
  answerQuery,
  HttpError,
  parseQuery,
  readBody,
  readNdjson,
  type SanityDocumentLike,
  type StandInRequest,
} from '../../localTrial/queryApi.ts'
import {SANITY_API_VERSION} from '../../model/sanityApi.ts'

// The Query API itself is the local trial's (localTrial/queryApi.ts); tests reach it from here too.
export * from '../../localTrial/queryApi.ts'

export interface QueryApiStandIn {
  url: string
  requests: StandInRequest[]
  setDocuments(documents: SanityDocumentLike[]): void
  close(): Promise<void>
}
interface StandInOptions {
  documents: SanityDocumentLike[]
  dataset?: string
  port?: number
  host?: string
  /** The server's clock: `now()` in queries, `_createdAt` and `_updatedAt` on writes. */
  now?: () => Date
}

export async function startQueryApiStandIn(options: StandInOptions): Promise<QueryApiStandIn> {
  let documents = options.documents
  return serve(
    () => documents,
    options,
    (next) => {
      documents = next
    },
  )
}

type Mutation = Partial<Record<'create' | 'createIfNotExists' | 'createOrReplace', SanityDocumentLike>> & {
  patch?: {
    id: string
    /** The revision the document must still be at, or the transaction fails (409). */
    ifRevisionID?: string
    set?: Record<string, unknown>
    setIfMissing?: Record<string, unknown>
    inc?: Record<string, number>
    unset?: string[]
  }
  /** One document, or every document a query matches (Studio deletes expired preview secrets so). */
  delete?: {id: string} | {query: string; params?: Record<string, unknown>}
}

// The mutations the site's contact store, Studio's publish action and Studio's preview secrets
// send, applied as the Content Lake would: in order, all or nothing, each reporting what it did,
// with `_createdAt` and `_updatedAt` set by the server's clock.
async function applyMutations(current: SanityDocumentLike[], mutations: Mutation[], at: Date) {
  const byId = new Map(current.map((doc) => [doc._id, doc]))
  const results: {id: string; operation: string}[] = []
  const now = at.toISOString()
  for (const mutation of mutations) {
    const create = mutation.create ?? mutation.createIfNotExists ?? mutation.createOrReplace
    if (create) {
      const exists = byId.has(create._id)
      if (mutation.create && exists)
        throw new HttpError(409, {
          description: `Document ${create._id} already exists`,
          type: 'mutationError',
        })
      if (mutation.createIfNotExists && exists) {
        results.push({id: create._id, operation: 'none'})
        continue
      }
      // A replaced document keeps the time it was first created.
      const createdAt = byId.get(create._id)?._createdAt ?? now
      byId.set(create._id, {_createdAt: createdAt, ...create, _updatedAt: now, _rev: `rev-${results.length}`})
      results.push({id: create._id, operation: exists ? 'update' : 'create'})
    } else if (mutation.patch) {
      const doc = byId.get(mutation.patch.id)
      if (!doc)
        throw new HttpError(409, {
          description: `Document ${mutation.patch.id} not found`,
          type: 'mutationError',
        })
      if (mutation.patch.ifRevisionID !== undefined && mutation.patch.ifRevisionID !== doc._rev)
        throw new HttpError(409, {
          description: `Document ${doc._id} has unexpected revision ID ("${doc._rev}"), expected "${mutation.patch.ifRevisionID}"`,
          type: 'mutationError',
        })
      // A patched document gets a new revision, as in the Content Lake.
      const next: SanityDocumentLike = {
        ...doc,
        ...mutation.patch.set,
        _updatedAt: now,
        _rev: `rev-${now}-${results.length}`,
      }
      for (const [key, value] of Object.entries(mutation.patch.setIfMissing ?? {}))
        if (next[key] === undefined) next[key] = value
      for (const key of mutation.patch.unset ?? []) delete next[key]
      for (const [key, by] of Object.entries(mutation.patch.inc ?? {}))
        next[key] = Number(next[key] ?? 0) + by
      byId.set(doc._id, next)
      results.push({id: doc._id, operation: 'update'})
    } else if (mutation.delete && 'query' in mutation.delete) {
      const {query, params = {}} = mutation.delete
      // A write token sees every document, drafts included.
      const matched = await (
        await evaluate(parseQuery(query, params), {dataset: [...byId.values()], params, timestamp: at})
      ).get()
      for (const doc of [matched ?? []].flat() as SanityDocumentLike[]) {
        byId.delete(doc._id)
        results.push({id: doc._id, operation: 'delete'})
      }
    } else if (mutation.delete) {
      byId.delete(mutation.delete.id)
      results.push({id: mutation.delete.id, operation: 'delete'})
    } else {
      throw new HttpError(400, {description: 'Unsupported mutation', type: 'mutationError'})
    }
  }
  return {documents: [...byId.values()], results}
}

function serve(
  getDocuments: () => SanityDocumentLike[],
  options: Omit<StandInOptions, 'documents'>,
  setDocuments: (documents: SanityDocumentLike[]) => void,
) {
  const dataset = options.dataset ?? 'production'
  const now = options.now ?? (() => new Date())
  const requests: StandInRequest[] = []

  async function answer(
    req: IncomingMessage,
    url: URL,
    record: StandInRequest,
  ): Promise<Record<string, unknown>> {
    const mutate = /^\/v[^/]+\/data\/mutate\/([^/]+)\/?$/.exec(url.pathname)
    if (mutate && req.method === 'POST') {
      if (mutate[1] !== dataset)
        throw new HttpError(404, {description: `Dataset "${mutate[1]}" not found`, type: 'httpNotFound'})
      if (!record.authorization)
        throw new HttpError(401, {
          description: 'Unauthorized - a token is required to write',
          type: 'httpUnauthorized',
        })
      const {mutations} = (await readBody(req)) as {mutations?: Mutation[]}
      const {documents, results} = await applyMutations(getDocuments(), mutations ?? [], now())
      setDocuments(documents)
      return {transactionId: `stand-in-${requests.length}`, results}
    }
    return answerQuery(req, url, record, getDocuments(), dataset, now())
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const record: StandInRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: '',
      params: {},
      perspective: url.searchParams.get('perspective'),
      authorization: req.headers.authorization ?? null,
    }
    requests.push(record)
    let status = 200
    let body: Record<string, unknown>
    try {
      body = await answer(req, url, record)
    } catch (error) {
      status = error instanceof HttpError ? error.status : 500
      body = {
        error: error instanceof HttpError ? error.body : {description: String(error), type: 'internalError'},
      }
    }
    res.writeHead(status, {'content-type': 'application/json; charset=utf-8'}).end(JSON.stringify(body))
  })

  return new Promise<QueryApiStandIn>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const address = server.address()
      if (!address || typeof address === 'string')
        return reject(new Error('Stand-in is not listening on a TCP port'))
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
      resolve({
        url: `http://${host}:${address.port}`,
        requests,
        setDocuments,
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections()
            server.close((error) => (error ? fail(error) : done()))
          }),
      })
    })
  })
}

/** A client for the stand-in's dataset "production", never the CDN; `config` adds a token, a perspective… */
export function standInClient(url: string, config: Partial<ClientConfig> = {}): SanityClient {
  return createClient({
    projectId: 'test',
    dataset: 'production',
    apiVersion: SANITY_API_VERSION,
    apiHost: url,
    useProjectHostname: false,
    useCdn: false,
    ...config,
  })
}

if (import.meta.main) {
  const {values} = parseArgs({
    options: {
      ndjson: {type: 'string', default: 'studio/seed/production.ndjson'},
      port: {type: 'string', default: '3333'},
      dataset: {type: 'string', default: 'production'},
    },
  })
  // Re-read the export on every request, so edits to the file show up without a restart.
  const load = () => readNdjson(values.ndjson)
  const count = load().length
  const standIn = await serve(load, {dataset: values.dataset, port: Number(values.port)}, () => {
    throw new Error('The CLI stand-in serves the ndjson file; edit it instead')
  })
  console.log(
    `Query API stand-in serving ${count} documents of dataset "${values.dataset}" at ${standIn.url}`,
  )
}
