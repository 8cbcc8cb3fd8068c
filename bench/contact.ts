// Fires concurrent valid contact submissions at the production server and prints throughput,
// latency and stored-versus-accepted counts per concurrency level. Run: npm run bench:contact
// (after npm run build). Options: --levels 1,16,64,128 --requests 2000
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {DatabaseSync} from 'node:sqlite'
import {parseArgs} from 'node:util'
import {ROOT} from '../tests/support/astroBuild.ts'
import {sentFromPage} from '../tests/support/pageSent.ts'
import {startSiteServer} from '../tests/support/processes.ts'

const {values} = parseArgs({
  options: {
    levels: {type: 'string', default: '1,16,64,128,256'},
    requests: {type: 'string', default: '2000'},
  },
})
const levels = values.levels.split(',').map(Number)
const requestsPerLevel = Number(values.requests)
const distDir = join(ROOT, 'dist')
if (!existsSync(join(distDir, 'server/entry.mjs'))) {
  console.error('No build in dist/: run `npm run build` first.')
  process.exit(1)
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-contact-'))
const dbPath = join(scratch, 'messages.sqlite')
const server = await startSiteServer(distDir, {CONTACT_DB_PATH: dbPath, CONTACT_RATE_LIMIT: '1000000'})
const endpoint = `${server.url}/api/contact`
// What the contact page's form sends besides its fields: its Privacy Policy version, language and
// the digest of its boxes' words, without which the server records no consent (409).
const {privacyVersion, ...fromPage} = await sentFromPage(server.url)

const storedCount = () => {
  // The server creates its store on the first message.
  if (!existsSync(dbPath)) return 0
  const db = new DatabaseSync(dbPath, {readOnly: true})
  try {
    return Number((db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get() as {n: number}).n)
  } finally {
    db.close()
  }
}

let sequence = 0
async function submitOne(): Promise<{status: number; ms: number}> {
  const n = ++sequence
  const started = performance.now()
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: server.url},
    body: JSON.stringify({
      name: `Bench visitor ${n}`,
      email: `visitor${n}@example.com`,
      phone: '+44 20 7946 0000',
      subject: 'Knee replacement in Hyderabad',
      message: `Message ${n}: I would like to plan a consultation and a stay near the hospital in March.`,
      // The island sends the ticked consent and age boxes as `true`; without them the endpoint refuses the message.
      consent: true,
      ageConfirmation: true,
      website: '',
      submissionId: crypto.randomUUID(),
      ...fromPage,
      ...(privacyVersion ? {privacyVersion: Number(privacyVersion)} : {}),
    }),
  })
  await response.arrayBuffer()
  return {status: response.status, ms: performance.now() - started}
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

console.log(
  `POST /api/contact on ${server.url}, ${requestsPerLevel} requests per level, SQLite (WAL) store\n`,
)
console.log('concurrency  req/s    p50 ms  p99 ms  accepted  stored  lost  errors')
let allAccepted = 0
try {
  for (const concurrency of levels) {
    const before = storedCount()
    const latencies: number[] = []
    let accepted = 0
    let errors = 0
    let issued = 0
    const started = performance.now()
    await Promise.all(
      Array.from({length: concurrency}, async () => {
        while (issued < requestsPerLevel) {
          issued++
          try {
            const {status, ms} = await submitOne()
            latencies.push(ms)
            if (status === 201) accepted++
            else errors++
          } catch {
            errors++
          }
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const stored = storedCount() - before
    allAccepted += accepted
    latencies.sort((a, b) => a - b)
    console.log(
      [
        String(concurrency).padStart(11),
        (latencies.length / seconds).toFixed(0).padStart(6),
        percentile(latencies, 50).toFixed(1).padStart(9),
        percentile(latencies, 99).toFixed(1).padStart(7),
        String(accepted).padStart(9),
        String(stored).padStart(7),
        String(accepted - stored).padStart(5),
        String(errors).padStart(7),
      ].join(' '),
    )
  }
  console.log(`\nin all: ${allAccepted} accepted, ${storedCount()} stored`)
} finally {
  await server.stop()
  rmSync(scratch, {recursive: true, force: true})
}
