import type {IncomingMessage, ServerResponse} from 'node:http'
import {CONTACT_ENDPOINT, REBUILD_ENDPOINTS} from '../../model/routes.ts'
import {PREVIEW_MODE} from '../../model/preview.ts'
import {SITE_STATUS_PATH} from '../../model/siteStatus.ts'
import {CONTACT_SENT_PATH} from '../contact/sentPage.ts'
import {HEALTH_ENDPOINT} from './health.ts'

/**
 * Every address under /api that answers: the build's on-demand routes (src/pages/api/) and the
 * server's own endpoints. Any other path under /api is 404 here, before the build's router sees
 * it, so Astro's own routes (`/_image`, reached as "/api/../_image") never answer a visitor.
 */
export const API_ROUTES: ReadonlySet<string> = new Set([
  CONTACT_ENDPOINT,
  CONTACT_SENT_PATH,
  REBUILD_ENDPOINTS.rebuild,
  REBUILD_ENDPOINTS.status,
  HEALTH_ENDPOINT,
  SITE_STATUS_PATH,
  PREVIEW_MODE.enable,
  PREVIEW_MODE.disable,
])

/** As many rounds of decoding as Astro's router takes before it gives up on a path. */
const MAX_DECODE_ROUNDS = 10

/**
 * The path the build's router matches a request on, read as Astro 7 reads it
 * (astro/dist/core/routing/match-request.js and router.js): the request's URL as WHATWG URL
 * resolves it (dot segments, "%2e" and "\" among them), leading slashes collapsed, then decoded
 * with decodeURI until nothing changes ("/api/%2563ontact" is "/api/contact"), and with
 * `build.format: 'file'`, a trailing ".html" or "/index.html" dropped. The server chooses limits
 * and routes on this path: a spelling the router reads as a route gets that route's limits.
 */
export function routedPath(url: string | undefined, host = 'localhost'): string {
  const raw = url ?? ''
  // As Astro's node adapter builds the request's URL, falling back to the host alone.
  const parsed = URL.canParse(`http://${host}${raw}`)
    ? new URL(`http://${host}${raw}`)
    : URL.canParse(`http://${host}`)
      ? new URL(`http://${host}`)
      : new URL('http://localhost')
  const decoded = decodeFully(parsed.pathname.replace(/^\/{2,}/, '/'))
  if (decoded.endsWith('/index.html')) return decoded.slice(0, -'/index.html'.length) || '/'
  if (decoded.endsWith('.html')) return decoded.slice(0, -'.html'.length) || '/'
  return decoded
}

/** decodeURI until the path stops changing; past the rounds Astro allows, or on a bad escape, as Astro falls back. */
function decodeFully(path: string): string {
  let current = path
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    let next: string
    try {
      next = decodeURI(current)
    } catch {
      if (round === 0) return path
      return current
    }
    if (next === current) return current
    current = next
  }
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

/**
 * Puts a request for the API on the one path every later step reads: our endpoints, the limits,
 * preview and the build's router. A request the router would read under /api, or written under
 * /api, gets its route's exact path (its query kept), or 404 when no route of API_ROUTES is there.
 * Says whether it answered.
 */
export function routeApiRequest(request: IncomingMessage, response: ServerResponse): boolean {
  const raw = request.url ?? '/'
  const path = routedPath(raw, typeof request.headers.host === 'string' ? request.headers.host : undefined)
  if (!raw.startsWith('/api/') && !path.startsWith('/api/')) return false
  if (!API_ROUTES.has(path)) {
    response
      .writeHead(404, {'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store'})
      .end(JSON.stringify({ok: false, error: 'notFound', message: 'There is nothing at this address.'}))
    return true
  }
  const queryAt = raw.indexOf('?')
  request.url = queryAt === -1 ? path : `${path}${raw.slice(queryAt)}`
  return false
}
