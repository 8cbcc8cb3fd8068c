import type {IncomingMessage, Server, ServerResponse} from 'node:http'
import type {Duplex} from 'node:stream'
import type {ServerLimits} from '../config/index.ts'
import {CONTACT_ENDPOINT, REBUILD_ENDPOINTS} from '../../model/routes.ts'
import {SECURITY_HEADERS} from './securityHeaders.ts'
import {routedPath} from './apiRoutes.ts'

/** The methods the site answers; anything else never reaches a route (405). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const

/** What each server route takes, for the Allow header of a refusal; pages take GET and HEAD. */
const ROUTE_METHODS: Record<string, string> = {
  [CONTACT_ENDPOINT]: 'POST',
  [REBUILD_ENDPOINTS.rebuild]: 'POST',
  [REBUILD_ENDPOINTS.status]: 'GET',
}

/**
 * Whether to answer a request at all: TRACE, OPTIONS, PUT and the rest get 405 here, before any
 * route or Astro sees them, naming what the address does take. The API answers in its own JSON.
 */
export function refuseUnknownMethod(request: IncomingMessage, response: ServerResponse): boolean {
  if ((ALLOWED_METHODS as readonly string[]).includes(request.method ?? '')) return false
  const path = routedPath(request.url)
  const allow = ROUTE_METHODS[path] ?? 'GET, HEAD'
  const api = path.startsWith('/api/')
  response
    .writeHead(405, {
      Allow: allow,
      'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    .end(
      api
        ? JSON.stringify({
            ok: false,
            error: 'methodNotAllowed',
            message: `Use ${allow.replace(', ', ' or ')}.`,
          })
        : 'Method not allowed.\n',
    )
  return true
}

/** How often Node looks for requests past their time (its default, 30 s, would let them run on that long). */
const CHECK_EVERY_MS = 1000
/** Connections refused at the cap are said in the log at most this often, not once each. */
const REPORT_DROPS_EVERY_MS = 60_000

/** The options `http.createServer` takes from the limits. */
export function serverOptions(limits: ServerLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: CHECK_EVERY_MS,
  }
}

/** The cap on open connections, and one line in the log while it turns clients away. */
export function capConnections(
  server: Server,
  limits: ServerLimits,
  {log = console.warn, now = Date.now}: {log?: (line: string) => void; now?: () => number} = {},
) {
  server.maxConnections = limits.maxConnections
  let dropped = 0
  let reportedAt = -Infinity
  server.on('drop', () => {
    dropped++
    if (now() - reportedAt < REPORT_DROPS_EVERY_MS) return
    reportedAt = now()
    log(
      `Refusing connections: ${limits.maxConnections} are open (SERVER_MAX_CONNECTIONS); ` +
        `${dropped} refused since the server started.`,
    )
  })
}

/**
 * A deadline for a request's body: a contact message that has not wholly arrived within `ms` of
 * its headers is answered 408 and its connection closed, so a client sending a byte at a time
 * holds nothing for long. A request whose answer has begun is left to finish.
 */
export function bodyDeadline(request: IncomingMessage, response: ServerResponse, ms: number) {
  if (request.complete) return
  const timer = setTimeout(() => {
    if (request.complete) return
    if (!response.headersSent)
      response
        .writeHead(408, {
          Connection: 'close',
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
        })
        .end('The message took too long to arrive. Please send it again.\n')
    request.socket.destroySoon()
  }, ms)
  timer.unref()
  const clear = () => clearTimeout(timer)
  request.once('end', clear)
  response.once('close', clear)
}

/** Node's own refusals, by its error code; any other malformed request is a 400. */
const CLIENT_ERROR_STATUS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Content Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
}

/**
 * Node answers a request it cannot parse (400), whose headers are too large (431) or too slow
 * (408) itself, before any handler sees it, and without the headers every other answer carries.
 * This answers them as Node would, with those headers (HSTS aside: it depends on a request that
 * was never read). A connection already reset, or an answer already under way, is just closed.
 */
export function answerClientErrors(server: Server) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as {_httpMessage?: {headersSent?: boolean}})._httpMessage?.headersSent
    if (error.code === 'ECONNRESET' || !socket.writable || answering) return void socket.destroy()
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? '400 Bad Request'
    const headers = Object.entries({...SECURITY_HEADERS, 'Cache-Control': 'no-store'})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n${headers}\r\n`)
  })
}
