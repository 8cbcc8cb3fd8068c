import {afterEach, describe, expect, it, vi} from 'vitest'
import {answerContactPost} from '../../../src/contact/route'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {createContactService, type ContactService} from '../../../src/contact/service'
import {contactContent, memoryStore, ENGLISH_PAGE, sentFrom} from '../../support/memoryStore'
import {islandBody, validFields} from '../../support/contact'

const SITE = 'http://localhost:4321'
const post = (body: string) =>
  new Request(`${SITE}/api/contact`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: SITE},
    body,
  })

describe('the /api/contact route', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('uses the service the production server hands it in locals, and leaves it open for the next visitor', async () => {
    const store = memoryStore()
    const service = createContactService({
      store,
      limiter: slidingWindowLimiter(10, 600),
      content: () => contactContent(),
      log: () => {},
    })
    const contactContentOfBuild = vi.fn(async () => contactContent())
    const response = await answerContactPost({
      request: post(islandBody(validFields(), sentFrom(ENGLISH_PAGE))),
      clientAddress: () => '203.0.113.7',
      locals: {contact: {service, siteUrl: SITE, trustProxy: false}},
      contactContent: contactContentOfBuild,
    })
    expect(response.status).toBe(201)
    expect(store.messages.size).toBe(1)
    expect(store.closed).toBe(false)
    // The build's own content is read only when the server did not equip the request.
    expect(contactContentOfBuild).not.toHaveBeenCalled()
    await service.close()
  })

  it("says a post that failed on our side in the server's error log, where its operator reads the rest", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const errors: string[] = []
    const service: ContactService = {
      ...createContactService({
        store: memoryStore(),
        limiter: slidingWindowLimiter(10, 600),
        content: () => contactContent(),
        log: () => {},
      }),
      submit: () => Promise.reject(new TypeError('a bug of ours')),
    }
    const response = await answerContactPost({
      request: post(islandBody(validFields(), sentFrom(ENGLISH_PAGE))),
      clientAddress: () => '203.0.113.7',
      locals: {contact: {service, siteUrl: SITE, trustProxy: false, logError: (line) => errors.push(line)}},
      contactContent: async () => contactContent(),
    })
    expect(response.status).toBe(500)
    expect(errors).toEqual([expect.stringMatching(/^Contact form request failed: TypeError: a bug of ours/)])
    expect(consoleError).not.toHaveBeenCalled()
    await service.close()
  })

  // Issue 37: a post reset after a few bytes has no address any more, and Astro throws for it.
  it('answers a post whose connection closed before its address could be read without an error, and tells the service', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const lines: string[] = []
    const service = createContactService({
      store: memoryStore(),
      limiter: slidingWindowLimiter(10, 600),
      content: () => contactContent(),
      log: (line) => lines.push(line),
    })
    const response = await answerContactPost({
      request: post(islandBody(validFields(), sentFrom(ENGLISH_PAGE))),
      clientAddress: () => {
        throw new Error('`Astro.clientAddress` is not available in the `@astrojs/node` adapter.')
      },
      locals: {contact: {service, siteUrl: SITE, trustProxy: false}},
      contactContent: async () => contactContent(),
    })
    expect(response.status).toBe(400)
    expect(logged).not.toHaveBeenCalled()
    expect(lines).toEqual([expect.stringMatching(/^A contact post was abandoned by the sender/)])
    await service.close()
  })

  it('without a server to equip it (a function host), answers 503 in words when its service cannot be set up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await answerContactPost({
      request: post(islandBody(validFields())),
      clientAddress: () => '203.0.113.7',
      locals: {},
      contactContent: async () => {
        throw new Error('the build has no Company facts')
      },
    })
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      ok: false,
      error: 'unavailable',
      message: 'Your message could not be stored; please try again.',
    })
  })
})
