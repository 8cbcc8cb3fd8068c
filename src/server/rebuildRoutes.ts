import {timingSafeEqual} from 'node:crypto'
import {readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {dirname} from 'node:path'
import {decodeSignatureHeader, encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {REBUILD_ENDPOINTS} from '../../model/routes.ts'
import {isDraftOrVersion, REBUILD_DOCUMENT_TYPES} from '../../model/siteDocuments.ts'
import {makeFolders} from '../lib/folders.ts'
import type {Rebuilder} from './rebuilder.ts'
import type {PolicyChangeSchedule} from './schedule.ts'

/** Webhooks older than this are refused, so a captured request cannot be replayed later. */
export const MAX_SIGNATURE_AGE_MS = 5 * 60_000
const MAX_BODY_BYTES = 64 * 1024
/** Where the server keeps the accepted webhooks, in its builds folder (SITE_BUILDS_DIR). */
export const ACCEPTED_WEBHOOKS_FILE = 'accepted-webhooks.json'

function send(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, {'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store'})
  response.end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Compares in constant time, so response times reveal nothing about the secret. */
function equalInConstantTime(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Whether a webhook body carries a valid Sanity signature made with `secret` no longer than
 * MAX_SIGNATURE_AGE_MS ago (or ahead, for a sender whose clock runs fast).
 */
export async function isSignedWebhook({
  header,
  body,
  secret,
  now,
}: {
  header: string | undefined
  body: string
  secret: string
  now: number
}): Promise<boolean> {
  if (typeof header !== 'string' || body === '') return false
  try {
    const {timestamp} = decodeSignatureHeader(header)
    if (Math.abs(now - timestamp) > MAX_SIGNATURE_AGE_MS) return false
    return equalInConstantTime(header.trim(), await encodeSignatureHeader(body, timestamp, secret))
  } catch {
    return false
  }
}

/**
 * The signatures of the webhooks accepted in the last few minutes, so that a captured request
 * re-sent while its signature is still fresh builds nothing (409). A signature is remembered until
 * it would be refused as stale anyway, so the record holds at most a few minutes of publishes. Only
 * signatures that passed the check are kept: a forger cannot fill it. Sanity's `idempotency-key`
 * header is not used: it is outside the signature, so a replay could change it.
 *
 * With a `file` (the server keeps it beside its builds), the record outlives a restart: it is read
 * at start and written, whole and atomically, before a webhook is answered. A file that cannot be
 * read starts an empty record, and one that cannot be written is said in the log; neither stops
 * the receiver.
 */
export class AcceptedWebhooks {
  private readonly until = new Map<string, number>()
  private readonly capacity: number
  private readonly file: string | undefined
  private readonly log: (line: string) => void

  constructor({
    capacity = 10_000,
    file,
    log = console.warn,
  }: {capacity?: number; file?: string; log?: (line: string) => void} = {}) {
    this.capacity = capacity
    this.file = file
    this.log = log
    if (file) for (const [signature, until] of readRecord(file)) this.until.set(signature, until)
  }

  /** Records a signature; false when it was accepted before and has not yet expired. */
  accept(signature: string, timestamp: number, now: number): boolean {
    const known = this.until.get(signature)
    if (known !== undefined && known >= now) return false
    this.forgetExpired(now)
    // Past that, only a leaked secret could sign so many: the oldest is forgotten first.
    if (this.until.size >= this.capacity) this.until.delete(this.until.keys().next().value!)
    this.until.set(signature, timestamp + MAX_SIGNATURE_AGE_MS)
    this.save()
    return true
  }

  private forgetExpired(now: number) {
    for (const [signature, until] of this.until) if (until < now) this.until.delete(signature)
  }

  private save() {
    if (!this.file) return
    const temporary = `${this.file}.${process.pid}.tmp`
    try {
      makeFolders(dirname(this.file))
      writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.until)), {mode: 0o600})
      renameSync(temporary, this.file)
    } catch (error) {
      // A full disk fails the write after the file was made: the empty file would stay for good.
      try {
        rmSync(temporary, {force: true})
      } catch {
        // Its folder could not be made either: there is nothing to remove.
      }
      this.log(
        `The accepted webhooks could not be saved to ${this.file} (${(error as Error).message}): a restart in the next five minutes forgets them.`,
      )
    }
  }
}

/** The signatures a file records, with when each expires; none from a file missing or damaged. */
function readRecord(file: string): [string, number][] {
  try {
    const record: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (typeof record !== 'object' || record === null) return []
    return Object.entries(record).filter((entry): entry is [string, number] => typeof entry[1] === 'number')
  } catch {
    return []
  }
}

/**
 * POST /api/rebuild: a signed Sanity webhook asks for a rebuild. GET /api/rebuild/status: the
 * last success and failure and the next policy change, for whoever holds the same secret. Both
 * answer 401 and do nothing else when the request is not signed or authorised.
 */
export async function handleRebuildRequest(
  request: IncomingMessage,
  response: ServerResponse,
  {
    rebuilder,
    policyChanges,
    secret,
    accepted,
    now = Date.now,
  }: {
    rebuilder: Pick<Rebuilder, 'request' | 'getStatus'>
    policyChanges?: Pick<PolicyChangeSchedule, 'getStatus'>
    secret: string | undefined
    /** The server's one record of accepted signatures, which outlives each request. */
    accepted: AcceptedWebhooks
    now?: () => number
  },
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname
  if (!secret)
    return send(response, 503, {
      ok: false,
      error: 'notConfigured',
      message: 'SANITY_WEBHOOK_SECRET is not set.',
    })

  if (path === REBUILD_ENDPOINTS.status) {
    if (request.method !== 'GET') return send(response, 405, {ok: false, error: 'methodNotAllowed'})
    const authorization = request.headers.authorization ?? ''
    if (!authorization.startsWith('Bearer ') || !equalInConstantTime(authorization.slice(7), secret)) {
      return send(response, 401, {ok: false, error: 'unauthorized'})
    }
    // The process's memory too: whoever runs the server can see it stay flat across publishes.
    const {rss, heapUsed, external} = process.memoryUsage()
    return send(response, 200, {
      ok: true,
      ...rebuilder.getStatus(),
      nextPolicyChange: policyChanges?.getStatus() ?? null,
      memory: {rss, heapUsed, external},
    })
  }

  if (path !== REBUILD_ENDPOINTS.rebuild) return send(response, 404, {ok: false, error: 'notFound'})
  if (request.method !== 'POST') return send(response, 405, {ok: false, error: 'methodNotAllowed'})
  const body = await readBody(request)
  if (body === undefined) return send(response, 413, {ok: false, error: 'tooLarge'})
  const header = request.headers[SIGNATURE_HEADER_NAME]
  const signature = typeof header === 'string' ? header.trim() : undefined
  const at = now()
  if (!(await isSignedWebhook({header: signature, body, secret, now: at})))
    return send(response, 401, {ok: false, error: 'invalidSignature'})
  if (!accepted.accept(signature!, decodeSignatureHeader(signature!).timestamp, at))
    return send(response, 409, {ok: false, error: 'replayed'})

  let document: {_id?: unknown; _type?: unknown}
  try {
    document = JSON.parse(body) as typeof document
  } catch {
    return send(response, 400, {ok: false, error: 'malformed'})
  }
  const id = typeof document._id === 'string' ? document._id : ''
  const type = typeof document._type === 'string' ? document._type : ''
  // Drafts and release versions are not what visitors see; the build reads published content only.
  if (isDraftOrVersion(id)) return send(response, 202, {ok: true, ignored: 'draft'})
  if (type && !(REBUILD_DOCUMENT_TYPES as readonly string[]).includes(type))
    return send(response, 202, {ok: true, ignored: 'type'})
  const build = rebuilder.request(`${type || 'document'} ${id || '(unknown)'} published`)
  return send(response, 202, {ok: true, build})
}
