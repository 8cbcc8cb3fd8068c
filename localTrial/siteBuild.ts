import {spawn} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {collidedInDotAstro} from '../src/server/rebuilder.ts'
import {childEnv} from './childEnv.ts'

export const ROOT = fileURLToPath(new URL('../', import.meta.url))
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs')

export interface BuildResult {
  code: number | null
  output: string
  /** The built pages (the client half of the output). */
  outDir: string
  /** Removes the build's scratch directory. */
  dispose(): void
}

/**
 * Runs `astro build` as the build hook would, in a scratch output and cache directory so it
 * never touches the site in dist/. The scratch lies inside the project because the built server
 * imports its packages from node_modules. Only the given variables reach it, on top of childEnv's.
 * `root` builds another copy of the site (a fixture with node_modules linked to this one's).
 */
export async function astroBuild(env: Record<string, string> = {}, {root = ROOT} = {}): Promise<BuildResult> {
  const first = await buildOnce(env, root)
  // Test files build in parallel; the production rebuilder builds again the same way.
  if (first.code === 0 || !collidedInDotAstro(first.output)) return first
  first.dispose()
  return buildOnce(env, root)
}

function buildOnce(env: Record<string, string>, root: string): Promise<BuildResult> {
  mkdirSync(join(root, '.scratch'), {recursive: true})
  const scratch = mkdtempSync(join(root, '.scratch', 'build-'))
  const outDir = join(scratch, 'dist')
  const child = spawn(process.execPath, [ASTRO, 'build', '--outDir', outDir], {
    cwd: root,
    env: {
      ...childEnv(process.env.HOME ?? scratch),
      ASTRO_CACHE_DIR: join(scratch, 'cache'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({
        code,
        output,
        outDir: join(outDir, 'client'),
        dispose: () => rmSync(scratch, {recursive: true, force: true}),
      }),
    )
  })
}
