// Prints full build times for the bundled dataset and for one 50 times larger; publish-to-live
// seconds (signed webhook sent → new HTML served) and where they went (the webhook, the queue,
// astro build's start, the content fetch, the rest of the build, the swap); and the server's
// memory after the first and the last of many publishes. Run: npm run bench:rebuild
// Options: --runs 3 (full builds per dataset; 0 skips them) --scale 50 --rebuilds 50
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {parseArgs} from 'node:util'
import {encodeSignatureHeader} from '@sanity/webhook'
import {astroBuild, ROOT} from '../tests/support/astroBuild.ts'
import {PAGE_PATHS} from '../model/routes.ts'
import {POLICY_LIST} from '../model/siteDocuments.ts'
import type {BuildPhases} from '../src/server/rebuilder.ts'
import {bundledDocuments, documentById, publishPolicyChange} from '../tests/support/dataset.ts'
import {startSiteServer} from '../tests/support/processes.ts'
import {startQueryApiStandIn, type SanityDocumentLike} from '../tests/support/queryApiStandIn.ts'

const {values} = parseArgs({
  options: {
    runs: {type: 'string', default: '3'},
    scale: {type: 'string', default: '50'},
    rebuilds: {type: 'string', default: '50'},
  },
})
const rebuilds = Number(values.rebuilds)
const runs = Number(values.runs)
const scale = Number(values.scale)
const SECRET = 'bench-secret'

/** The bundled dataset with every rich-text body repeated `factor` times (same documents, same sections). */
function enlarged(factor: number): SanityDocumentLike[] {
  const documents = bundledDocuments()
  const repeat = (blocks: Array<{_key: string}>) =>
    Array.from({length: factor}, (_, copy) =>
      blocks.map((block) => ({...block, _key: `${block._key}x${copy}`})),
    ).flat()
  // The policies and every recorded version of them: the pages show the versions.
  for (const policy of documents.filter(({_type}) => _type === 'policy' || _type === 'policyVersion')) {
    for (const section of (policy as unknown as {sections: {body: {_key: string}[]}[]}).sections)
      section.body = repeat(section.body)
  }
  const about = documentById(documents, 'aboutPage')
  about.body = repeat(about.body)
  return documents
}

const bytes = (documents: SanityDocumentLike[]) => documents.map((d) => JSON.stringify(d)).join('\n').length
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
const seconds = (ms: number) => (ms / 1000).toFixed(2)
/** Resident memory of a process in MB, from Linux's /proc. */
const residentMb = (pid: number | undefined) => {
  const status = pid ? readFileSync(`/proc/${pid}/status`, 'utf8') : ''
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024
}

const SECRET_HEADER = {authorization: `Bearer ${SECRET}`}

/** GET /api/rebuild/status: when the last build went live or failed, its parts, the server's memory. */
async function rebuildStatus(url: string) {
  return (await (await fetch(`${url}/api/rebuild/status`, {headers: SECRET_HEADER})).json()) as {
    lastSuccess: {at: string} | null
    lastFailure: {at: string; message: string} | null
    lastPhases: BuildPhases | null
    memory: {rss: number; heapUsed: number}
  }
}

interface Change {
  kind: 'About page' | 'policy'
  documents: SanityDocumentLike[]
  /** The document published, as Sanity's webhook names it. */
  published: {_id: string; _type: string}
  /** Where the change shows, and the words that show it there. */
  path: string
  words: string
}

/** A page change: the About page's introduction gets a new last sentence. */
function aboutChange(run: number): Change {
  const documents = bundledDocuments()
  const about = documentById(documents, 'aboutPage')
  const words = `Bench run ${run}.`
  about.intro = `${about.intro} ${words}`
  return {
    kind: 'About page',
    documents,
    published: {_id: 'aboutPage', _type: 'aboutPage'},
    path: PAGE_PATHS.about,
    words,
  }
}

/**
 * A policy change the notice rule allows today: clearer wording of a section heading, in force at
 * once, with that reason, in the first policy with no change announced for a later day (a change
 * cannot apply before one already announced). The model's own publish check decides.
 */
function policyChange(run: number, now: Date): Change {
  const problems: string[] = []
  for (const {id, path} of POLICY_LIST) {
    const documents = bundledDocuments()
    const words = `Scope of This Policy (bench run ${run})`
    try {
      publishPolicyChange(
        documents,
        id,
        (policy) => (policy.sections[0].heading = words),
        {
          summary: `Bench run ${run}: the first section's heading says more clearly what it covers.`,
          shortNoticeReasons: ['clearerWording'],
        },
        now,
      )
      return {kind: 'policy', documents, published: {_id: id, _type: 'policy'}, path, words}
    } catch (error) {
      problems.push(`${id}: ${(error as Error).message}`)
    }
  }
  throw new Error(`No policy can change today:\n${problems.join('\n')}`)
}

interface Timed {
  totalMs: number
  /** From sending the webhook to the receiver's answer. */
  webhookMs: number
  phases: BuildPhases
}
type Publish = Timed & {kind: Change['kind']}

/** Sends the signed webhook, waits until the receiver says the build is live, then reads the page. */
async function publish(url: string, change: Change): Promise<Timed> {
  const body = JSON.stringify(change.published)
  const startedAt = new Date().toISOString()
  const started = performance.now()
  const response = await fetch(`${url}/api/rebuild`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), SECRET),
    },
    body,
  })
  const webhookMs = performance.now() - started
  if (response.status !== 202)
    throw new Error(`The receiver answered ${response.status}: ${await response.text()}`)
  // The receiver's status says when the build went live; the page then shows the new wording.
  // (Polling the page itself would measure the memory of serving thousands of pages instead.)
  for (;;) {
    const {lastSuccess, lastFailure, lastPhases} = await rebuildStatus(url)
    if (lastFailure && lastFailure.at > startedAt) throw new Error(lastFailure.message)
    if (lastSuccess && lastSuccess.at > startedAt) {
      const html = await (await fetch(url + change.path)).text()
      if (!html.includes(change.words))
        throw new Error(`The build went live without the new words on ${change.path}`)
      return {totalMs: performance.now() - started, webhookMs, phases: lastPhases!}
    }
    if (performance.now() - started > 120_000) throw new Error('The new wording never went live')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The median of each part of publish to live, per kind of change. */
function printParts(publishes: Publish[]) {
  const rows: [string, (p: Publish) => number][] = [
    ['webhook answered', (p) => p.webhookMs],
    ['queued behind a build', (p) => p.phases.queuedMs],
    ["astro build's start", (p) => p.phases.startMs],
    ['content fetch', (p) => p.phases.contentMs],
    ['rest of the build', (p) => p.phases.buildMs],
    ['swap', (p) => p.phases.swapMs],
    [
      'status seen, page served',
      (p) => p.totalMs - p.webhookMs - Object.values(p.phases).reduce((sum, ms) => sum + ms, 0),
    ],
    ['publish to live', (p) => p.totalMs],
  ]
  const kinds = [...new Set(publishes.map((p) => p.kind))]
  console.log(`\nmedian seconds per part     ${kinds.map((kind) => kind.padStart(12)).join('')}`)
  for (const [label, pick] of rows)
    console.log(
      `${label.padEnd(28)}${kinds.map((kind) => seconds(median(publishes.filter((p) => p.kind === kind).map(pick))).padStart(12)).join('')}`,
    )
  const all = publishes.map((p) => p.totalMs).sort((a, b) => a - b)
  console.log(
    `\nmedian publish-to-live: ${seconds(median(all))} s (fastest ${seconds(all[0]!)}, slowest ${seconds(all.at(-1)!)})`,
  )
  console.log(
    "Staff see it in Studio at Studio's next ask of /api/site-status (studio/siteStatus/useSiteStatus.ts), on average half its interval later.",
  )
}

const standIn = await startQueryApiStandIn({documents: bundledDocuments()})
const env = {SANITY_PROJECT_ID: 'bench', SANITY_API_HOST: standIn.url}
const scratch = mkdtempSync(join(ROOT, '.scratch-bench-'))

try {
  if (runs > 0) console.log('Full build (astro build, content from a loopback Query API)\n')
  if (runs > 0) console.log('dataset              size       median s   runs (s)')
  for (const [label, documents] of runs > 0
    ? ([
        ['bundled', bundledDocuments()],
        [`${scale}x larger`, enlarged(scale)],
      ] as const)
    : []) {
    standIn.setDocuments(documents)
    const times: number[] = []
    for (let run = 0; run < runs; run++) {
      const started = performance.now()
      const build = await astroBuild(env)
      times.push(performance.now() - started)
      build.dispose()
      if (build.code !== 0) throw new Error(build.output)
    }
    console.log(
      `${label.padEnd(20)} ${`${(bytes(documents) / 1024).toFixed(0)} KB`.padStart(8)} ${seconds(median(times)).padStart(12)}   ${times.map(seconds).join(', ')}`,
    )
  }

  standIn.setDocuments(bundledDocuments())
  const initial = await astroBuild(env)
  const server = await startSiteServer(join(initial.outDir, '..'), {
    ...env,
    SITE_BUILDS_DIR: join(scratch, 'builds'),
    SANITY_WEBHOOK_SECRET: SECRET,
    CONTACT_DB_PATH: join(scratch, 'messages.sqlite'),
  })
  console.log(
    `\nPublish to live (signed webhook sent → the new wording served), bundled dataset, ${rebuilds} publishes,\n` +
      'by turns a change of the About page and a change of a policy (clearer wording, in force today)\n',
  )
  const publishes: Publish[] = []
  const heapMb = async () => (await rebuildStatus(server.url)).memory.heapUsed / 1024 / 1024
  await fetch(`${server.url}/`)
  const memoryAtStart = residentMb(server.process.pid)
  let memoryAfterFirst = Number.NaN
  const memoryAfterEach: number[] = []
  let heapAfterFirst = Number.NaN
  try {
    for (let run = 0; run < rebuilds; run++) {
      // The bench's clock is the process's (faketime moves it): each change is dated by it.
      const change = run % 2 === 0 ? aboutChange(run) : policyChange(run, new Date())
      standIn.setDocuments(change.documents)
      publishes.push({kind: change.kind, ...(await publish(server.url, change))})
      memoryAfterEach.push(residentMb(server.process.pid))
      if (run === 0) {
        memoryAfterFirst = residentMb(server.process.pid)
        heapAfterFirst = await heapMb()
      }
      if (run < 2 || (run + 1) % 10 === 0)
        console.log(
          `publish ${run + 1} (${change.kind}): ${seconds(publishes.at(-1)!.totalMs)} s, server memory ${residentMb(server.process.pid).toFixed(1)} MB`,
        )
    }
    printParts(publishes)
    const memoryAfterLast = residentMb(server.process.pid)
    const heapAfterLast = await heapMb()
    console.log(
      `server memory (resident): ${memoryAtStart.toFixed(1)} MB at start, ${memoryAfterFirst.toFixed(1)} MB after 1 rebuild, ${memoryAfterLast.toFixed(1)} MB after ${rebuilds} (${(memoryAfterLast - memoryAfterFirst).toFixed(1)} MB apart)`,
    )
    console.log(
      `server memory (resident) over the ${rebuilds} publishes: lowest ${Math.min(...memoryAfterEach).toFixed(1)} MB, highest ${Math.max(...memoryAfterEach).toFixed(1)} MB (it falls when V8 returns freed memory)`,
    )
    console.log(
      `server JavaScript heap in use: ${heapAfterFirst.toFixed(1)} MB after 1 rebuild, ${heapAfterLast.toFixed(1)} MB after ${rebuilds}`,
    )
  } finally {
    await server.stop()
    initial.dispose()
  }
} finally {
  await standIn.close()
  rmSync(scratch, {recursive: true, force: true})
}
