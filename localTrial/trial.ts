// What `npm run studio:local` and the Studio tests share: the local-trial Studio's build, the site's
// variables for reading the local Content Lake, and the webhook Sanity would send on a publish.
import {execFile} from 'node:child_process'
import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {LOCAL_TRIAL_PROJECT} from '../model/localTrial.ts'
import {ROOT} from './siteBuild.ts'
import type {SanityDocumentLike} from './queryApi.ts'
import type {ContentLake} from './contentLake.ts'

const run = promisify(execFile)

/**
 * Builds the Studio for the local Content Lake (SANITY_STUDIO_LOCAL_TRIAL=1) into `outDir`, or
 * leaves the one there when `reuse` and it is built. Fails with the build's output.
 */
export async function buildLocalStudio(outDir: string, {reuse = false} = {}): Promise<void> {
  if (reuse && existsSync(join(outDir, 'index.html'))) return
  try {
    await run(process.execPath, [join(ROOT, 'node_modules/sanity/bin/sanity'), 'build', outDir, '-y'], {
      cwd: join(ROOT, 'studio'),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        SANITY_STUDIO_LOCAL_TRIAL: '1',
        SANITY_TELEMETRY_DISABLED: '1',
        DO_NOT_TRACK: '1',
        CI: 'true',
      },
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (error) {
    const {stdout = '', stderr = ''} = error as {stdout?: string; stderr?: string}
    throw new Error(`The local-trial Studio did not build:\n${stdout}\n${stderr}`, {cause: error})
  }
}

/** What the Studio's build is made from: its sources, the model it imports, the installed packages. */
function studioSourceHash(): string {
  const hash = createHash('sha256')
  const skip = /(^|\/)(node_modules|dist|\.sanity)(\/|$)/
  for (const dir of ['studio', 'model']) {
    const files = readdirSync(join(ROOT, dir), {recursive: true, encoding: 'utf8'})
      .filter((file) => !skip.test(file) && statSync(join(ROOT, dir, file)).isFile())
      .sort()
    for (const file of files) hash.update(`${dir}/${file}\0`).update(readFileSync(join(ROOT, dir, file)))
  }
  hash.update(readFileSync(join(ROOT, 'package-lock.json')))
  return hash.digest('hex').slice(0, 16)
}

/**
 * The local-trial Studio built from the sources as they are, in .scratch/studio-local/<hash>:
 * built once, and again only when a source or a package changes (an older build is removed).
 */
export async function cachedLocalStudio(): Promise<string> {
  const cache = join(ROOT, '.scratch', 'studio-local')
  const dir = join(cache, studioSourceHash())
  if (existsSync(join(dir, 'index.html'))) return dir
  mkdirSync(cache, {recursive: true})
  const building = `${dir}-${process.pid}`
  await buildLocalStudio(building)
  for (const old of readdirSync(cache))
    if (join(cache, old) !== building) rmSync(join(cache, old), {recursive: true, force: true})
  renameSync(building, dir)
  return dir
}

/**
 * The site's variables for reading the local Content Lake as it would read Sanity's: content,
 * staff preview (drafts, framed by the Studio) and the rebuild webhook's secret.
 */
export function siteEnvForLake(lake: ContentLake, webhookSecret: string): Record<string, string> {
  return {
    SANITY_PROJECT_ID: LOCAL_TRIAL_PROJECT,
    SANITY_API_HOST: lake.apiUrl,
    // This run's token: the site's preview reads drafts with it, and its store writes messages.
    SANITY_API_READ_TOKEN: lake.token,
    SANITY_STUDIO_URL: lake.url,
    SANITY_WEBHOOK_SECRET: webhookSecret,
    // Presentation frames the site through the local Content Lake's HTTPS proxy.
    TRUST_PROXY: '1',
  }
}

/**
 * Sends the site's rebuild receiver the signed webhook Sanity sends when a document is published
 * (its projection is the document's id and type). Resolves to the receiver's answer.
 */
export async function sendPublishWebhook(
  siteUrl: string,
  secret: string,
  document: Pick<SanityDocumentLike, '_id' | '_type'>,
): Promise<{status: number; body: unknown}> {
  const body = JSON.stringify({_id: document._id, _type: document._type})
  const response = await fetch(new URL('/api/rebuild', siteUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), secret),
    },
    body,
  })
  return {status: response.status, body: await response.json().catch(() => null)}
}
