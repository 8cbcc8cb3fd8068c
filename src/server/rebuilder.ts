import {spawn, type ChildProcess} from 'node:child_process'
import {existsSync, lstatSync, readdirSync, realpathSync, statSync, symlinkSync} from 'node:fs'
import {mkdtemp, readdir, rename, rm, symlink} from 'node:fs/promises'
import {basename, isAbsolute, join, relative} from 'node:path'
import {makeFolders} from '../lib/folders.ts'

export interface BuildRecord {
  at: string
  durationMs: number
  trigger: string
}

/**
 * Where a publish's time went, in ms, from the webhook's arrival to the new build served: what an
 * operator reads to see which part to cut (`npm run bench:rebuild` prints them).
 */
export interface BuildPhases {
  /** Waiting for the build before it to finish (a publish during a build is folded into the next). */
  queuedMs: number
  /** From starting `astro build` to its first word: Node and Astro loading, the config read. */
  startMs: number
  /** Reading the content: from Astro's "Syncing content" to "Synced content". */
  contentMs: number
  /** The rest of the build: bundling and writing every page. */
  buildMs: number
  /** Making the new build the one served. */
  swapMs: number
}

export interface RebuildStatus {
  building: boolean
  /** When the build under way started (ISO), or null. */
  buildingSince: string | null
  followUpQueued: boolean
  liveBuild: string
  builds: number
  lastSuccess: (BuildRecord & {build: string}) | null
  /** Where the time of the last successful build went. */
  lastPhases: BuildPhases | null
  lastFailure: (BuildRecord & {message: string}) | null
}

export interface RebuilderOptions {
  root: string
  buildsDir: string
  /** The build visitors see now (a folder with client/ and server/). */
  liveBuild: string
  /** Builds never removed, such as the one whose server code is running. */
  keep?: string[]
  /** Makes a finished build live; rejecting keeps the old one. */
  goLive: (buildDir: string) => Promise<void>
  env: NodeJS.ProcessEnv
  timeoutMs?: number
  /**
   * The clock the status's times are read from (when a build started, succeeded or failed): the
   * server's, the one the record of what is live uses. Durations are measured, not read from it.
   */
  now?: () => number
  log?: (line: string) => void
}

const CURRENT = 'current'

/**
 * Rebuilds the site when content is published. One build at a time: requests that arrive during
 * a build are folded into exactly one follow-up build. A new build is written beside the live
 * one and made live in one step; a failed build leaves the live site as it was and is recorded.
 */
export class Rebuilder {
  private building = false
  /** The builds in progress, with their follow-ups; settles when the last of them has. */
  private running: Promise<void> = Promise.resolve()
  private stopped = false
  private child: ChildProcess | undefined
  private followUp: string | undefined
  /** When the earliest request the next build answers arrived (performance.now()). */
  private requestedAt: number | undefined
  private readonly options: Required<RebuilderOptions>
  private liveBuild: string
  private builds = 0
  private buildStarted: number | undefined
  private lastSuccess: RebuildStatus['lastSuccess'] = null
  private lastFailure: RebuildStatus['lastFailure'] = null
  private lastPhases: BuildPhases | null = null

  constructor(options: RebuilderOptions) {
    this.options = {timeoutMs: 10 * 60_000, log: console.log, keep: [], now: Date.now, ...options}
    this.liveBuild = options.liveBuild
  }

  getStatus(): RebuildStatus {
    return {
      building: this.building,
      buildingSince:
        this.building && this.buildStarted !== undefined ? new Date(this.buildStarted).toISOString() : null,
      followUpQueued: this.followUp !== undefined,
      liveBuild: this.liveBuild,
      builds: this.builds,
      lastSuccess: this.lastSuccess,
      lastFailure: this.lastFailure,
      lastPhases: this.lastPhases,
    }
  }

  /** Asks for a build; says whether it started now or was folded into the next one. */
  request(trigger: string): 'started' | 'queued' {
    this.requestedAt ??= performance.now()
    if (this.building) {
      this.followUp = trigger
      return 'queued'
    }
    this.building = true
    this.running = this.run(trigger)
    return 'started'
  }

  /**
   * Resolves once no build is running or queued: a build requested before this call has by
   * then gone live or failed (never rejects; getStatus says which).
   */
  settled(): Promise<void> {
    return this.running.then(
      () => undefined,
      () => undefined,
    )
  }

  private async run(trigger: string) {
    let next: string | undefined = trigger
    try {
      while (next !== undefined) {
        const current = next
        this.followUp = undefined
        await this.buildOnce(current)
        next = this.followUp
      }
    } finally {
      this.building = false
    }
  }

  private async buildOnce(trigger: string) {
    const {buildsDir, log, now} = this.options
    const queuedMs = performance.now() - (this.requestedAt ?? performance.now())
    this.requestedAt = undefined
    const started = now()
    const measuredFrom = performance.now()
    const tookMs = () => Math.round(performance.now() - measuredFrom)
    this.buildStarted = started
    this.builds++
    log(`Rebuilding the site (${trigger}) in ${buildsDir}`)
    let outDir: string | undefined
    let phases: BuildPhases
    try {
      makeFolders(buildsDir)
      // Named by its time for whoever lists the folder, and made unique: a clock a test holds
      // still, or one set back, must never give a build the folder of another.
      outDir = await mkdtemp(
        join(buildsDir, `build-${new Date(started).toISOString().replace(/[:.]/g, '-')}-`),
      )
      linkPackages(buildsDir, this.options.root)
      const into = outDir
      const build = await this.astroBuild(into).catch((error: Error) => {
        if (!(error instanceof DotAstroCollision)) throw error
        log('Another build in this folder wrote the same file at the same moment; building again.')
        return this.astroBuild(into)
      })
      if (!existsSync(join(outDir, 'client/index.html')) || !existsSync(join(outDir, 'server/entry.mjs'))) {
        throw new Error('The build finished without the home page or the server entry.')
      }
      const swapStarted = performance.now()
      await this.options.goLive(outDir)
      phases = {queuedMs, ...build, swapMs: performance.now() - swapStarted}
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      this.lastFailure = {at: new Date(now()).toISOString(), durationMs: tookMs(), trigger, message}
      log(`The rebuild failed; the live site is unchanged. ${message}`)
      if (outDir) await rm(outDir, {recursive: true, force: true})
      return
    }
    // From here on the new build is what visitors get: nothing below may remove it.
    const previous = this.liveBuild
    this.liveBuild = outDir
    this.lastSuccess = {at: new Date(now()).toISOString(), durationMs: tookMs(), trigger, build: outDir}
    this.lastPhases = phases
    log(`The new build is live (${this.lastSuccess.durationMs} ms)`)
    await this.pointCurrentAt(basename(outDir)).catch((error: Error) =>
      log(`The new build is live, but a restart would serve an older one: ${error.message}`),
    )
    await this.removeOldBuilds([outDir, previous, ...this.options.keep]).catch((error: Error) =>
      log(`Old builds could not be removed: ${error.message}`),
    )
  }

  /** Runs `astro build` into `outDir`; resolves with how long its parts took. */
  private astroBuild(outDir: string): Promise<Omit<BuildPhases, 'queuedMs' | 'swapMs'>> {
    const {root, buildsDir, env, timeoutMs} = this.options
    if (this.stopped) return Promise.reject(new Error('The server is stopping.'))
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      {
        cwd: root,
        env: {...env, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_CACHE_DIR: join(buildsDir, 'cache')},
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    this.child = child
    let output = ''
    const spawned = performance.now()
    // When Astro first spoke, began reading the content, and had read it.
    const marks: {first?: number; syncing?: number; synced?: number} = {}
    child.stdout.on('data', (chunk) => {
      output += chunk
      const now = performance.now()
      marks.first ??= now
      if (marks.syncing === undefined && output.includes('Syncing content')) marks.syncing = now
      if (marks.synced === undefined && output.includes('Synced content')) marks.synced = now
    })
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    return new Promise((resolve, reject) => {
      child.on('error', reject)
      child.on('close', (code, signal) => {
        clearTimeout(timer)
        this.child = undefined
        if (code === 0) {
          const ended = performance.now()
          const first = marks.first ?? spawned
          const syncing = marks.syncing ?? first
          const synced = marks.synced ?? syncing
          return resolve({
            startMs: first - spawned,
            contentMs: synced - syncing,
            buildMs: ended - first - (synced - syncing),
          })
        }
        if (collidedInDotAstro(output)) return reject(new DotAstroCollision(buildFailure(output)))
        reject(
          new Error(
            signal
              ? this.stopped
                ? 'The server stopped during the build.'
                : `The build was stopped after ${timeoutMs / 1000} s.`
              : buildFailure(output),
          ),
        )
      })
    })
  }

  /** `current` names the live build for the next start of the server; renaming a link is atomic. */
  private async pointCurrentAt(name: string) {
    const link = join(this.options.buildsDir, CURRENT)
    const temporary = `${link}.${process.pid}.tmp`
    await rm(temporary, {force: true})
    await symlink(name, temporary)
    await rename(temporary, link)
  }

  private async removeOldBuilds(keep: string[]) {
    const {buildsDir} = this.options
    // Compared as real paths: the folder may be reached through a symbolic link.
    const real = (path: string) => (existsSync(path) ? realpathSync(path) : path)
    const kept = new Set(keep.map(real))
    for (const entry of await readdir(buildsDir)) {
      const path = join(buildsDir, entry)
      if (entry.startsWith('build-') && !kept.has(real(path))) await rm(path, {recursive: true, force: true})
    }
  }

  /** Stops a build in progress (when the server stops): no build outlives the server. */
  stop(): void {
    this.stopped = true
    this.child?.kill('SIGTERM')
  }
}

/** The lines of Astro's output that say what went wrong, without colour codes or stack frames. */
export function buildFailure(output: string): string {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n')
  const start = lines.findIndex((line) =>
    /error|could not|no published document|^(Launch|Notice) check:/i.test(line),
  )
  const relevant = (start === -1 ? lines.slice(-12) : lines.slice(start))
    .filter(
      (line) =>
        line.trim() &&
        !/^\s+at /.test(line) &&
        !/^\s*(Location|Stack trace|Hint|Error reference):/.test(line),
    )
    .slice(0, 12)
  return relevant.join('\n').trim() || 'The build failed without saying why.'
}

/**
 * The build to serve when the server starts: the newer of the last one the receiver put live
 * (`<buildsDir>/current`) and the one `npm run build` made, so a deploy of new code is not
 * hidden behind an older content rebuild.
 */
export function newestBuild(buildsDir: string, distDir: string): string {
  const candidates = [join(buildsDir, CURRENT), distDir]
    .filter((dir) => existsSync(join(dir, 'server/entry.mjs')))
    .map((dir) => ({dir: realpathSync(dir), builtAt: statSync(join(dir, 'server/entry.mjs')).mtimeMs}))
    .sort((a, b) => b.builtAt - a.builtAt)
  return candidates[0]?.dir ?? distDir
}

/**
 * The builds on disk besides the live one, oldest first: those the receiver made in `buildsDir`
 * (it keeps the one before the live one) and the one `npm run build` made. A message may come from
 * a page one of them served before a restart.
 */
export function otherBuilds(buildsDir: string, distDir: string, liveBuild: string): string[] {
  const live = existsSync(liveBuild) ? realpathSync(liveBuild) : liveBuild
  const made = existsSync(buildsDir)
    ? readdirSync(buildsDir)
        .filter((entry) => entry.startsWith('build-'))
        .map((entry) => join(buildsDir, entry))
    : []
  return [...made, distDir]
    .filter((dir) => existsSync(join(dir, 'server/entry.mjs')) && realpathSync(dir) !== live)
    .map((dir) => ({dir, builtAt: statSync(join(dir, 'server/entry.mjs')).mtimeMs}))
    .sort((a, b) => a.builtAt - b.builtAt)
    .map(({dir}) => dir)
}

/** A build that failed only because another wrote Astro's shared files at the same moment. */
class DotAstroCollision extends Error {}

/**
 * Whether a build failed only because another build in the same project wrote Astro's shared
 * `.astro/content-*.mjs` at the same moment: each writes a temporary file of the same name and
 * renames it, so one rename finds the file gone, or reads the file while the other writes it and
 * finds it cut short (a parse error in it). The cache directory is per build; this folder is not,
 * whatever the configuration. Built again, it succeeds.
 */
export const collidedInDotAstro = (output: string) => {
  // eslint-disable-next-line no-control-regex -- colours are stripped before reading the words
  const words = output.replace(/\u001b\[[0-9;]*m/g, '')
  return (
    /ENOENT: no such file or directory, rename '[^']*\.astro[/\\]content-[a-z]+\.mjs\.tmp'/.test(words) ||
    /\[PARSE_ERROR\][\s\S]*?Location:\s*\S*\.astro[/\\]content-[a-z]+\.mjs:\d+/.test(words)
  )
}

/**
 * Makes the project's packages reachable from builds in `buildsDir`. A build's server code imports
 * them by name ("@oslojs/encoding"), and Node looks for them in the node_modules folders above the
 * file: from a SITE_BUILDS_DIR outside the project there are none, and every rebuild failed. So
 * such a folder gets a `node_modules` link to the project's, made once and kept: Astro's build
 * renders the pages with that code, and the server loads it when it starts on such a build.
 * A folder inside the project needs nothing; a node_modules of another kind already there is
 * left alone and said in the error, not replaced.
 */
export function linkPackages(buildsDir: string, root: string): void {
  const path = relative(root, buildsDir)
  if (path === '' || (!path.startsWith('..') && !isAbsolute(path))) return
  const link = join(buildsDir, 'node_modules')
  const target = join(root, 'node_modules')
  if (existsSync(link) || isLink(link)) {
    if (existsSync(link) && realpathSync(link) === realpathSync(target)) return
    throw new Error(
      `${link} is not a link to ${target}: builds in SITE_BUILDS_DIR cannot load the site's packages. Remove it, or set SITE_BUILDS_DIR to a folder without one.`,
    )
  }
  symlinkSync(target, link, 'dir')
}

const isLink = (path: string) => {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}
