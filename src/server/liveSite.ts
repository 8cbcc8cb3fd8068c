import {existsSync} from 'node:fs'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {ContactContent} from '../contact/buildContent.ts'
import {readBuildData, type BuildData, type LiveContent, type PolicySchedule} from './buildData.ts'
import {serveNotFound, serveStatic} from './staticFiles.ts'

/** The node adapter's handler in middleware mode: server routes, or `next` when none matches. */
type RouteHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
  locals: App.Locals,
) => Promise<void>

interface Build extends BuildData {
  dir: string
}

/**
 * The build visitors are served from. Pages come from the live build's files, each page wholly
 * from one build; the /api routes run on the server code loaded once at start, with what they
 * need from the live build's content (its build data) and from the server (locals). A rebuild
 * swaps one reference, and no build's code is loaded twice: the process's memory does not grow
 * with each publish.
 */
export class LiveSite {
  private current: Build
  private readonly routes: RouteHandler
  /** The build whose server code is running; its files must stay while the process lives. */
  readonly codeDir: string

  private constructor(routes: RouteHandler, codeDir: string, live: Build) {
    this.routes = routes
    this.codeDir = codeDir
    this.current = live
  }

  static async open(dir: string): Promise<LiveSite> {
    const build = await readBuild(dir)
    return new LiveSite(await loadRoutes(dir), dir, build)
  }

  get dir(): string {
    return this.current.dir
  }

  /** What the contact service takes from the live build's content. */
  get contactContent(): ContactContent {
    return this.current.contact
  }

  /** When the live build's policy text stops being the one in force. */
  get policySchedule(): PolicySchedule {
    return this.current.policySchedule
  }

  /** What the live build was made from: each document's revision. */
  get liveContent(): LiveContent {
    return this.current.liveContent
  }

  /** Reads the new build first: a build that is incomplete never goes live. */
  async swapTo(dir: string): Promise<void> {
    this.current = await readBuild(dir)
  }

  handle(request: IncomingMessage, response: ServerResponse, locals: App.Locals): void {
    const build = this.current
    const staticFiles = () => serveStatic(request, response, build.dir)
    if ((request.url ?? '').startsWith('/api/')) void this.routes(request, response, staticFiles, locals)
    else staticFiles()
  }

  /**
   * A staff preview page (src/server/preview.ts): its URL already points into the preview route,
   * which renders it on request with the drafts in `locals.preview`.
   */
  renderPreview(request: IncomingMessage, response: ServerResponse, locals: App.Locals): void {
    const build = this.current
    void this.routes(request, response, () => serveNotFound(request, response, build.dir), locals)
  }
}

async function readBuild(dir: string): Promise<Build> {
  if (!existsSync(join(dir, 'client/index.html'))) throw new Error(`${dir} has no home page.`)
  return {dir, ...(await readBuildData(dir))}
}

async function loadRoutes(dir: string): Promise<RouteHandler> {
  const entry = (await import(pathToFileURL(join(dir, 'server/entry.mjs')).href)) as {handler?: RouteHandler}
  if (typeof entry.handler !== 'function') throw new Error(`${dir} has no server handler.`)
  return entry.handler
}
