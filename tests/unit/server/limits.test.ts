import {createServer, type Server} from 'node:http'
import {connect} from 'node:net'
import {afterAll, describe, expect, it} from 'vitest'
import {answerClientErrors, bodyDeadline, serverOptions} from '../../../src/server/limits'
import {routedPath} from '../../../src/server/apiRoutes'
import {SECURITY_HEADERS} from '../../../src/server/securityHeaders'

const servers: Server[] = []
afterAll(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A server with the production server's limits wiring: the contact body deadline (1 s) and Node's own refusals. */
async function limitedServer(): Promise<number> {
  const server = createServer(
    serverOptions({
      headersTimeoutMs: 1000,
      requestTimeoutMs: 30_000,
      maxConnections: 10,
      contactBodyTimeoutMs: 1000,
    }),
    (request, response) => {
      if (routedPath(request.url) === '/api/contact') bodyDeadline(request, response, 1000)
      request.resume()
      request.on('end', () => response.end('stored'))
    },
  )
  answerClientErrors(server)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as {port: number}).port
}

/** Writes `text` raw and reads the whole answer until the server closes the connection. */
function exchange(port: number, text: string, {trickle = false} = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
    socket.write(text)
    if (trickle) {
      const drip = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(drip)), 100)
      socket.on('close', () => clearInterval(drip))
    }
  })
}

const headersOf = (answer: string) => answer.split('\r\n\r\n', 1)[0]!

describe("Node's own refusals", () => {
  // Issue 25: these answers carried none of the security headers.
  it.concurrent.for([
    ['400', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'],
    ['431', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ['408', 'GET / HTTP/1.1\r\nHost: x\r\n'],
  ])('answer %s with the security headers', async ([status, request], {expect}) => {
    const answer = headersOf(await exchange(await limitedServer(), request))
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(answer).toContain(`${name}: ${value}`)
  })
})

// Every spelling the build's router reads as /api/contact gets this deadline: those spellings are
// found by asking the router, in tests/built/server/attacks.test.ts.
describe('the contact body deadline', () => {
  it('holds for a body trickling in', async () => {
    const answer = await exchange(
      await limitedServer(),
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{',
      {trickle: true},
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(answer).toContain('The message took too long to arrive')
  })
})
