import {randomUUID} from 'node:crypto'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest'
import {readConfig} from '../../../src/config/index'
import type {Notifier} from '../../../src/contact/notifier'
import {slidingWindowLimiter} from '../../../src/contact/rateLimit'
import {recoveringStore} from '../../../src/contact/recoveringStore'
import {acknowledgementCaps, mailboxOf} from '../../../src/contact/acknowledgements'
import {
  contactServiceFromConfig,
  createContactService,
  type ContactParts,
  type ContactService,
} from '../../../src/contact/service'
import type {Submission} from '../../../src/contact/submission'
import type {MessageStore} from '../../../src/contact/store'
import {
  contactContent,
  ENGLISH_PAGE,
  memoryStore,
  sentFrom,
  type MemoryStore,
} from '../../support/memoryStore'
import {freePort} from '../../support/ports'
import {startMailServer, type MailServer} from '../../support/smtp'
import {eventually, rowById, validFields} from '../../support/contact'

const RECEIVED_AT = new Date('2026-03-01T10:00:00.000Z')
const VISITOR = '203.0.113.7'

/** What the island sends: the fields and an empty honeypot. */
const fromIsland = (fields: unknown = validFields(), extra: Partial<Submission> = {}): Submission => ({
  // The consent and age boxes are ticked unless a test says otherwise.
  fields:
    typeof fields === 'object' && fields !== null
      ? {consent: true, ageConfirmation: true, ...fields}
      : fields,
  website: '',
  // What the English page of the test content sends with its fields.
  ...sentFrom(ENGLISH_PAGE),
  ...extra,
})

/** A notifier that only counts what the service asks of it. */
function countingNotifier(flush: Notifier['flush'] = async () => ({sent: 0, failed: 0})) {
  const calls = {flushes: 0, closed: false}
  const notifier: Notifier = {
    flush() {
      calls.flushes++
      return flush()
    },
    async close() {
      calls.closed = true
    },
  }
  return {notifier, calls}
}

/** The service with an in-memory store, a fixed clock and numbered ids. */
function serviceWith({
  store = memoryStore(),
  ...parts
}: Partial<Omit<ContactParts, 'store'>> & {store?: MemoryStore} = {}) {
  const lines: string[] = []
  let ids = 0
  const service = createContactService({
    store,
    limiter: slidingWindowLimiter(1000, 600),
    content: () => contactContent(),
    now: () => RECEIVED_AT,
    newId: () => `${String(++ids).padStart(8, '0')}-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    log: (line) => lines.push(line),
    ...parts,
  })
  return {service, store, lines}
}

describe('the contact service', () => {
  describe('stores a good message', () => {
    it('with its five fields, the time it arrived and a new id', async () => {
      const {service, store} = serviceWith()
      const fields = validFields()
      await expect(service.submit(fromIsland(fields), VISITOR)).resolves.toEqual({
        kind: 'stored',
        id: '00000001-0000-4000-8000-000000000001',
        reference: '00000001',
        duplicate: false,
      })
      expect([...store.messages.values()]).toEqual([
        expect.objectContaining({
          ...fields,
          id: '00000001-0000-4000-8000-000000000001',
          receivedAt: RECEIVED_AT.toISOString(),
        }),
      ])
    })

    it('as the contact form rules clean it, not as it was sent', async () => {
      const {service, store} = serviceWith()
      const fields = {...validFields(), name: 'Jose\u0301\u202E Kumar', message: 'Line one\r\nLine two'}
      const outcome = await service.submit(fromIsland(fields), VISITOR)
      expect(store.messages.get((outcome as {id: string}).id)).toMatchObject({
        name: 'José Kumar',
        message: 'Line one\nLine two',
      })
    })

    it("once for a repeated submissionId, answering with the first copy's id; other words are refused", async () => {
      const {service, store} = serviceWith()
      const submissionId = randomUUID()
      const fields = validFields()
      const first = await service.submit(fromIsland(fields, {submissionId}), VISITOR)
      expect(first).toEqual({
        kind: 'stored',
        id: '00000001-0000-4000-8000-000000000001',
        reference: '00000001',
        duplicate: false,
      })
      // However the id is written.
      for (const name of [submissionId, submissionId.toUpperCase()])
        await expect(service.submit(fromIsland(fields, {submissionId: name}), VISITOR)).resolves.toEqual({
          ...first,
          duplicate: true,
        })
      const again = {...fields, message: `${fields.message} (sent again)`}
      await expect(service.submit(fromIsland(again, {submissionId}), VISITOR)).resolves.toEqual({
        kind: 'changed',
      })
      expect([...store.messages.values()].map((message) => message.message)).toEqual([fields.message])
    })

    it('under an id of its own, whatever the submissionId', async () => {
      const {service, store} = serviceWith()
      for (const submissionId of ['contactMessage.other', '../../etc', 42, randomUUID()]) {
        const outcome = await service.submit(fromIsland(validFields(), {submissionId}), VISITOR)
        expect(outcome).toMatchObject({kind: 'stored', duplicate: false})
      }
      expect([...store.messages.keys()]).toEqual([
        '00000001-0000-4000-8000-000000000001',
        '00000002-0000-4000-8000-000000000002',
        '00000003-0000-4000-8000-000000000003',
        '00000004-0000-4000-8000-000000000004',
      ])
    })

    it('never gives two messages one reference: an id whose reference is taken is made again', async () => {
      const ids = [
        '0000000a-0000-4000-8000-000000000001',
        '0000000a-0000-4000-8000-000000000002',
        '0000000b-0000-4000-8000-000000000003',
      ]
      const {service, store} = serviceWith({newId: () => ids.shift()!})
      await service.submit(fromIsland(validFields()), VISITOR)
      await expect(service.submit(fromIsland(validFields()), VISITOR)).resolves.toMatchObject({
        kind: 'stored',
        reference: '0000000B',
      })
      expect([...store.messages.keys()]).toEqual([
        '0000000a-0000-4000-8000-000000000001',
        '0000000b-0000-4000-8000-000000000003',
      ])
    })

    it('from a form post, which has no submissionId and no honeypot value to send', async () => {
      const {service, store} = serviceWith()
      expect(
        await service.submit(
          {fields: {...validFields(), consent: 'yes', ageConfirmation: 'yes'}, ...sentFrom(ENGLISH_PAGE)},
          VISITOR,
        ),
      ).toMatchObject({
        kind: 'stored',
      })
      expect(store.messages.size).toBe(1)
    })
  })

  describe('owes the sender an acknowledgement', () => {
    it('when the site sends e-mail and the sender gave an e-mail address', async () => {
      const {notifier} = countingNotifier()
      const {service, store} = serviceWith({notifier})
      const outcome = await service.submit(fromIsland(), VISITOR)
      expect(store.messages.get((outcome as {id: string}).id)?.acknowledgement).toEqual({attempts: 0})
    })

    it('never to a sender who gave only a phone number', async () => {
      const {notifier} = countingNotifier()
      const {service, store} = serviceWith({notifier})
      const outcome = await service.submit(fromIsland({...validFields(), email: ''}), VISITOR)
      expect(store.messages.get((outcome as {id: string}).id)).not.toHaveProperty('acknowledgement')
    })

    it('never where the site sends no e-mail (no SMTP_URL), so none goes out late if e-mail is set up later', async () => {
      const {service, store} = serviceWith()
      const outcome = await service.submit(fromIsland(), VISITOR)
      expect(store.messages.get((outcome as {id: string}).id)).not.toHaveProperty('acknowledgement')
    })
  })

  // Issue 25: eleven posts from each of three source addresses sent 30 acknowledgements to one address.
  describe('owes acknowledgements only within the caps', () => {
    const owed = (store: MemoryStore) =>
      [...store.messages.values()].filter((message) => message.acknowledgement)

    it('per recipient, whichever addresses the posts come from; every message is stored all the same', async () => {
      const {notifier} = countingNotifier()
      const caps = acknowledgementCaps({perRecipient: 3, overall: 100, windowSeconds: 3600})
      let clock = RECEIVED_AT.getTime()
      const {service, store, lines} = serviceWith({
        notifier,
        acknowledgementCaps: caps,
        now: () => new Date(clock),
      })
      for (const source of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
        for (let post = 0; post < 11; post++)
          await service.submit(
            fromIsland({
              ...validFields(),
              email: post % 2 ? 'Victim@Target.example' : 'victim@target.example',
            }),
            source,
          )
      expect(store.messages.size).toBe(33)
      expect(owed(store)).toHaveLength(3)
      expect(lines.filter((line) => line.includes('cap on acknowledgements'))).toHaveLength(30)
      // Another address is acknowledged, and this one again once the window has passed.
      await service.submit(fromIsland({...validFields(), email: 'other@target.example'}), VISITOR)
      clock += 3600 * 1000
      await service.submit(fromIsland({...validFields(), email: 'victim@target.example'}), VISITOR)
      expect(owed(store)).toHaveLength(5)
    })

    // Issue 37: after four posts to victim@, each of victim+1@ to VICTIM+4@ was acknowledged.
    it('per mailbox: a "+tag", a capital or, at Gmail, a dot is the same inbox', async () => {
      const {notifier} = countingNotifier()
      const caps = acknowledgementCaps({perRecipient: 3, overall: 100, windowSeconds: 3600})
      const {service, store} = serviceWith({notifier, acknowledgementCaps: caps})
      const send = (email: string) => service.submit(fromIsland({...validFields(), email}), VISITOR)
      for (const email of [
        ...Array<string>(4).fill('victim@example.com'),
        'victim+1@example.com',
        'victim+2@example.com',
        'victim+3@example.com',
        'VICTIM+4@example.com',
        'v.i.c.t.i.m@gmail.com',
        'victim+x@googlemail.com',
        'Vic.Tim@gmail.com',
        'victim@gmail.com',
      ])
        await send(email)
      expect(store.messages.size).toBe(12)
      expect(owed(store).map((message) => message.email)).toEqual([
        'victim@example.com',
        'victim@example.com',
        'victim@example.com',
        'v.i.c.t.i.m@gmail.com',
        'victim+x@googlemail.com',
        'Vic.Tim@gmail.com',
      ])
    })

    it("per mailbox, where dots are the provider's own: a dot elsewhere is another inbox", () => {
      expect(mailboxOf('first.last@example.com')).not.toBe(mailboxOf('firstlast@example.com'))
      expect(mailboxOf('First.Last+news@GoogleMail.com')).toBe(mailboxOf('firstlast@gmail.com'))
    })

    it('in all, across every address', async () => {
      const {notifier} = countingNotifier()
      const caps = acknowledgementCaps({perRecipient: 3, overall: 4, windowSeconds: 3600})
      const {service, store} = serviceWith({notifier, acknowledgementCaps: caps})
      for (let n = 0; n < 10; n++)
        await service.submit(fromIsland({...validFields(), email: `person${n}@target.example`}), VISITOR)
      expect(owed(store).map((message) => message.email)).toEqual(
        [0, 1, 2, 3].map((n) => `person${n}@target.example`),
      )
    })

    it('as the configuration sets them: 3 per address and 100 in all an hour unless told otherwise', () => {
      expect(readConfig({}).contact.acknowledgementCaps).toEqual({
        perRecipient: 3,
        overall: 100,
        windowSeconds: 3600,
      })
      expect(
        readConfig({CONTACT_ACK_PER_RECIPIENT: '0', CONTACT_ACK_MAX: '50', CONTACT_ACK_WINDOW_SECONDS: '60'})
          .contact.acknowledgementCaps,
      ).toEqual({perRecipient: 0, overall: 50, windowSeconds: 60})
    })
  })

  describe('refuses, and stores nothing', () => {
    it('a message that breaks the rules, naming each field', async () => {
      const {service, store} = serviceWith()
      await expect(
        service.submit(fromIsland({name: 'Ravi', email: 'not-an-email', message: ''}), VISITOR),
      ).resolves.toEqual({kind: 'invalid', fieldErrors: {email: 'emailInvalid', message: 'messageRequired'}})
      expect(store.messages.size).toBe(0)
    })

    it('a message whose honeypot was filled in', async () => {
      const {service, store} = serviceWith()
      const outcome = await service.submit(
        fromIsland(validFields(), {website: 'https://spam.example'}),
        VISITOR,
      )
      expect(outcome).toEqual({kind: 'rejected'})
      expect(store.messages.size).toBe(0)
    })

    it('the post over the rate limit, counting every post from the address, refused ones too', async () => {
      const {service, store} = serviceWith({limiter: slidingWindowLimiter(3, 600)})
      await service.submit(fromIsland(validFields(), {website: 'spam'}), VISITOR)
      await service.submit(fromIsland({message: ''}), VISITOR)
      await service.submit(fromIsland(), VISITOR)
      await expect(service.submit(fromIsland(), VISITOR)).resolves.toEqual({
        kind: 'rateLimited',
        retryAfterSeconds: 600,
      })
      expect(store.messages.size).toBe(1)
      // Another address has its own count.
      expect(await service.submit(fromIsland(), '198.51.100.9')).toMatchObject({kind: 'stored'})
    })
  })

  describe('when the store cannot take the message', () => {
    it('says so (unavailable), claims nothing stored and logs which store failed', async () => {
      const store = memoryStore()
      store.breakSaves(new Error('disk I/O error'))
      const {notifier, calls} = countingNotifier()
      const {service, lines} = serviceWith({store, notifier})
      await expect(service.submit(fromIsland(), VISITOR)).resolves.toEqual({kind: 'unavailable'})
      expect(store.messages.size).toBe(0)
      expect(calls.flushes).toBe(0)
      expect(lines).toEqual([
        'A contact message could not be stored in the in-memory test store: Error: disk I/O error',
      ])
    })

    /** The service over a store whose file cannot be opened, retried in the background as the server does. */
    function serviceOverShutStore(notify?: (store: MessageStore) => Notifier['flush']) {
      const store = recoveringStore(
        {
          description: 'SQLite file /srv/data/messages.sqlite',
          advice: 'Check the folder.',
          isBroken: () => false,
          open: () => {
            throw new Error('unable to open database file')
          },
        },
        {log: () => {}},
      )
      const {notifier, calls} = countingNotifier(notify?.(store))
      const lines: string[] = []
      const service = createContactService({
        store,
        notifier,
        limiter: slidingWindowLimiter(1000, 600),
        content: () => contactContent(),
        log: (line) => lines.push(line),
      })
      return {service, calls, lines}
    }

    it('says so (unavailable) while the store is shut', async () => {
      const {service, lines} = serviceOverShutStore()
      await expect(service.submit(fromIsland(), VISITOR)).resolves.toEqual({kind: 'unavailable'})
      expect(lines).toEqual([
        expect.stringContaining(
          'A contact message could not be stored in SQLite file /srv/data/messages.sqlite',
        ),
      ])
      await service.close()
    })

    it('deletes nothing and sends nothing while the store is shut, without failing or filling the log', async () => {
      const {service, calls, lines} = serviceOverShutStore((store) => async () => {
        // As the SMTP notifier does first: ask the store what is due.
        await store.dueFor('notification', '2026-03-01T10:00:00.000Z', 50)
        return {sent: 0, failed: 0}
      })
      await expect(service.deleteExpired()).resolves.toBe(0)
      await expect(service.flush()).resolves.toBeUndefined()
      expect(calls.flushes).toBe(1)
      expect(lines).toEqual([])
      await service.close()
    })
  })

  describe('the e-mail about a message', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('is asked for after each newly stored message, and not after a repeat or a refusal', async () => {
      const {notifier, calls} = countingNotifier()
      const {service} = serviceWith({notifier})
      const submissionId = randomUUID()
      await service.submit(fromIsland(validFields(), {submissionId}), VISITOR)
      await service.submit(fromIsland(validFields(), {submissionId}), VISITOR)
      await service.submit(fromIsland(validFields(), {website: 'spam'}), VISITOR)
      await service.submit(fromIsland({message: ''}), VISITOR)
      expect(calls.flushes).toBe(1)
    })

    it('never keeps the visitor waiting: the answer comes while the mail server has not replied', async () => {
      const {notifier} = countingNotifier(() => new Promise(() => {}))
      const {service} = serviceWith({notifier})
      await expect(service.submit(fromIsland(), VISITOR)).resolves.toMatchObject({kind: 'stored'})
    })

    it('that fails is logged, never thrown', async () => {
      const {notifier} = countingNotifier(() => Promise.reject(new Error('connection refused')))
      const {service, lines} = serviceWith({notifier})
      await expect(service.flush()).resolves.toBeUndefined()
      expect(lines).toEqual(['Contact e-mail retry failed: Error: connection refused'])
    })

    it('is retried every retryMs until the service is closed', async () => {
      vi.useFakeTimers()
      const {notifier, calls} = countingNotifier()
      const {service} = serviceWith({notifier, retryMs: 60_000})
      vi.advanceTimersByTime(59_999)
      expect(calls.flushes).toBe(0)
      vi.advanceTimersByTime(1)
      expect(calls.flushes).toBe(1)
      vi.advanceTimersByTime(120_000)
      expect(calls.flushes).toBe(3)
      await service.close()
      vi.advanceTimersByTime(600_000)
      expect(calls.flushes).toBe(3)
    })
  })

  it('closes its store and its notifier when it closes', async () => {
    const store = memoryStore()
    const {notifier, calls} = countingNotifier()
    const {service} = serviceWith({store, notifier})
    await service.close()
    expect(store.closed).toBe(true)
    expect(calls.closed).toBe(true)
  })
})

describe('the contact service as the configuration describes it', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'contact-service-'))
  const services: ContactService[] = []
  const mailServers: MailServer[] = []
  afterAll(async () => {
    await Promise.all(services.map((service) => service.close()))
    await Promise.all(mailServers.map((mail) => mail.close()))
    rmSync(scratch, {recursive: true, force: true})
  })

  function configured(env: Record<string, string>, notifyTo = 'care@medistay.example') {
    const dbPath = join(scratch, `${randomUUID()}.sqlite`)
    const config = readConfig({CONTACT_DB_PATH: dbPath, ...env})
    const service = contactServiceFromConfig(config.contact, {
      content: () => contactContent({customerCareEmail: notifyTo}),
      log: () => {},
    })
    services.push(service)
    return {service, dbPath}
  }

  it('stores in the SQLite file CONTACT_DB_PATH names, with CONTACT_RATE_LIMIT', async () => {
    const {service, dbPath} = configured({CONTACT_RATE_LIMIT: '2'})
    const fields = validFields()
    const outcome = await service.submit(fromIsland(fields), VISITOR)
    expect(outcome).toMatchObject({kind: 'stored'})
    expect(rowById(dbPath, (outcome as {id: string}).id)).toMatchObject(fields)
    expect(await service.submit(fromIsland(), VISITOR)).toMatchObject({kind: 'stored'})
    expect(await service.submit(fromIsland(), VISITOR)).toMatchObject({kind: 'rateLimited'})
  })

  it('does not throw for a SQLite file that cannot be opened: it answers unavailable, and logs which file and why', async () => {
    const notAFolder = join(scratch, `${randomUUID()}.txt`)
    writeFileSync(notAFolder, 'a file where a folder should be')
    const lines: string[] = []
    const config = readConfig({CONTACT_DB_PATH: join(notAFolder, 'messages.sqlite')})
    const service = contactServiceFromConfig(config.contact, {
      content: () => contactContent(),
      log: (line) => lines.push(line),
    })
    services.push(service)
    await expect(service.submit(fromIsland(), VISITOR)).resolves.toEqual({kind: 'unavailable'})
    await expect(service.deleteExpired()).resolves.toBe(0)
    await expect(service.flush()).resolves.toBeUndefined()
    expect(lines[0]).toContain(
      `(SQLite file ${join(notAFolder, 'messages.sqlite')}) cannot be opened: Error: EEXIST: file already exists, mkdir '${notAFolder}'`,
    )
  })

  it('with SMTP_URL, e-mails each message to the customer-care address it is given, from the default sender', async () => {
    const mail = await startMailServer()
    mailServers.push(mail)
    const {service, dbPath} = configured({SMTP_URL: `smtp://127.0.0.1:${mail.port}`})
    const fields = validFields()
    const {id} = (await service.submit(fromIsland(fields), VISITOR)) as {id: string}
    await eventually(() => rowById(dbPath, id)?.notified_at, 10_000, 'the message to be marked e-mailed')
    const [received, ...more] = mail.accepted.filter((message) => message.text.includes(id))
    expect(more).toEqual([])
    expect(received!.to).toEqual(['care@medistay.example'])
    expect(received!.headers.from).toBe('Website contact form <no-reply@localhost>')
    expect(received!.text).toContain(fields.message)
  })

  it('with CONTACT_MAIL_TO and CONTACT_MAIL_FROM, e-mails that address from that sender instead', async () => {
    const mail = await startMailServer()
    mailServers.push(mail)
    const {service, dbPath} = configured({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      CONTACT_MAIL_TO: 'care-team@clinic.example',
      CONTACT_MAIL_FROM: 'MediStay website <website@medistayindia.example>',
    })
    const {id} = (await service.submit(fromIsland(), VISITOR)) as {id: string}
    await eventually(() => rowById(dbPath, id)?.notified_at, 10_000, 'the message to be marked e-mailed')
    const [received] = mail.accepted.filter((message) => message.text.includes(id))
    expect(received!.to).toEqual(['care-team@clinic.example'])
    expect(received!.from).toBe('website@medistayindia.example')
    expect(received!.headers.from).toBe('MediStay website <website@medistayindia.example>')
  })

  it('tries an e-mail again every CONTACT_NOTIFY_RETRY_SECONDS while the mail server cannot be reached, until it is back', async () => {
    vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']})
    try {
      const smtpPort = await freePort()
      const {service, dbPath} = configured({
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        CONTACT_NOTIFY_RETRY_SECONDS: '30',
      })
      const {id} = (await service.submit(fromIsland(), VISITOR)) as {id: string}
      // The mail server cannot be reached: the try fails, and counts nothing against the message.
      await service.flush()
      expect(rowById(dbPath, id)).toMatchObject({notified_at: null, notification_attempts: 0})
      const mail = await startMailServer(smtpPort)
      mailServers.push(mail)
      expect(rowById(dbPath, id)?.notified_at).toBeNull()
      vi.advanceTimersByTime(30_000)
      await eventually(() => rowById(dbPath, id)?.notified_at, 10_000, 'the retried e-mail')
      expect(mail.accepted.filter((message) => message.text.includes(id))).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
