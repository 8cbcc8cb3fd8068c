import type {IncomingMessage, ServerResponse} from 'node:http'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/**
 * The build visitors are served from: its static pages and its /api routes, through the
 * handler Astro's node adapter builds into each build. Swapping replaces one reference, so
 * every request is answered wholly by the old build or wholly by the new one.
 */
export class LiveSite {
  private current: {dir: string; handler: Handler}

  private constructor(dir: string, handler: Handler) {
    this.current = {dir, handler}
  }

  static async open(dir: string): Promise<LiveSite> {
    return new LiveSite(dir, await loadHandler(dir))
  }

  get dir(): string {
    return this.current.dir
  }

  /** Loads the new build's handler first: a build that cannot start never goes live. */
  async swapTo(dir: string): Promise<void> {
    this.current = {dir, handler: await loadHandler(dir)}
  }

  handle(request: IncomingMessage, response: ServerResponse): void {
    this.current.handler(request, response)
  }
}

async function loadHandler(dir: string): Promise<Handler> {
  // The adapter's entry starts its own server unless told not to; ours listens instead.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled'
  const entry = (await import(pathToFileURL(join(dir, 'server/entry.mjs')).href)) as {handler?: Handler}
  if (typeof entry.handler !== 'function') throw new Error(`${dir} has no server handler.`)
  return entry.handler
}
