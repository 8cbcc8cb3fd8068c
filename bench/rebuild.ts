// Prints publish-to-live seconds (signed webhook received → new HTML served), the server's memory
// after the first and the last of many publishes, and full build times for the bundled dataset
// and for one 50 times larger. Run: npm run bench:rebuild
// Options: --runs 3 (builds per dataset) --scale 50 --rebuilds 50
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {parseArgs} from 'node:util'
import {encodeSignatureHeader} from '@sanity/webhook'
import {astroBuild, ROOT} from '../tests/support/astroBuild.ts'
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

const standIn = await startQueryApiStandIn({documents: bundledDocuments()})
const env = {SANITY_PROJECT_ID: 'bench', SANITY_API_HOST: standIn.url}
const scratch = mkdtempSync(join(ROOT, '.scratch-bench-'))

try {
  console.log('Full build (astro build, content from a loopback Query API)\n')
  console.log('dataset              size       median s   runs (s)')
  for (const [label, documents] of [
    ['bundled', bundledDocuments()],
    [`${scale}x larger`, enlarged(scale)],
  ] as const) {
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
    `\nPublish to live (signed webhook received → the new wording served), bundled dataset, ${rebuilds} publishes\n`,
  )
  const times: number[] = []
  const status = async () =>
    (await (
      await fetch(`${server.url}/api/rebuild/status`, {headers: {authorization: `Bearer ${SECRET}`}})
    ).json()) as {
      lastSuccess: {at: string} | null
      lastFailure: {at: string; message: string} | null
      memory: {rss: number; heapUsed: number}
    }
  const heapMb = async () => (await status()).memory.heapUsed / 1024 / 1024
  await fetch(`${server.url}/`)
  const memoryAtStart = residentMb(server.process.pid)
  let memoryAfterFirst = Number.NaN
  const memoryAfterEach: number[] = []
  let heapAfterFirst = Number.NaN
  try {
    for (let run = 0; run < rebuilds; run++) {
      const documents = bundledDocuments()
      const heading = `Scope of This Policy (bench run ${run})`
      publishPolicyChange(documents, 'refundPolicy', (policy) => (policy.sections[0].heading = heading), {
        summary: `Bench run ${run}: the first section has a new heading.`,
      })
      standIn.setDocuments(documents)
      const body = JSON.stringify({_id: 'refundPolicy', _type: 'policy'})
      const started = performance.now()
      const startedAt = new Date().toISOString()
      await fetch(`${server.url}/api/rebuild`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), SECRET),
        },
        body,
      })
      // The receiver's status says when the build went live; the page then shows the new wording.
      // (Polling the page itself would measure the memory of serving thousands of pages instead.)
      for (;;) {
        const {lastSuccess, lastFailure} = await status()
        if (lastFailure && lastFailure.at > startedAt) throw new Error(lastFailure.message)
        if (lastSuccess && lastSuccess.at > startedAt) break
        if (performance.now() - started > 120_000) throw new Error('The new wording never went live')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const html = await (await fetch(`${server.url}/Refund&Cancellation-Policy`)).text()
      if (!html.includes(heading)) throw new Error('The build went live without the new wording')
      times.push(performance.now() - started)
      memoryAfterEach.push(residentMb(server.process.pid))
      if (run === 0) {
        memoryAfterFirst = residentMb(server.process.pid)
        heapAfterFirst = await heapMb()
      }
      if (run === 0 || (run + 1) % 10 === 0)
        console.log(
          `publish ${run + 1}: ${seconds(times.at(-1)!)} s, server memory ${residentMb(server.process.pid).toFixed(1)} MB`,
        )
    }
    const memoryAfterLast = residentMb(server.process.pid)
    const heapAfterLast = await heapMb()
    const sorted = [...times].sort((a, b) => a - b)
    console.log(
      `\nmedian publish-to-live: ${seconds(median(times))} s (fastest ${seconds(sorted[0]!)}, slowest ${seconds(sorted.at(-1)!)})`,
    )
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
