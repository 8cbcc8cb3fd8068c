import {spawn, type ChildProcess} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {ROOT} from './astroBuild.ts'
import {childEnv} from '../../localTrial/childEnv.ts'
import {freePort} from './ports.ts'

export interface RunningServer {
  url: string
  process: ChildProcess
  output: () => string
  stop(): Promise<void>
}

/** Starts a server process and waits until `url` answers, or fails with its output. */
export async function startServer(
  command: string[],
  options: {url: string; cwd: string; env?: Record<string, string>; timeoutMs?: number},
): Promise<RunningServer> {
  const child = spawn(process.execPath, command, {
    cwd: options.cwd,
    env: {
      ...childEnv(),
      // The run's cache of compiled code (vitest.config.ts), when there is one.
      ...(process.env.NODE_COMPILE_CACHE ? {NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE} : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + (options.timeoutMs ?? 30_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited early:\n${output}`)
    try {
      await fetch(options.url, {redirect: 'manual'})
      return {url: options.url, process: child, output: () => output, stop}
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await stop()
  throw new Error(`${command.join(' ')} did not answer at ${options.url}:\n${output}`)
}

/**
 * The production server (`npm start`, src/server/main.ts) serving a given build: static pages,
 * /api routes and the rebuild receiver. `url` has no trailing slash. The server only sees PATH,
 * HOME, the run's clock, Node's compile cache and the given variables.
 */
export async function startSiteServer(
  distDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort()
  const server = await startServer([join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    url: `http://127.0.0.1:${port}/`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_DIST_DIR: distDir,
      SITE_BUILDS_DIR: join(distDir, '../builds'),
      ...env,
    },
  })
  return {...server, url: `http://127.0.0.1:${port}`}
}

/** A production server with its own scratch folder: nothing it writes is shared with another. */
export interface SiteServer extends RunningServer {
  /** Its SQLite file, in a folder that does not exist until the server creates it. */
  dbPath: string
  /** Where its rebuild receiver writes new builds. */
  buildsDir: string
  /** Stops this server and starts another on the same build, files and variables. */
  restart(): Promise<SiteServer>
}

export type StartSite = (env?: Record<string, string>, options?: {distDir?: string}) => Promise<SiteServer>

/**
 * Production servers for one test file (or the global setup). `start` serves `defaultDistDir`
 * (or `distDir`) with the given variables, each server with its own scratch folder under
 * .scratch/ for its SQLite file and builds; `stopAll` stops every server and removes the folders.
 */
export function siteServers(defaultDistDir?: string): {start: StartSite; stopAll(): Promise<void>} {
  const running = new Set<RunningServer>()
  const scratches: string[] = []

  async function launch(distDir: string, env: Record<string, string>, scratch: string): Promise<SiteServer> {
    const dbPath = join(scratch, 'data', 'messages.sqlite')
    const buildsDir = join(scratch, 'builds')
    const server = await startSiteServer(distDir, {
      CONTACT_DB_PATH: dbPath,
      SITE_BUILDS_DIR: buildsDir,
      ...env,
    })
    running.add(server)
    const stop = async () => {
      running.delete(server)
      await server.stop()
    }
    return {
      ...server,
      dbPath,
      buildsDir,
      stop,
      async restart() {
        await stop()
        return launch(distDir, env, scratch)
      },
    }
  }

  return {
    start(env = {}, {distDir = defaultDistDir} = {}) {
      if (!distDir) throw new Error('No build: run the test in the built or browser project or pass distDir.')
      mkdirSync(join(ROOT, '.scratch'), {recursive: true})
      const scratch = mkdtempSync(join(ROOT, '.scratch', 'server-'))
      scratches.push(scratch)
      return launch(distDir, env, scratch)
    },
    async stopAll() {
      await Promise.all([...running].map((server) => server.stop()))
      running.clear()
      for (const scratch of scratches.splice(0)) rmSync(scratch, {recursive: true, force: true})
    },
  }
}
