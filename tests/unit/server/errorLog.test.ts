import {afterEach, describe, expect, it, vi} from 'vitest'
import {REBUILD_ENDPOINTS} from '../../../model/routes'
import {readConfig} from '../../../src/config/index'
import {HEALTH_ENDPOINT} from '../../../src/server/health'
import {serverEndpoints} from '../../../src/server/requestHandler'
import {startUp} from '../../../src/server/startUp'
import {serveInProcess, type InProcessServer} from '../../support/inProcessServer'

// What went wrong reaches the server's `logError`, where its operator (or a test) reads the rest
// of its log, and never only the process's standard error.

describe("the server's errors go to its logError", () => {
  let served: InProcessServer | undefined
  afterEach(async () => {
    await served?.close()
    served = undefined
    vi.restoreAllMocks()
  })

  it('a failed rebuild request or health check is answered 500 and said there, with its reason', async () => {
    const errors: string[] = []
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const endpoints = serverEndpoints({
      publishing: {
        receiveRebuild: () => Promise.reject(new Error('the builds folder is read-only')),
        status: () => {
          throw new Error('not asked')
        },
      },
      health: {handle: () => Promise.reject(new Error('the store hung up'))},
      logError: (line) => errors.push(line),
    })
    served = await serveInProcess((request, response) => endpoints.get(request.url ?? '')!(request, response))

    expect((await fetch(served.url + REBUILD_ENDPOINTS.rebuild, {method: 'POST'})).status).toBe(500)
    expect((await fetch(served.url + HEALTH_ENDPOINT)).status).toBe(500)
    expect(errors).toEqual([
      expect.stringMatching(/^Rebuild request failed: Error: the builds folder is read-only/),
      expect.stringMatching(/^Health check failed: Error: the store hung up/),
    ])
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('deleting old messages at start that fails is said there, beside the start lines in log', async () => {
    const lines: string[] = []
    const errors: string[] = []
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const config = readConfig({})
    const refusal = Promise.reject(new Error('database is locked'))
    startUp('http://localhost:4321', {
      config,
      site: {dir: '/srv/site/dist', contactContent: {customerCareEmail: 'care@medistay.example'} as never},
      preview: {status: config.preview.enabled ? 'on' : config.preview.reason},
      contact: {
        storeDescription: 'the SQLite file data/contact-messages.sqlite',
        deleteExpired: () => refusal,
        flush: async () => {},
      },
      health: {report: () => new Promise(() => {})},
      publishing: {start: () => {}},
      log: (line) => lines.push(line),
      logError: (line) => errors.push(line),
    })
    // The server's handler was attached first, so it has run once this one has.
    await refusal.catch(() => {})

    expect(errors).toEqual(['Deleting old contact messages failed: database is locked'])
    expect(lines[0]).toBe('Serving /srv/site/dist at http://localhost:4321')
    expect(consoleError).not.toHaveBeenCalled()
  })
})
