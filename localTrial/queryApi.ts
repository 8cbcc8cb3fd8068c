// The Content Lake's Query API as the local trial answers it: GROQ over documents in memory, with
// perspectives, drafts only for a request with a token, params and parse errors as Sanity's API gives them.
import type {IncomingMessage} from 'node:http'
import {readFileSync} from 'node:fs'
import {evaluate, parse, GroqSyntaxError, type ExprNode} from 'groq-js'

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
