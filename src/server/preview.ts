// Staff preview: a member of staff in Studio's Presentation tool sees any page of the site with
// their unpublished drafts, rendered on request by the build's preview route with the same
// components as the static pages. They enter only with a secret Studio made in the Content Lake
// a moment ago (@sanity/preview-url-secret), and get a signed session cookie that lasts an hour.
// Visitors never see a draft: without a session every request is served exactly as before.
import {createHmac, timingSafeEqual} from 'node:crypto'
import type {IncomingMessage, ServerResponse} from 'node:http'
import type {SanityClient} from '@sanity/client'
import {
  apiVersion as SECRET_API_VERSION,
  fetchSecretQuery,
  tag as SECRET_TAG,
  urlSearchParamPreviewPathname,
  urlSearchParamPreviewSecret,
} from '@sanity/preview-url-secret/constants'
import type {PreviewConfig} from '../config/index.ts'
import {OVERLAYS, PREVIEW_MODE, PREVIEW_ROUTE_PREFIX} from '../../model/preview.ts'
import {slidingWindowLimiter, visitorAddressOf} from '../contact/rateLimit.ts'
import {contentLakeSource, type ContentSource} from '../lib/contentSource.ts'
import {sanityClient} from '../lib/sanityClient.ts'
import {cameOverTls, framedOnlyBy} from './securityHeaders.ts'
import {serveOverlays} from './previewOverlays.ts'
import {sitePathOrHome} from './redirects.ts'

/**
 * What the production server hands to a preview page (the route src/pages/preview/[...path].astro)
 * when the request carries a valid preview session: content read from the Content Lake's `drafts`
 * perspective with the server's read token (the token itself stays inside `source`), and where
 * Studio is, for the visual-editing overlays.
 */
export interface PreviewLocals {
  /** Published documents with staff's drafts laid over them. */
  source: ContentSource
  /** The Studio's address (SANITY_STUDIO_URL): overlays open documents there. */
  studioUrl: string
  /** The page's own path as the visitor asked for it, e.g. "/privacy-policy". */
  path: string
  /** Ends the preview session and returns to the published page. */
  exitHref: string
  /** The moment of the request on the server's clock: the policy texts in force are those of then. */
  now: Date
}

const {enable: ENABLE_PATH, disable: DISABLE_PATH} = PREVIEW_MODE
export const SESSION_COOKIE = 'preview-session'
/** The overlays' script and stylesheet, for staff in a session only. */
const OVERLAYS_PREFIX = OVERLAYS.script.slice(0, OVERLAYS.script.lastIndexOf('/') + 1)
/** As long as Studio's own preview secrets last: opening Presentation again starts a new session. */
export const SESSION_TTL_MS = 60 * 60 * 1000

// ---------------------------------------------------------------------------------------------
// The session: "<expiry in ms>.<HMAC-SHA256 of the expiry, base64url>"

const sign = (key: Buffer, expiresAt: number) =>
  createHmac('sha256', key).update(String(expiresAt)).digest('base64url')

/** A session value that ends at `expiresAt` (ms since the epoch). */
export function signSession(key: Buffer, expiresAt: number): string {
  return `${expiresAt}.${sign(key, expiresAt)}`
}

/** Signed with our key and not yet expired; compared in constant time. */
export function isValidSession(value: string | undefined, key: Buffer, now: number): boolean {
  const match = /^(\d{1,16})\.([\w-]{43})$/.exec(value ?? '')
  if (!match) return false
  const expiresAt = Number(match[1])
  const given = Buffer.from(match[2]!, 'base64url')
  const expected = Buffer.from(sign(key, expiresAt), 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected) && now < expiresAt
}

/** Every value a Cookie header gives `name` (a browser may send a partitioned and another). */
export function cookieValues(header: string | undefined, name: string): string[] {
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1))
}

/**
 * The Set-Cookie header of a session (or of its end, with `maxAgeSeconds` 0). Studio frames the
 * site from another site, so over TLS the cookie is SameSite=None, which browsers accept only
 * with Secure, and Partitioned, so it lives in the Studio's frame alone. Over plain http (a
 * Studio on localhost beside the site, the same site) Lax is what browsers allow.
 */
export function sessionCookie(
  value: string,
  {secure, maxAgeSeconds}: {secure: boolean; maxAgeSeconds: number},
) {
  const flags = secure ? 'Secure; SameSite=None; Partitioned' : 'SameSite=Lax'
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; ${flags}`
}

// ---------------------------------------------------------------------------------------------
// Which requests are preview requests

const SITE = 'http://site.invalid'

const NOT_PAGES = /^\/(api|_astro)(\/|$)/
/** A file of another kind than a page: stylesheets, scripts, images, the sitemap, feeds. */
const NOT_A_PAGE_FILE = /\.(?!html$)[^/.]+$/i

/**
 * A page of the site, which a session shows with drafts; never the API, assets or other files,
 * nor a path with a trailing slash, which the static pages redirect to the page first.
 */
export function isPreviewablePage(method: string | undefined, path: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !NOT_PAGES.test(path) &&
    !NOT_A_PAGE_FILE.test(path) &&
    !(path.length > 1 && path.endsWith('/')) &&
    // Written as the router reads it: "/%2e%2e/_image" would leave the preview route for Astro's own.
    URL.canParse(path, SITE) &&
    new URL(path, SITE).pathname === path
  )
}

const isUnderPreviewRoute = (path: string) =>
  path === PREVIEW_ROUTE_PREFIX || path.startsWith(`${PREVIEW_ROUTE_PREFIX}/`)

/** Where the build's preview route answers for a page: "/" is "/preview", "/about-us" "/preview/about-us". */
export function previewRouteUrl(path: string, search: string): string {
  return `${PREVIEW_ROUTE_PREFIX}${path === '/' ? '' : path}${search}`
}

function splitUrl(url: string | undefined): {path: string; search: string} {
  const at = (url ?? '/').indexOf('?')
  return at === -1 ? {path: url ?? '/', search: ''} : {path: url!.slice(0, at), search: url!.slice(at)}
}

// ---------------------------------------------------------------------------------------------
// Answers

function answerInWords(
  response: ServerResponse,
  status: number,
  words: string,
  headers: Record<string, string> = {},
) {
  response
    .writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
      ...headers,
    })
    .end(`${words}\n`)
}

const NO_SESSION =
  'This page is a preview of unpublished changes, for staff only. Open it from the Presentation tool in Sanity Studio.'
const MISSING_SECRET =
  'This preview link has no secret. Open the page from the Presentation tool in Sanity Studio.'
const INVALID_SECRET =
  'This preview link is not valid, or it has expired (Studio makes links that last an hour). ' +
  'Open the page again from the Presentation tool in Sanity Studio.'
const TOO_MANY_ATTEMPTS =
  'Too many attempts to start a preview from your connection. Wait a few minutes, then open the page again from the Presentation tool in Sanity Studio.'
const CONTENT_LAKE_FAILED =
  'The preview could not be started: the Sanity Content Lake did not answer the check of the link. Try again in a moment.'

/**
 * Runs `finish` just before the headers go out, after the route has set its own (the way the
 * `on-headers` package does): the route cannot drop what a preview answer must carry.
 */
function beforeHeadersAreSent(response: ServerResponse, finish: () => void) {
  const writeHead = response.writeHead as (statusCode: number, message?: string) => ServerResponse
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const message = typeof rest[0] === 'string' ? rest[0] : undefined
    const headers = message === undefined ? rest[0] : rest[1]
    if (Array.isArray(headers))
      for (let index = 0; index + 1 < headers.length; index += 2)
        this.appendHeader(String(headers[index]), headers[index + 1] as string)
    else if (headers && typeof headers === 'object')
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) this.setHeader(name, value as string | string[])
    finish()
    return writeHead.call(this, statusCode, message)
  } as ServerResponse['writeHead']
}

/**
 * A secret as @sanity/preview-url-secret 4 makes them: 16 random bytes written as 32 hex digits,
 * then base64url without padding. Anything else is refused before it costs a Content Lake query
 * with the read token; a test makes a secret the way Studio does, so an upgrade that changes the
 * form fails there first.
 */
export function isPreviewSecretShape(secret: string): boolean {
  return (
    /^[A-Za-z0-9_-]{43}$/.test(secret) &&
    /^[0-9a-f]{32}$/.test(Buffer.from(secret, 'base64url').toString('latin1'))
  )
}

/**
 * Whether `secret` is one Studio's Presentation tool wrote within the hour (SECRET_TTL). Not
 * @sanity/preview-url-secret's validatePreviewUrl: it also takes the "share access" secret, a
 * singleton that lasts until someone turns sharing off, so a link shared once would open drafts
 * for ever. Preview is for staff who opened Studio a moment ago, so only those secrets pass.
 */
async function isFreshStudioSecret(client: SanityClient, secret: string): Promise<boolean> {
  const found = await client
    .withConfig({perspective: 'raw', apiVersion: SECRET_API_VERSION, useCdn: false})
    .fetch<{secret?: string} | null>(fetchSecretQuery, {secret}, {tag: SECRET_TAG})
  return found?.secret === secret
}

/** The path Studio asks to open, read as the preview-url-secret package reads it; checked by sitePathOrHome. */
const askedPath = (asked: string | null) => {
  if (!asked) return undefined
  const {pathname, search, hash} = new URL(asked, 'http://localhost')
  return `${pathname}${search}${hash}`
}

/** Attempts to start a preview from one address: Studio makes one per visit, a forger makes many. */
export const PREVIEW_ATTEMPTS = {limit: 30, windowSeconds: 600}

export interface StaffPreviewOptions {
  /** Trust X-Forwarded-Proto and X-Forwarded-For (TRUST_PROXY=1): TLS, and the visitor's address. */
  trustProxy: boolean
  /** The clock sessions are signed and checked with, and preview pages read their content at. */
  now?: () => number
  /** Where a preview that could not start is said (standard error unless said). */
  logError?: (line: string) => void
}

type EnabledPreview = Extract<PreviewConfig, {enabled: true}>

/**
 * The server's side of staff preview, created once where the server starts: the entry from Studio
 * (`/api/preview/enable`), the exit (`/api/preview/disable`), and which requests are preview
 * pages, handed to the build's preview route with the drafts source (the read token stays in it).
 */
export class StaffPreview {
  readonly config: PreviewConfig
  private readonly trustProxy: boolean
  private readonly now: () => number
  private readonly logError: (line: string) => void
  /** With preview on: the client that checks Studio's secrets, and the drafts; both hold the token. */
  private readonly on?: {config: EnabledPreview; client: SanityClient; drafts: ContentSource}

  /** Attempts to start a session, per address: each one that passes costs a Content Lake query. */
  private readonly attempts = slidingWindowLimiter(PREVIEW_ATTEMPTS.limit, PREVIEW_ATTEMPTS.windowSeconds)

  constructor(
    config: PreviewConfig,
    {trustProxy, now = Date.now, logError = console.error}: StaffPreviewOptions,
  ) {
    this.config = config
    this.trustProxy = trustProxy
    this.now = now
    this.logError = logError
    if (config.enabled)
      this.on = {
        config,
        // The staff member waits on this check: one quick retry, not the build's patient ones.
        client: sanityClient(config.target, {maxRetries: 1, timeout: 10_000}),
        // Published documents with staff's drafts laid over them.
        drafts: contentLakeSource(config.target, {perspective: 'drafts'}),
      }
  }

  /** One line for the server's log: on and for which Studio, or off and why. */
  get status(): string {
    const {config} = this
    if (!config.enabled) return config.reason
    const {studioOrigin, target} = config
    return (
      `Preview is on: staff enter from the Studio at ${studioOrigin}, the only site that may frame ` +
      `preview pages (drafts of project ${target.projectId}, dataset "${target.dataset}")`
    )
  }

  /**
   * What the server does with a request: `answered` (the entry, the exit, or a refused preview
   * page), a preview page (its URL now points into the preview route, and its headers say "do
   * not keep, do not index, framed by Studio only"), or `public`, served exactly as without preview.
   */
  route(request: IncomingMessage, response: ServerResponse): 'answered' | 'public' | PreviewLocals {
    const {path, search} = splitUrl(request.url)
    if (path === ENABLE_PATH) {
      this.enable(request, response).catch((error: Error) => {
        this.logError(`Starting a preview failed: ${error.message}`)
        if (!response.headersSent) answerInWords(response, 502, CONTENT_LAKE_FAILED)
      })
      return 'answered'
    }
    if (path === DISABLE_PATH) {
      this.disable(request, response)
      return 'answered'
    }
    const inSession = this.hasSession(request)
    if ((isUnderPreviewRoute(path) || path.startsWith(OVERLAYS_PREFIX)) && !inSession) {
      answerInWords(response, 401, NO_SESSION)
      return 'answered'
    }
    if (this.on && serveOverlays(path, response, this.logError)) return 'answered'
    if (!this.on || !inSession || !isPreviewablePage(request.method, path)) return 'public'

    const {config, drafts} = this.on
    request.url = previewRouteUrl(path, search)
    this.markAsPreview(response, config.studioOrigin)
    return {
      source: drafts,
      studioUrl: config.studioUrl,
      path,
      exitHref: `${DISABLE_PATH}?redirect=${encodeURIComponent(path)}`,
      now: new Date(this.now()),
    }
  }

  private hasSession(request: IncomingMessage): boolean {
    if (!this.on) return false
    const {sessionKey} = this.on.config
    const now = this.now()
    return cookieValues(request.headers.cookie, SESSION_COOKIE).some((value) =>
      isValidSession(value, sessionKey, now),
    )
  }

  /**
   * Presentation's previewMode.enable: checks the secret Studio just wrote to the Content Lake,
   * then starts a session and sends the browser to the page Studio asked for.
   */
  async enable(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!this.on) return answerInWords(response, 404, `${this.status}.`)
    const {config, client} = this.on
    this.allowStudioToFrame(response, config.studioOrigin)
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return answerInWords(response, 405, 'Preview starts with a GET request from Studio.', {
        Allow: 'GET, HEAD',
      })
    const address = visitorAddressOf(
      [request.headers['x-forwarded-for'] ?? []].flat().join(','),
      request.socket.remoteAddress ?? '',
      this.trustProxy,
    )
    const attempt = this.attempts.take(address, this.now())
    if (!attempt.allowed)
      return answerInWords(response, 429, TOO_MANY_ATTEMPTS, {
        'Retry-After': String(attempt.retryAfterSeconds),
      })
    const url = new URL(request.url ?? '/', SITE)
    const secret = url.searchParams.get(urlSearchParamPreviewSecret)
    if (!secret) return answerInWords(response, 401, MISSING_SECRET)
    if (!isPreviewSecretShape(secret)) return answerInWords(response, 401, INVALID_SECRET)
    if (!(await isFreshStudioSecret(client, secret))) return answerInWords(response, 401, INVALID_SECRET)
    const secure = cameOverTls(request, this.trustProxy)
    const session = signSession(config.sessionKey, this.now() + SESSION_TTL_MS)
    response
      .writeHead(307, {
        Location: sitePathOrHome(askedPath(url.searchParams.get(urlSearchParamPreviewPathname))),
        'Set-Cookie': sessionCookie(session, {secure, maxAgeSeconds: SESSION_TTL_MS / 1000}),
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
      })
      .end()
  }

  /** Leaves preview: the session cookie is cleared and the browser goes back to the page. */
  disable(request: IncomingMessage, response: ServerResponse): void {
    if (this.on) this.allowStudioToFrame(response, this.on.config.studioOrigin)
    const redirect = new URL(request.url ?? '/', SITE).searchParams.get('redirect')
    const secure = cameOverTls(request, this.trustProxy)
    response
      .writeHead(303, {
        Location: sitePathOrHome(redirect),
        'Set-Cookie': sessionCookie('', {secure, maxAgeSeconds: 0}),
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
      })
      .end()
  }

  /** Studio shows the entry's answers (a refused link, too) in its frame. */
  private allowStudioToFrame(response: ServerResponse, studioOrigin: string) {
    response.setHeader('Content-Security-Policy', framedOnlyBy(studioOrigin))
    response.removeHeader('X-Frame-Options')
  }

  /**
   * A preview answer is kept by no cache and indexed by no search engine, and only the Studio may
   * frame it. The public pages need no `Vary: Cookie`: no cache keeps a preview answer, so none
   * can serve one to a visitor.
   */
  private markAsPreview(response: ServerResponse, studioOrigin: string) {
    beforeHeadersAreSent(response, () => {
      // The route sends its own policy (its script and style hashes); both are enforced.
      const fromRoute = response.getHeader('Content-Security-Policy')
      const ours = framedOnlyBy(studioOrigin)
      const routes = [fromRoute ?? []].flat().map(String)
      response.setHeader('Content-Security-Policy', [ours, ...routes.filter((policy) => policy !== ours)])
      response.removeHeader('X-Frame-Options')
      response.setHeader('Cache-Control', 'no-store')
      response.setHeader('X-Robots-Tag', 'noindex')
    })
    this.allowStudioToFrame(response, studioOrigin)
  }
}
