import type {IncomingMessage, ServerResponse} from 'node:http'
import compression from 'compression'
import {CONTACT_ENDPOINT, REBUILD_ENDPOINTS} from '../../model/routes.ts'
import {SITE_STATUS_PATH, type SiteStatus} from '../../model/siteStatus.ts'
import type {ContactRuntime} from '../contact/route.ts'
import {routeApiRequest, routedPath} from './apiRoutes.ts'
import {HEALTH_ENDPOINT, type HealthCheck} from './health.ts'
import {bodyDeadline, refuseUnknownMethod} from './limits.ts'
import type {LiveSite} from './liveSite.ts'
import type {Publishing} from './publishing.ts'
import type {StaffPreview} from './preview.ts'
import {applySecurityHeaders} from './securityHeaders.ts'
import {answerSiteStatus} from './siteStatus.ts'

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void

/** A handler that may fail: the failure goes to `logError`, with its stack, and is answered with 500, once. */
const answering =
  (
    what: string,
    handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
    logError: (line: string) => void,
  ) =>
  (request: IncomingMessage, response: ServerResponse) =>
    void handle(request, response).catch((error: unknown) => {
      logError(`${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      if (!response.headersSent) response.writeHead(500).end()
    })

/**
 * The server's own endpoints, by path: the rebuild receiver, the health check and what is live
 * for Studio. Everything else is a page of the route table (model/routes.ts) or an /api route of
 * the build, which the site answers.
 */
export function serverEndpoints({
  publishing,
  health,
  logError,
}: {
  publishing: Pick<Publishing, 'receiveRebuild'> & {status: () => SiteStatus}
  health: Pick<HealthCheck, 'handle'>
  /** Where a request that failed is said. */
  logError: (line: string) => void
}): ReadonlyMap<string, RequestHandler> {
  const rebuildRoute = answering(
    'Rebuild request',
    (request, response) => publishing.receiveRebuild(request, response),
    logError,
  )
  return new Map<string, RequestHandler>([
    [REBUILD_ENDPOINTS.rebuild, rebuildRoute],
    [REBUILD_ENDPOINTS.status, rebuildRoute],
    [
      HEALTH_ENDPOINT,
      answering('Health check', (request, response) => health.handle(request, response), logError),
    ],
    [SITE_STATUS_PATH, (request, response) => answerSiteStatus(request, response, publishing.status)],
  ])
}

/**
 * Every request's way through the server, in this order: security headers on every answer; a
 * method no route takes refused; an API path made the exact one the build's router reads; the
 * contact form's body given its deadline; the server's own endpoints; staff preview (its entry,
 * exit and draft pages); then the site's pages and API routes, compressed, with the request's own
 * locals.
 */
export function siteRequestHandler({
  trustProxy,
  contactBodyTimeoutMs,
  endpoints,
  preview,
  site,
  contact,
}: {
  /** TRUST_PROXY=1: the reverse proxy's X-Forwarded-Proto says whether the visitor came by TLS. */
  trustProxy: boolean
  contactBodyTimeoutMs: number
  endpoints: ReadonlyMap<string, RequestHandler>
  preview: Pick<StaffPreview, 'route'>
  site: Pick<LiveSite, 'handle' | 'renderPreview'>
  /** What the contact route is handed: the server's one contact service and its settings. */
  contact: ContactRuntime
}): RequestHandler {
  // Pages and stylesheets travel compressed: a visitor abroad may be on a slow, metered connection.
  // The API's answers are a few hundred bytes that Astro sends without a length, which compression
  // would gzip one by one (a tenth of the contact form's CPU, for answers no smaller).
  const compress = compression({
    filter: (request, response) =>
      !(request.url ?? '').startsWith('/api/') && compression.filter(request, response),
  }) as (request: IncomingMessage, response: ServerResponse, next: () => void) => void
  return (request, response) => {
    applySecurityHeaders(request, response, trustProxy)
    if (refuseUnknownMethod(request, response)) return
    // From here on, a request for the API carries its route's exact path, the one the build's
    // router reads: "/api/%63ontact" gets the contact route's limits, "/api/../_image" a 404.
    if (routeApiRequest(request, response)) return
    const path = routedPath(request.url)
    if (path === CONTACT_ENDPOINT && request.method === 'POST')
      bodyDeadline(request, response, contactBodyTimeoutMs)
    const endpoint = endpoints.get(path)
    if (endpoint) return endpoint(request, response)
    const previewed = preview.route(request, response)
    if (previewed === 'answered') return
    // Locals are the request's own: a route that wrote to them could not reach another visitor's.
    const locals: App.Locals = {contact}
    compress(request, response, () =>
      previewed === 'public'
        ? site.handle(request, response, locals)
        : site.renderPreview(request, response, {...locals, preview: previewed}),
    )
  }
}
