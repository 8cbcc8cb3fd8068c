// Slow clients against the production server: thousands of connections that send a contact
// message's headers and then one byte every two seconds, the attack that once held 4,000
// connections and 300 MB of memory for minutes. Prints the server's memory, how many connections
// it held and refused, and how fast a page answered meanwhile, first with Node's own limits and
// then with ours. Run: npm run build && npm run bench:slow-clients
// Options: --connections 4000 --seconds 20 --limits ours,node (either or both, in that order)
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {connect, type Socket} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {parseArgs} from 'node:util'
import {ROOT} from '../tests/support/astroBuild.ts'
import {startSiteServer} from '../tests/support/processes.ts'

const {values} = parseArgs({
  options: {
    connections: {type: 'string', default: '4000'},
    seconds: {type: 'string', default: '20'},
    limits: {type: 'string', default: 'node,ours'},
  },
})
const connections = Number(values.connections)
const seconds = Number(values.seconds)
const distDir = join(ROOT, 'dist')
if (!existsSync(join(distDir, 'server/entry.mjs'))) {
  console.error('No build in dist/: run `npm run build` first.')
  process.exit(1)
}

const SECRET = 'bench-slow-clients'
/** Node's own defaults, as the server ran before it set its limits (no cap, 300 s a request). */
const LIMITS: Record<string, Record<string, string>> = {
  node: {
    SERVER_HEADERS_TIMEOUT_SECONDS: '60',
    SERVER_REQUEST_TIMEOUT_SECONDS: '300',
    SERVER_MAX_CONNECTIONS: '1000000',
    CONTACT_BODY_TIMEOUT_SECONDS: '3600',
  },
  ours: {},
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

async function run(name: string) {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-slow-'))
  const server = await startSiteServer(distDir, {
    CONTACT_DB_PATH: join(scratch, 'messages.sqlite'),
    SANITY_WEBHOOK_SECRET: SECRET,
    ...LIMITS[name],
  })
  const {port} = new URL(server.url)
  const memory = async () => {
    const status = await fetch(`${server.url}/api/rebuild/status`, {
      headers: {authorization: `Bearer ${SECRET}`},
    })
    return ((await status.json()) as {memory: {rss: number}}).memory.rss / 2 ** 20
  }
  const pageMs = async () => {
    const started = performance.now()
    await (await fetch(`${server.url}/about-us`)).arrayBuffer()
    return performance.now() - started
  }
  try {
    const before = await memory()
    const sockets: Socket[] = []
    let open = 0
    let closedByServer = 0
    let stopping = false
    for (let index = 0; index < connections; index++) {
      const socket = connect(Number(port), '127.0.0.1', () => {
        open++
        socket.write(
          `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
        )
      })
      socket.on('close', () => {
        if (!stopping) closedByServer++
      })
      socket.on('error', () => undefined)
      sockets.push(socket)
    }
    const drip = setInterval(() => {
      for (const socket of sockets) if (socket.writable) socket.write(' ')
    }, 2000)
    let peak = before
    const latencies: number[] = []
    const held: number[] = []
    const deadline = Date.now() + seconds * 1000
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      peak = Math.max(peak, await memory())
      latencies.push(await pageMs())
      held.push(sockets.filter((socket) => socket.writable).length)
    }
    clearInterval(drip)
    stopping = true
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const after = await memory()
    console.log(
      [
        name.padEnd(6),
        String(connections).padStart(11),
        String(open).padStart(9),
        String(median(held)).padStart(12),
        String(closedByServer).padStart(9),
        before.toFixed(0).padStart(10),
        peak.toFixed(0).padStart(8),
        after.toFixed(0).padStart(9),
        median(latencies).toFixed(1).padStart(11),
        Math.max(...latencies)
          .toFixed(1)
          .padStart(10),
      ].join(' '),
    )
  } finally {
    await server.stop()
    rmSync(scratch, {recursive: true, force: true})
  }
}

console.log(
  `${connections} connections send a contact message's headers, then a byte every 2 s, for ${seconds} s\n`,
)
console.log(
  'limits connections connected held (median)    closed  MB before  MB peak  MB after  page p50 ms  page max ms',
)
for (const name of values.limits.split(',')) await run(name)
