import type {IncomingMessage, ServerResponse} from 'node:http'
import {join} from 'node:path'
import send from 'send'

/** Astro's hashed assets never change under a name: browsers may keep them for a year. */
const IMMUTABLE = /^\/_astro\//

/**
 * Serves a request from a build's pages (`<build>/client`), the way the node adapter does for a
 * `build.format: 'file'` site: "/about-us" is about-us.html, "&" may arrive as "%26", a trailing
 * slash is dropped with a redirect, and anything else gets the 404 page with status 404.
 */
export function serveStatic(request: IncomingMessage, response: ServerResponse, buildDir: string): void {
  const root = join(buildDir, 'client')
  const [path = '/', query] = (request.url ?? '/').split('?', 2)
  try {
    decodeURIComponent(path)
  } catch {
    response.writeHead(400, {'content-type': 'text/plain; charset=utf-8'}).end('Bad request.')
    return
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    notFound(request, response, root)
    return
  }
  if (path.length > 1 && path.endsWith('/')) {
    const location = path.replace(/\/+$/, '') || '/'
    response.writeHead(301, {location: query === undefined ? location : `${location}?${query}`}).end()
    return
  }
  send(request, path === '/' ? '/index.html' : path, {
    root,
    extensions: ['html'],
    index: false,
    dotfiles: 'deny',
  })
    // A folder ("/policy-versions") is not a page: 404, not send's redirect to "/policy-versions/",
    // which the trailing-slash rule above would send straight back.
    .on('directory', () => notFound(request, response, root))
    .on('headers', (res: ServerResponse) => {
      if (IMMUTABLE.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    })
    .on('error', (error: {status?: number}) => {
      if ((error.status ?? 500) === 404) return notFound(request, response, root)
      response.writeHead(error.status ?? 500).end()
    })
    .pipe(response)
}

/** The build's 404 page, with status 404. */
export function serveNotFound(request: IncomingMessage, response: ServerResponse, buildDir: string): void {
  notFound(request, response, join(buildDir, 'client'))
}

function notFound(request: IncomingMessage, response: ServerResponse, root: string) {
  response.statusCode = 404
  send(request, '/404.html', {root, index: false})
    .on('headers', (res: ServerResponse) => res.setHeader('Cache-Control', 'no-cache'))
    .on('error', () =>
      response.writeHead(404, {'content-type': 'text/plain; charset=utf-8'}).end('Not found.'),
    )
    .pipe(response)
}
