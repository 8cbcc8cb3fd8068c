import type {IncomingMessage, ServerResponse} from 'node:http'
import {readFile} from 'node:fs/promises'
import {join, posix} from 'node:path'
import send from 'send'
import {sitePath} from './redirects.ts'

/** Astro's hashed assets never change under a name: browsers may keep them for a year. */
const IMMUTABLE = /^\/_astro\//

/**
 * Serves a request from a build's pages (`<build>/client`), the way the node adapter does for a
 * `build.format: 'file'` site: "/about-us" is about-us.html, "&" may arrive as "%26", a trailing
 * slash is dropped with a redirect, and anything else gets the 404 page with status 404.
 */
export function serveStatic(request: IncomingMessage, response: ServerResponse, buildDir: string): void {
  const root = join(buildDir, 'client')
  const decision = staticAnswerFor(request.method, request.url)
  switch (decision.kind) {
    case 'badRequest':
      response.writeHead(400, {'content-type': 'text/plain; charset=utf-8'}).end('Bad request.')
      return
    case 'notFound':
      notFound(request, response, root)
      return
    case 'redirect':
      response.writeHead(301, {location: decision.location}).end()
      return
  }
  const {path} = decision
  sendPage(request, response, root, path === '/' ? '/index.html' : path, {
    // "/hi" is both a page (hi.html) and the folder of that language's pages (hi/): the page.
    // Any other folder ("/policy-versions") is not a page: 404, not send's redirect to
    // "/policy-versions/", which the trailing-slash rule above would send straight back.
    directory: () =>
      sendPage(request, response, root, `${path}.html`, {directory: () => notFound(request, response, root)}),
  })
}

function sendPage(
  request: IncomingMessage,
  response: ServerResponse,
  root: string,
  path: string,
  {directory}: {directory: () => void},
): void {
  send(request, path, {root, extensions: ['html'], index: false, dotfiles: 'deny'})
    .on('directory', directory)
    .on('headers', (res: ServerResponse) => {
      if (IMMUTABLE.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    })
    .on('error', (error: {status?: number}) => {
      if ((error.status ?? 500) === 404) return notFound(request, response, root)
      response.writeHead(error.status ?? 500).end()
    })
    .pipe(response)
}

export type StaticAnswer =
  | {kind: 'file'; path: string}
  | {kind: 'redirect'; location: string}
  | {kind: 'notFound'}
  | {kind: 'badRequest'}

/**
 * What a request for the pages gets, decided from its method and address alone: the file to
 * send, a redirect, 404 or 400. Every step is linear in the length of the address, so a long one
 * costs no more than reading it.
 */
export function staticAnswerFor(method: string | undefined, url: string | undefined): StaticAnswer {
  const address = url ?? '/'
  const queryAt = address.indexOf('?')
  const path = queryAt === -1 ? address : address.slice(0, queryAt)
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return {kind: 'badRequest'}
  }
  if (method !== 'GET' && method !== 'HEAD') return {kind: 'notFound'}
  if (path.length > 1 && path.endsWith('/')) {
    // "//evil.example/" without its slash would be an address on another site: sitePath refuses
    // it, and the request gets the 404 page instead of a redirect.
    const location = sitePath(
      `${withoutTrailingSlashes(path)}${queryAt === -1 ? '' : address.slice(queryAt)}`,
    )
    return location === undefined ? {kind: 'notFound'} : {kind: 'redirect', location}
  }
  // The 404 page answers for what is not there; asked for by its own name ("/404", as `send`
  // would find the file), it is not there either, or a monitor would take it for a page.
  if (NOT_FOUND_PAGE_NAMES.has(posix.normalize(`/${decoded}`))) return {kind: 'notFound'}
  return {kind: 'file', path}
}

const NOT_FOUND_PAGE_NAMES = new Set(['/404', '/404.html'])

/** "/about-us///" is "/about-us", "///" is "/"; a loop, as a regular expression here took quadratic time. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length
  while (end > 1 && path.charCodeAt(end - 1) === SLASH) end--
  return path.slice(0, end)
}
const SLASH = 0x2f

/** The build's 404 page, with status 404. */
export function serveNotFound(request: IncomingMessage, response: ServerResponse, buildDir: string): void {
  notFound(request, response, join(buildDir, 'client'))
}

/**
 * The 404 page, whole, with status 404, whatever the request asks: never a part of it for a
 * Range header (206), nor a 304 for a validator, which would make a missing page look present.
 */
function notFound(request: IncomingMessage, response: ServerResponse, root: string) {
  readFile(join(root, '404.html')).then(
    (page) => {
      response.writeHead(404, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': page.length,
        'cache-control': 'no-cache',
      })
      response.end(request.method === 'HEAD' ? undefined : page)
    },
    () => response.writeHead(404, {'content-type': 'text/plain; charset=utf-8'}).end('Not found.'),
  )
}
