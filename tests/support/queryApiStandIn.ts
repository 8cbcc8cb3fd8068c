// Loopback stand-in for Sanity's Content Lake Query API, so @sanity/client can
// be exercised for real in tests (or by hand) without Sanity's servers.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {readFileSync} from 'node:fs'
import {parseArgs} from 'node:util'
import {createClient, type ClientConfig, type SanityClient} from '@sanity/client'
import {evaluate, parse, GroqSyntaxError, type ExprNode} from 'groq-js'
import {SANITY_API_VERSION} from '../../model/sanityApi.ts'

export interface SanityDocumentLike {
  _id: string
  _type: string
  [key: string]: unknown
}
export interface StandInRequest {
  method: string
  path: string
  query: string
  params: Record<string, unknown>
  perspective: string | null
  authorization: string | null
}
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

export class HttpError extends Error {
  // Plain fields, not parameter properties: Node's type stripping can't run those.
  readonly status: number
  readonly body: Record<string, unknown>
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.description))
    this.status = status
    this.body = body
  }
}

export function readNdjson(path: string): SanityDocumentLike[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SanityDocumentLike)
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

// A document whose id has a dot in it is private: drafts (`drafts.<id>`), release versions
// (`versions.<release>.<id>`), Studio's preview secrets, stored contact messages. Without a token
// the Content Lake never shows one, whatever the perspective asks for.
const isPrivate = (document: SanityDocumentLike) => document._id.includes('.')

// Drafts and release versions live beside published documents as `drafts.<id>`
// and `versions.<release>.<id>`; a perspective decides which of them you see.
export function applyPerspective(
  stored: SanityDocumentLike[],
  perspective: string,
  authorized: boolean,
): SanityDocumentLike[] {
  const documents = authorized ? stored : stored.filter((document) => !isPrivate(document))
  if (perspective === 'raw') return documents
  const byId = new Map<string, SanityDocumentLike>()
  for (const doc of documents) if (!/^(drafts|versions)\./.test(doc._id)) byId.set(doc._id, doc)
  // A stack like `summer,drafts` lists layers highest priority first; apply the lowest first.
  const prefixes = perspective
    .split(',')
    .filter((p) => p !== 'published')
    .map((p) => (p === 'drafts' || p === 'previewDrafts' ? 'drafts.' : `versions.${p}.`))
  for (const prefix of prefixes.reverse()) {
    for (const doc of documents) {
      if (!doc._id.startsWith(prefix)) continue
      const id = doc._id.slice(prefix.length)
      byId.set(id, {...doc, _id: id, _originalId: doc._id})
    }
  }
  return [...byId.values()]
}

// groq-js quietly reads a missing param as null; the real API refuses the query.
function referencedParams(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => referencedParams(child, names))
  else if (node && typeof node === 'object') {
    const {type, name} = node as {type?: unknown; name?: unknown}
    if (type === 'Parameter' && typeof name === 'string') names.add(name)
    Object.values(node).forEach((child) => referencedParams(child, names))
  }
  return names
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

export function parseQuery(query: string, params: Record<string, unknown>): ExprNode {
  const parseError = (description: string, start: number, end: number) =>
    new HttpError(400, {description, type: 'queryParseError', query, start, end})
  let tree: ExprNode
  try {
    // groq-js has no text::query, which Studio's document lists and search use; `match` on the
    // same words is its nearest equivalent.
    tree = parse(query.replaceAll('text::query(', '('), {params})
  } catch (error) {
    if (error instanceof GroqSyntaxError) {
      const description = error.message.replace(/^Syntax error in GROQ query at position \d+: /, '')
      throw parseError(description, error.position, Math.min(error.position + 1, query.length))
    }
    // e.g. GroqQueryError "Undefined function: foo", which carries no position
    throw parseError(error instanceof Error ? error.message : String(error), 0, query.length)
  }
  for (const name of referencedParams(tree)) {
    if (!(name in params)) throw parseError(`param $${name} referenced, but not provided`, 0, query.length)
  }
  return tree
}

export async function readBody(req: IncomingMessage): Promise<{query?: unknown; params?: unknown}> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
  } catch {
    throw new HttpError(400, {description: 'Request body is not valid JSON', type: 'httpBadRequest'})
  }
}

/**
 * GET or POST /v<version>/data/query/<dataset>: a GROQ query over `documents` as the Query API
 * answers it (perspectives, drafts only with a token, params, parse errors). `record` gets the
 * query and its params.
 */
export async function answerQuery(
  req: IncomingMessage,
  url: URL,
  record: StandInRequest,
  documents: SanityDocumentLike[],
  dataset: string,
  now: Date = new Date(),
): Promise<Record<string, unknown>> {
  const route = /^\/v([^/]+)\/data\/query\/([^/]+)\/?$/.exec(url.pathname)
  if (!route || (req.method !== 'GET' && req.method !== 'POST')) {
    throw new HttpError(404, {
      description: `No route for ${req.method} ${url.pathname}`,
      type: 'httpNotFound',
    })
  }
  const [, apiVersion, requestedDataset] = route
  if (req.method === 'POST') {
    const body = await readBody(req)
    record.query = typeof body.query === 'string' ? body.query : ''
    record.params =
      body.params && typeof body.params === 'object' ? (body.params as Record<string, unknown>) : {}
  } else {
    record.query = url.searchParams.get('query') ?? ''
    for (const [key, value] of url.searchParams) {
      if (!key.startsWith('$')) continue
      try {
        record.params[key.slice(1)] = JSON.parse(value)
      } catch {
        throw new HttpError(400, {
          description: `Invalid parameter "${key}": not valid JSON`,
          type: 'httpBadRequest',
        })
      }
    }
  }
  if (requestedDataset !== dataset) {
    throw new HttpError(404, {description: `Dataset "${requestedDataset}" not found`, type: 'httpNotFound'})
  }
  if (!record.query) throw new HttpError(400, {description: 'Missing query', type: 'httpBadRequest'})

  const started = performance.now()
  const tree = parseQuery(record.query, record.params)
  // Since API version 2025-02-19 the default perspective is `published`; before that it was `raw`.
  const perspective =
    record.perspective ?? (apiVersion !== 'X' && apiVersion < '2025-02-19' ? 'raw' : 'published')
  const value = await evaluate(tree, {
    dataset: applyPerspective(documents, perspective, Boolean(record.authorization)),
    params: record.params,
    // now() is the time of the request, as on the Content Lake (preview secrets expire by it).
    timestamp: now,
    sanity: {projectId: 'stand-in', dataset},
  })
  const result: unknown = await value.get()
  const ms = Math.round(performance.now() - started)
  return url.searchParams.get('returnQuery') === 'false' ? {result, ms} : {result, ms, query: record.query}
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
