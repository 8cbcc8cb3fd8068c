// A local Content Lake: the HTTP API Sanity Studio calls to start and to edit, answered on
// loopback from documents in memory, so Studio runs in a browser without a Sanity account (the
// Studio tests, and `npm run studio:local`). It serves the Studio build itself, so the Studio talks
// to the address it was opened at. It also answers the site's Query API, so a build reads what
// staff published. Every call it has no answer for is recorded in `unanswered` and refused (404):
// the Studio tests assert there are none, so a Studio that needs a new endpoint shows at once.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import {createServer as createHttpsServer, type Server as HttpsServer} from 'node:https'
import {createHash, randomBytes, timingSafeEqual} from 'node:crypto'
import {existsSync, readFileSync, statSync} from 'node:fs'
import {createSecureServer, type Http2SecureServer} from 'node:http2'
import {extname, join, normalize} from 'node:path'
import type {Duplex} from 'node:stream'
import {evaluate} from 'groq-js'
import {
  answerQuery,
  HttpError,
  parseQuery,
  readBody,
  type SanityDocumentLike,
  type StandInRequest,
} from './queryApi.ts'
import {LOCAL_SITE_META, LOCAL_TRIAL_EDITOR, LOCAL_TRIAL_TOKEN_META} from '../model/localTrial.ts'
import {applyActions} from './actions.ts'
import {
  applyMutations,
  documentEvents,
  LakeError,
  listenerEvents,
  LakeStore,
  type Matched,
  transactionLog,
  type Transaction,
} from './store.ts'
import {selfSignedCertificate} from './tls.ts'

export {LakeStore} from './store.ts'

export interface LakeUser {
  id: string
  name: string
  email: string
}

export interface ContentLakeOptions {
  documents: SanityDocumentLike[]
  projectId: string
  dataset?: string
  /** The HTTPS port for browsers (0: any free one). */
  port?: number
  /** The plain HTTP port for Node (0: any free one). */
  apiPort?: number
  /** A loopback address to listen on (127.0.0.1, the default, localhost or ::1); any other is refused. */
  host?: string
  /** The member of staff every request acts as (the local trial has no sign-in). */
  user?: LakeUser
  /** A Studio build (`sanity build`) to serve at `/`. */
  studioDir?: string
  /** Told of each call it has no answer for, as it happens (`unanswered` keeps them too). */
  onUnanswered?: (call: LakeCall) => void
  /**
   * Serve the local site (once `proxySite` names it) over HTTPS too, at `siteUrl`: Presentation
   * frames the site from the Studio's HTTPS page, and the site's preview cookie crosses sites only
   * over TLS (Secure; SameSite=None), as in production behind a proxy (the site needs TRUST_PROXY=1).
   */
  siteProxyPort?: number
  /** Told of every transaction that changed a published document, as Sanity's webhooks are. */
  onPublished?: (documents: SanityDocumentLike[], transaction: Transaction) => void
}

export interface LakeCall {
  method: string
  path: string
}

export interface ContentLake {
  /** Where a browser opens the Studio: HTTPS (HTTP/2) on localhost, with `certificate`. */
  url: string
  /**
   * This run's token, random at each start: writes need it, and only a request with it sees drafts.
   * The Studio it serves is given it; the site gets it as its read and write token.
   */
  token: string
  /** The same API over plain HTTP, for Node: the site's builds and preview, the webhook's sender. */
  apiUrl: string
  /** The self-signed certificate (PEM) of `url`, made for this run. */
  certificate: string
  store: LakeStore
  /** The local site over HTTPS, for Presentation (see `siteProxyPort`). */
  siteUrl: string
  /** Names the local site's plain address, which `siteUrl` forwards to. */
  proxySite(target: string): void
  /** Every call to the API, in order (static files of the Studio are not listed). */
  calls: LakeCall[]
  /** The calls it had no answer for. */
  unanswered: LakeCall[]
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

type Route = (request: IncomingMessage, url: URL, match: RegExpExecArray) => Promise<unknown> | unknown

/** What the API answers with, beside JSON: a stream of server-sent events, or NDJSON lines. */
class Stream {
  readonly start: (response: ServerResponse) => void
  constructor(start: (response: ServerResponse) => void) {
    this.start = start
  }
}

/** A refusal before any route is looked at: the request is not the local trial's own. */
class Refused extends Error {
  readonly status: number
  constructor(status: number, description: string) {
    super(description)
    this.status = status
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * What the local Content Lake accepts, whatever page a browser on this machine has open (issue 37,
 * finding 1): a `Host` naming loopback and the port asked (no DNS rebinding), no `Origin` but its
 * own (no other site's page), writes only as application/json (no CORS-simple form or text post)
 * and only with this run's token, and a path that decodes. Anything else is refused with a status,
 * before it reaches a route, and never stops the trial.
 */
export function refusal(
  request: Pick<IncomingMessage, 'method' | 'headers' | 'url'>,
  {port, origins, token}: {port: number; origins: readonly string[]; token: string},
): Refused | undefined {
  const host = request.headers.host ?? request.headers[':authority']
  if (typeof host !== 'string' || !LOOPBACK_NAMES.some((name) => host === `${name}:${port}`))
    return new Refused(421, `This local Content Lake answers only to localhost:${port}.`)
  const origin = request.headers.origin
  if (origin !== undefined && !origins.includes(origin))
    return new Refused(
      403,
      `Requests from ${origin} are not accepted: only the local trial's own pages may call it.`,
    )
  try {
    decodeURIComponent(new URL(request.url ?? '/', 'http://lake').pathname)
  } catch {
    return new Refused(400, 'The path is not a valid percent-encoded address.')
  }
  if (!WRITES.has(request.method ?? 'GET')) return undefined
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json') return new Refused(415, 'Writes are accepted only as application/json.')
  // A long GROQ query is sent as a POST: a read, which the site's builds make without the token.
  if (/^\/v[^/]+\/data\/query\//.test(new URL(request.url ?? '/', 'http://lake').pathname)) return undefined
  if (!carriesToken(request.headers.authorization, token))
    return new Refused(401, "Writes need this run's token, which only the local trial's Studio is given.")
  return undefined
}

/** Whether an Authorization header carries this run's token (compared in constant time). */
function carriesToken(authorization: string | string[] | undefined, token: string): boolean {
  const given = Buffer.from(typeof authorization === 'string' ? authorization.replace(/^Bearer /, '') : '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export async function startContentLake(options: ContentLakeOptions): Promise<ContentLake> {
  const dataset = options.dataset ?? 'production'
  const host = options.host ?? '127.0.0.1'
  if (!LOOPBACK_HOSTS.has(host))
    throw new Error(
      `The local Content Lake listens on loopback only, not on ${host}: nothing else may reach it.`,
    )
  const token = randomBytes(24).toString('base64url')
  const user = options.user ?? LOCAL_TRIAL_EDITOR
  const store = new LakeStore(options.documents, user.id)
  const calls: LakeCall[] = []
  const unanswered: LakeCall[] = []
  const keyValues = new Map<string, unknown>()
  const listeners = new Set<ServerResponse>()
  const sockets = new Set<Duplex>()

  store.subscribe((transaction) => {
    const published = [...transaction.after.keys()].filter((id) => !id.includes('.'))
    if (published.length === 0 || !options.onPublished) return
    options.onPublished(
      published.map((id) => transaction.after.get(id) ?? transaction.before.get(id)!),
      transaction,
    )
  })

  const noAnswer = (call: LakeCall) => {
    unanswered.push(call)
    options.onUnanswered?.(call)
  }
  const ds = (name: string) => {
    if (name !== dataset) throw new LakeError(404, `Dataset "${name}" not found`, 'httpNotFound')
  }
  const ids = (list: string) => decodeURIComponent(list).split(',').filter(Boolean)
  const authorized = (request: IncomingMessage) => carriesToken(request.headers.authorization, token)
  /** What a request may read: drafts and other private documents (an id with a dot) only with the token. */
  const visible = (request: IncomingMessage, document: SanityDocumentLike | undefined | null) =>
    Boolean(document) && (authorized(request) || !document!._id.includes('.'))
  const json = async (request: IncomingMessage) => (await readBody(request)) as Record<string, unknown>

  const routes: [string, RegExp, Route][] = [
    [
      'GET',
      /^\/users\/me$/,
      () => ({
        ...user,
        profileImage: null,
        provider: 'local',
        role: 'administrator',
        roles: [{name: 'administrator', title: 'Administrator'}],
      }),
    ],
    [
      'GET',
      /^\/users\/me\/keyvalue\/(.+)$/,
      (_, __, [, keys]) => ids(keys!).map((key) => ({key, value: keyValues.get(key) ?? null})),
    ],
    [
      'PUT',
      /^\/users\/me\/keyvalue$/,
      async (request) => {
        const pairs = (await readBody(request)) as unknown as {key: string; value: unknown}[]
        for (const {key, value} of pairs) keyValues.set(key, value)
        return pairs
      },
    ],
    ['GET', /^\/ping$/, () => 'PONG'],
    // References from other datasets (Studio asks before a delete): this Content Lake has one.
    ['GET', /^\/data\/references\/[^/]+\/documents\/[^/]+\/to$/, () => ({totalCount: 0, references: []})],
    // Studio's diagnosis after a failed request: this origin may call the API.
    ['GET', /^\/check\/cors$/, () => ({result: {allowed: true, withCredentials: true}})],
    // Studio measures the time its edits take to come back through the listener from here.
    ['GET', /^\/data\/ping\/[^/]+$/, () => 'PONG'],
    // Usage statistics Studio sends Sanity: no consent is asked for, and nothing is kept.
    ['GET', /^\/intake\/telemetry-status$/, () => ({status: 'denied'})],
    ['POST', /^\/intake\/batch$/, async (request) => (await readBody(request), {})],
    [
      'GET',
      /^\/projects\/([^/]+)$/,
      (_, __, [, id]) => ({
        id,
        displayName: 'MediStay India website (local trial)',
        studioHost: null,
        isBlocked: false,
        isDisabled: false,
        isDisabledByUser: false,
        metadata: {},
        organizationId: null,
        members: [
          {
            id: user.id,
            role: 'administrator',
            roles: [{name: 'administrator', title: 'Administrator'}],
            isCurrentUser: true,
            isRobot: false,
          },
        ],
        features: [],
        pendingInvites: 0,
      }),
    ],
    [
      'GET',
      /^\/projects\/[^/]+\/datasets$/,
      () => [
        {
          name: dataset,
          aclMode: 'public',
          createdAt: store.transactions[0]!.timestamp,
          createdByUserId: user.id,
          addonFor: null,
          datasetProfile: 'content',
          features: [],
          tags: [],
        },
      ],
    ],
    [
      // Grants decide what Studio lets staff do: every permission on every document (drafts included).
      'GET',
      /^\/projects\/[^/]+\/datasets\/([^/]+)\/acl$/,
      (_, __, [, name]) => {
        ds(name!)
        return [{filter: '_id in path("**")', permissions: ['history', 'read', 'update', 'create']}]
      },
    ],
    [
      'GET',
      /^\/projects\/[^/]+\/grants$/,
      () => ({
        'sanity.project': [{grants: [{name: 'read'}, {name: 'update'}], config: {}}],
        'sanity.document.filter.mode': [
          {
            grants: [{name: 'history'}, {name: 'read'}, {name: 'update'}, {name: 'create'}],
            config: {filter: '_id in path("**")'},
          },
        ],
      }),
    ],
    ['GET', /^\/projects\/[^/]+\/user-applications$/, () => []],
    // Sanity's own messages to staff (help links, announcements, trials, upsells): none here.
    ['GET', /^\/help$/, () => ({resources: []})],
    ['GET', /^\/journey\/announcements$/, () => []],
    ['GET', /^\/journey\/(?:trial|asset-limit|document-limit|comments|tasks)$/, () => null],
    ['GET', /^\/projects\/[^/]+\/features$/, () => []],
    ['GET', /^\/features$/, () => []],
    [
      'GET',
      /^\/data\/doc\/([^/]+)\/(.+)$/,
      (request, __, [, name, list]) => {
        ds(name!)
        const wanted = ids(list!)
        const found = (id: string) => (visible(request, store.get(id)) ? store.get(id) : undefined)
        return {
          documents: wanted.map(found).filter(Boolean),
          omitted: wanted.filter((id) => !found(id)).map((id) => ({id, reason: 'existence'})),
        }
      },
    ],
    [
      'POST',
      /^\/data\/mutate\/([^/]+)$/,
      async (request, url, [, name]) => {
        ds(name!)
        const body = await json(request)
        const transaction = await applyMutations(
          store,
          user.id,
          (body.mutations as Record<string, unknown>[]) ?? [],
          body.transactionId as string | undefined,
        )
        return {
          transactionId: transaction.id,
          results: transaction.documentIDs.map((id) => ({
            id,
            operation: !transaction.after.get(id)
              ? 'delete'
              : transaction.before.get(id)
                ? 'update'
                : 'create',
            ...(url.searchParams.get('returnDocuments') === 'true'
              ? {document: transaction.after.get(id)}
              : {}),
          })),
          ...(url.searchParams.get('returnDocuments') === 'true'
            ? {documents: transaction.documentIDs.map((id) => transaction.after.get(id)).filter(Boolean)}
            : {}),
        }
      },
    ],
    [
      'POST',
      /^\/data\/actions\/([^/]+)$/,
      async (request, _, [, name]) => {
        ds(name!)
        const body = await json(request)
        const transaction = applyActions(
          store,
          user.id,
          (body.actions as never[]) ?? [],
          body.transactionId as string | undefined,
        )
        return {transactionId: transaction.id}
      },
    ],
    [
      'GET',
      /^\/data\/history\/([^/]+)\/documents\/(.+)$/,
      (_, url, [, name, list]) => {
        ds(name!)
        const at = {
          revision: url.searchParams.get('revision') ?? undefined,
          time: url.searchParams.get('time') ?? undefined,
        }
        return {
          documents: ids(list!)
            .map((id) => store.revisionOf(id, at))
            .filter(Boolean),
        }
      },
    ],
    [
      'GET',
      /^\/data\/history\/([^/]+)\/events\/documents\/([^/]+)$/,
      (_, __, [, name, id]) => {
        ds(name!)
        return {events: {[id!]: documentEvents(store, id!)}, nextCursor: ''}
      },
    ],
    [
      'GET',
      /^\/data\/history\/([^/]+)\/transactions\/(.+)$/,
      (_, url, [, name, list]) => {
        ds(name!)
        return new Stream((response) => {
          response.writeHead(200, {'content-type': 'application/x-ndjson'})
          for (const transaction of transactionLog(store, ids(list!), url.searchParams))
            response.write(`${JSON.stringify(transaction)}\n`)
          response.end()
        })
      },
    ],
    [
      // The Live Content API Presentation follows: nothing here tags query results, so every
      // transaction asks it to fetch again (`restart`).
      'GET',
      /^\/data\/live\/events\/([^/]+)$/,
      (request, _, [, name]) => {
        ds(name!)
        return new Stream((response) => {
          response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'})
          response.write(`event: welcome\ndata: {}\n\n`)
          listeners.add(response)
          const stop = store.subscribe((transaction) =>
            response.write(`event: restart\nid: ${transaction.id}\ndata: {}\n\n`),
          )
          request.once('close', () => {
            stop()
            listeners.delete(response)
          })
        })
      },
    ],
    [
      'GET',
      /^\/data\/listen\/([^/]+)$/,
      (request, url, [, name]) => {
        ds(name!)
        const query = url.searchParams.get('query') ?? ''
        const params: Record<string, unknown> = {}
        for (const [key, value] of url.searchParams)
          if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value)
        const tree = parseQuery(query, params)
        const matches = async (document: SanityDocumentLike | null) =>
          visible(request, document) &&
          document !== null &&
          [await (await evaluate(tree, {dataset: [document], params})).get()].flat().filter(Boolean).length >
            0
        const listening = {
          includeResult: url.searchParams.get('includeResult') !== 'false',
          includePreviousRevision: url.searchParams.get('includePreviousRevision') === 'true',
        }
        return new Stream((response) => {
          response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'})
          response.write(
            `event: welcome\ndata: ${JSON.stringify({listenerName: `lake-${calls.length}`})}\n\n`,
          )
          listeners.add(response)
          // Events of one listener go out in transaction order, each after the last was matched.
          let queue = Promise.resolve()
          const stop = store.subscribe((transaction) => {
            queue = queue.then(async () => {
              const matched: Matched[] = []
              for (const id of transaction.documentIDs) {
                const before = await matches(transaction.before.get(id) ?? null)
                const after = await matches(transaction.after.get(id) ?? null)
                if (before || after) matched.push({id, before, after})
              }
              for (const event of listenerEvents(transaction, matched, listening))
                response.write(
                  `event: mutation\nid: ${String(event.eventId)}\ndata: ${JSON.stringify(event)}\n\n`,
                )
            })
          })
          request.once('close', () => {
            stop()
            listeners.delete(response)
          })
        })
      },
    ],
  ]

  async function answerApi(request: IncomingMessage, response: ServerResponse, url: URL, path: string) {
    const call = {method: request.method ?? 'GET', path}
    calls.push(call)
    const record: StandInRequest = {
      method: call.method,
      path: url.pathname,
      query: '',
      params: {},
      perspective: url.searchParams.get('perspective'),
      // Studio's client carries this run's token; the site's builds read without one, and see
      // published documents only, as does a request with any other token.
      authorization: authorized(request) ? request.headers.authorization! : null,
    }
    let status = 200
    let body: unknown
    try {
      const query = /^\/data\/query\/([^/]+)$/.exec(path)
      const route = routes.find(([method, pattern]) => method === call.method && pattern.test(path))
      if (query && (call.method === 'GET' || call.method === 'POST')) {
        body = await answerQuery(request, url, record, store.all(), dataset)
      } else if (route) {
        body = await route[2](request, url, route[1].exec(path)!)
      } else {
        noAnswer(call)
        throw new LakeError(
          404,
          `The local Content Lake has no answer for ${call.method} ${path}`,
          'httpNotFound',
        )
      }
    } catch (error) {
      status = error instanceof LakeError || error instanceof HttpError ? error.status : 500
      body = {
        error:
          error instanceof LakeError || error instanceof HttpError
            ? error.body
            : {description: String(error), type: 'internalError'},
      }
      if (status === 500) console.error(error)
    }
    if (body instanceof Stream) return body.start(response)
    response.writeHead(status, {'content-type': 'application/json; charset=utf-8'}).end(JSON.stringify(body))
  }

  function serveStudio(response: ServerResponse, path: string) {
    const dir = options.studioDir!
    const file = normalize(join(dir, decodeURIComponent(path)))
    const found = file.startsWith(dir) && existsSync(file) && statSync(file).isFile()
    // Studio routes (/structure/…, /presentation/…) are pages of its single-page app.
    if (!found && extname(path) !== '') return response.writeHead(404).end()
    const chosen = found ? file : join(dir, 'index.html')
    let content: Buffer | string = readFileSync(chosen)
    const page = chosen.endsWith('index.html')
    if (page)
      content = content
        .toString('utf8')
        .replace(
          '<head>',
          `<head><meta name="${LOCAL_SITE_META}" content="${siteUrl}"><meta name="${LOCAL_TRIAL_TOKEN_META}" content="${token}">`,
        )
    response
      .writeHead(200, {
        'content-type': TYPES[extname(chosen)] ?? 'application/octet-stream',
        ...(page ? {'content-security-policy': studioPolicy()} : {}),
      })
      .end(content)
  }

  /**
   * Nothing the trial's Studio does reaches the internet: its page may load and call only this
   * machine (itself, and the local site Presentation frames). Studio also asks Sanity's servers
   * for a bridge script, its font, the signed-in user and feedback settings, whatever its
   * `apiHost`; the browser refuses those before they leave.
   */
  const studioPolicy = () => {
    const here = `'self' ${siteUrl}`
    return [
      `default-src ${here}`,
      `script-src 'self' 'unsafe-inline' 'unsafe-eval'`,
      `style-src 'self' 'unsafe-inline'`,
      `img-src ${here} data: blob:`,
      `font-src 'self' data:`,
      `connect-src ${here} wss://localhost:${own.secure}`,
      `frame-src ${here}`,
      `worker-src 'self' blob:`,
    ].join('; ')
  }

  // Set once the servers listen: the ports and origins that are the local trial's own.
  const own = {secure: 0, plain: 0, origins: [] as string[]}
  const handler = (server: 'secure' | 'plain') => (request: IncomingMessage, response: ServerResponse) => {
    const refused = refusal(request, {port: own[server], origins: own.origins, token})
    if (refused) {
      calls.push({method: request.method ?? 'GET', path: `refused ${refused.status}: ${request.url ?? ''}`})
      return void response
        .writeHead(refused.status, {'content-type': 'application/json; charset=utf-8'})
        .end(JSON.stringify({error: {description: refused.message, type: 'httpRefused'}}))
    }
    const url = new URL(request.url ?? '/', 'http://lake')
    // The API is versioned (/v2025-02-19/…, /vX/…, /v1/…); a Studio page is anything else.
    const api = /^\/v(?:\d{4}-\d{2}-\d{2}|\d+|X)(\/.*)$/.exec(url.pathname)
    if (api) return void answerApi(request, response, url, api[1]!.replace(/\/$/, ''))
    if (options.studioDir) {
      try {
        return serveStudio(response, url.pathname)
      } catch (error) {
        // Whatever a request asks, the trial goes on: a file it cannot read is this request's failure.
        console.error(error)
        return void response.writeHead(500).end()
      }
    }
    const call = {method: request.method ?? 'GET', path: url.pathname}
    calls.push(call)
    noAnswer(call)
    response.writeHead(404, {'content-type': 'application/json'}).end('{"error":{"description":"Not found"}}')
  }
  // Studio keeps a dozen listeners open at once. Browsers open at most six connections to one
  // address over HTTP/1.1, so the rest would wait for ever: the browser gets HTTP/2, which
  // browsers speak only over TLS (a certificate made for this run, for localhost). Node (the
  // site's builds, its preview, scripts) gets plain HTTP on a port of its own.
  const tls = selfSignedCertificate()
  const secure = createSecureServer({...tls, allowHTTP1: true}, handler('secure') as never)
  const plain: Server = createServer(handler('plain'))

  // Presence (who else has a document open) goes over a WebSocket at /socket/<dataset>. The local
  // trial has one member of staff: the socket is accepted and stays quiet.
  secure.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
    // A browser sends every WebSocket its page's Origin: another site's page is refused here too.
    if (refusal(request, {port: own.secure, origins: own.origins, token})) return socket.destroy()
    const url = new URL(request.url ?? '/', 'http://lake')
    const path = url.pathname.replace(/^\/v[^/]+/, '')
    calls.push({method: 'WEBSOCKET', path})
    const key = request.headers['sec-websocket-key']
    if (!/^\/socket\/[^/]+$/.test(path) || typeof key !== 'string') {
      noAnswer({method: 'WEBSOCKET', path})
      return socket.destroy()
    }
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64')
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    )
    sockets.add(socket)
    socket.on('data', () => undefined)
    socket.on('error', () => socket.destroy())
    socket.on('close', () => sockets.delete(socket))
  })

  const sessions = new Set<Duplex>()
  secure.on('session', (session) => {
    sessions.add(session.socket)
    session.once('close', () => sessions.delete(session.socket))
  })
  secure.on('secureConnection', (socket) => {
    sessions.add(socket)
    socket.once('close', () => sessions.delete(socket))
  })
  const listen = (server: Server | Http2SecureServer | HttpsServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        const address = server.address()
        if (!address || typeof address === 'string')
          reject(new Error('The local Content Lake is not listening on a TCP port'))
        else resolve(address.port)
      })
    })
  let siteTarget: URL | undefined
  const siteProxy = createHttpsServer(tls, (request, response) => {
    if (!siteTarget) return response.writeHead(503).end('The local site has not started yet.')
    const upstream = httpRequest(
      siteTarget,
      {
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': request.socket.remoteAddress,
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => response.writeHead(502).end('The local site did not answer.'))
    request.pipe(upstream)
  })
  const securePort = await listen(secure, options.port ?? 0)
  const siteUrl = `https://localhost:${await listen(siteProxy, options.siteProxyPort ?? 0)}`
  const plainPort = await listen(plain, options.apiPort ?? 0)
  own.secure = securePort
  own.plain = plainPort
  own.origins = [
    ...LOOPBACK_NAMES.map((name) => `https://${name}:${securePort}`),
    ...LOOPBACK_NAMES.map((name) => `http://${name}:${plainPort}`),
    // The local site, framed by Presentation, is the trial's own page too.
    siteUrl,
  ]
  return {
    token,
    url: `https://localhost:${securePort}`,
    apiUrl: `http://${host === 'localhost' ? 'localhost' : '127.0.0.1'}:${plainPort}`,
    certificate: tls.cert,
    siteUrl,
    proxySite: (target) => {
      siteTarget = new URL(target)
    },
    store,
    calls,
    unanswered,
    async close() {
      for (const listener of listeners) listener.end()
      for (const socket of [...sockets, ...sessions]) socket.destroy()
      plain.closeAllConnections()
      siteProxy.closeAllConnections()
      await Promise.all(
        [plain, secure, siteProxy].map(
          (server) =>
            new Promise<void>((done, fail) => server.close((error) => (error ? fail(error) : done()))),
        ),
      )
    },
  }
}
