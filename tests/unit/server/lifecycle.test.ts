import {createServer, get, type Server} from 'node:http'
import {afterEach, describe, expect, it} from 'vitest'
import {CannotListen} from '../../../src/server/errors'
import {listenAt, stopOnce} from '../../../src/server/lifecycle'

const HOST = '127.0.0.1'
const opened: Server[] = []
afterEach(() => {
  for (const server of opened.splice(0)) server.close()
})

/** A server that holds a free port of its own. */
async function holding(server = createServer()): Promise<{server: Server; url: string; port: number}> {
  opened.push(server)
  const url = await listenAt(server, {host: HOST, port: 0})
  return {server, url, port: Number(new URL(url).port)}
}

describe('the server starting', () => {
  it('resolves to the address it listens at', async () => {
    const {url, port} = await holding()
    expect(url).toBe(`http://${HOST}:${port}`)
  })

  it('refuses a port another server holds in words that say which and what to do', async () => {
    const {port} = await holding()
    const second = createServer()
    opened.push(second)
    const refusal = listenAt(second, {host: HOST, port})
    await expect(refusal).rejects.toBeInstanceOf(CannotListen)
    await expect(refusal).rejects.toThrow(
      `Port ${port} on ${HOST} is already in use: stop the other server or set PORT.`,
    )
  })
})

describe('the server stopping', () => {
  /** A request on a connection of its own, closed after its answer, as a visitor's last request. */
  const answerTo = (port: number) =>
    new Promise<string>((resolve, reject) =>
      get({host: HOST, port, agent: false}, (response) => {
        response.setEncoding('utf8')
        let body = ''
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve(body))
      }).on('error', reject),
    )

  it('stops what starts work, answers the request under way, and only then closes what it used; once, however often asked', async () => {
    const steps: string[] = []
    let answer = () => {}
    let requestArrived = () => {}
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve))
    const server = createServer((_request, response) => {
      steps.push('request arrived')
      answer = () => response.end('answered')
      requestArrived()
    })
    const {port} = await holding(server)
    const stop = stopOnce(server, {
      first: () => steps.push('work stopped'),
      last: async () => {
        steps.push('closed')
      },
    })
    const response = answerTo(port)
    await arrived
    const stopped = stop()
    expect(stop()).toBe(stopped)
    expect(steps).toEqual(['request arrived', 'work stopped'])
    answer()
    expect(await response).toBe('answered')
    await stopped
    expect(steps).toEqual(['request arrived', 'work stopped', 'closed'])
  })
})
