// Property-based fuzzing of the contact endpoint (POST /api/contact, src/contact/http.ts) over the
// contact service with an in-memory store: generated bodies of every shape a client could send,
// as JSON and as form posts, and valid messages sent again and again.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {handleContactPost} from '../../../src/contact/http'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {CONTACT_FIELDS} from '../../../src/contact/schema'
import {createContactService} from '../../../src/contact/service'
import {contactContent, memoryStore, ENGLISH_PAGE, sentFrom} from '../../support/memoryStore'

const ORIGIN = 'http://127.0.0.1:4321'

function endpoint() {
  const store = memoryStore()
  const service = createContactService({
    store,
    limiter: slidingWindowLimiter(1_000_000, 600),
    content: () => contactContent(),
    log: () => {},
  })
  const post = (body: string, contentType: string, origin: string | undefined = ORIGIN) =>
    handleContactPost(
      new Request(`${ORIGIN}/api/contact`, {
        method: 'POST',
        headers: {'content-type': contentType, ...(origin === undefined ? {} : {origin})},
        body,
      }),
      {
        service,
        clientAddress: '203.0.113.7',
        siteUrl: ORIGIN,
        contactPath: '/contact-us',
      },
    )
  return {store, post}
}

/** A value of a field as a client may send it: text of any kind, or not text at all. */
const fieldValue = fc.oneof(
  fc.string({unit: 'binary', maxLength: 400}),
  fc.string({unit: 'grapheme', maxLength: 40}),
  fc.constantFrom('', ' ', '\u202e', '\u0000', 'a@b.c', '+91 98765 43210', 'x'.repeat(3001)),
  fc.anything({maxDepth: 2}),
)
const fieldName = fc.constantFrom(
  ...CONTACT_FIELDS,
  'consent',
  'ageConfirmation',
  'healthDetails',
  'website',
  'submissionId',
  'privacyVersion',
  'notAFormField',
  '__proto__',
  'constructor',
)
const jsonBody = fc.oneof(
  fc.dictionary(fieldName, fieldValue, {maxKeys: 12}).map((fields) => JSON.stringify(fields)),
  fc.json({maxDepth: 3}),
  fc.string({unit: 'binary', maxLength: 300}),
)
const formBody = fc.oneof(
  fc
    .array(
      fc.tuple(fc.oneof(fieldName, fc.string({maxLength: 10})), fc.string({unit: 'binary', maxLength: 300})),
      {
        maxLength: 12,
      },
    )
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.string({unit: 'binary', maxLength: 300}),
  fc.constantFrom('%', '%E0%A4%A', 'a=%ZZ', '&&&=', 'consent=yes&message=%00'),
)
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  '',
)

/** A message that passes every rule, as the island sends it (with the two boxes that must be ticked), with the id it chose for it. */
const validMessage = fc.record({
  name: fc.string({minLength: 1, maxLength: 40}).filter((name) => name.trim() !== ''),
  email: fc.constantFrom('asha@example.com', 'ravi.k@example.org'),
  message: fc.string({minLength: 1, maxLength: 300}).filter((text) => /\p{L}/u.test(text)),
  submissionId: fc.uuid({version: 4}),
})

describe('the contact endpoint, fuzzed', () => {
  it('never answers 5xx, whatever is posted', async () => {
    const {post} = endpoint()
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(jsonBody, contentType),
          fc.tuple(formBody, contentType),
          fc.tuple(jsonBody, fc.constant('application/json')),
          fc.tuple(formBody, fc.constant('application/x-www-form-urlencoded')),
        ),
        fc.constantFrom(ORIGIN, undefined, 'https://evil.example'),
        async ([body, type], origin) => {
          const answer = await post(body, type, origin)
          expect(answer.status).toBeLessThan(500)
        },
      ),
      {numRuns: 1500},
    )
  })

  it('stores a message once, however often it is sent again, one after another or all at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        validMessage,
        fc.integer({min: 2, max: 5}),
        fc.boolean(),
        async (message, times, atOnce) => {
          const {store, post} = endpoint()
          const body = JSON.stringify({
            ...message,
            consent: true,
            ageConfirmation: true,
            website: '',
            ...sentFrom(ENGLISH_PAGE),
          })
          const send = () => post(body, 'application/json')
          const answers: Response[] = []
          if (atOnce) answers.push(...(await Promise.all(Array.from({length: times}, send))))
          else for (let time = 0; time < times; time++) answers.push(await send())
          const statuses = answers.map((answer) => answer.status)
          // The first to be stored is told 201, every repeat 200 with the same id.
          expect(statuses.filter((status) => status === 201)).toHaveLength(1)
          expect(statuses.filter((status) => status === 200)).toHaveLength(times - 1)
          expect([...store.messages.values()].map((kept) => kept.submission?.key)).toEqual([
            message.submissionId,
          ])
        },
      ),
      {numRuns: 200},
    )
  })
})
