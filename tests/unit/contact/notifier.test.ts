import {afterEach, describe, expect, it} from 'vitest'
import {smtpNotifier, type AcknowledgementWords, type Notifier} from '../../../src/contact/notifier'
import type {StoredMessage} from '../../../src/contact/store'
import {memoryStore, type MemoryStore} from '../../support/memoryStore'
import {freePort} from '../../support/ports'
import {startMailServer, type MailServer, type ReceivedMail} from '../../support/smtp'
import {CONSENT} from '../../support/storedMessages'
import {marker} from '../../support/contact'

const SUPPORT = 'care@medistay.example'
const FROM = 'Website contact form <no-reply@localhost>'

let ids = 0
/** A stored message with non-ASCII text, so the mail body is encoded and must be decoded to be read. */
function storedMessage(overrides: Partial<StoredMessage> = {}): StoredMessage {
  const ref = marker()
  ids++
  return {
    id: `${String(ids).padStart(8, '0')}-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    receivedAt: new Date(Date.UTC(2026, 2, 1, 10, 0, ids)).toISOString(),
    name: 'Priya Raman',
    email: 'priya.raman@example.com',
    phone: '+91 98765 43210',
    subject: `Cardiology appointment ${ref}`,
    message: `Hello,\nI need a cardiologist in Hyderabad in March.\nనమస్కారం — नमस्ते 🙏\n\nThanks (${ref})`,
    consent: {givenAt: '2026-03-01T10:00:00.000Z', ...CONSENT},
    ...overrides,
  }
}

const mailsAbout = (mails: ReceivedMail[], id: string) =>
  mails.filter((mail) => mail.text.includes(`Message id: ${id}`))

const opened: {notifiers: Notifier[]; mailServers: MailServer[]} = {notifiers: [], mailServers: []}
afterEach(async () => {
  for (const notifier of opened.notifiers.splice(0)) notifier.close()
  await Promise.all(opened.mailServers.splice(0).map((mail) => mail.close()))
})

async function mailServer(...args: Parameters<typeof startMailServer>) {
  const mail = await startMailServer(...args)
  opened.mailServers.push(mail)
  return mail
}

/** The acknowledgement's words as staff wrote them in Studio. */
const ACKNOWLEDGEMENT: AcknowledgementWords = {
  subject: 'We have received your message',
  body: 'Thank you for writing to us.\n\nIf you did not write to us, you can ignore this e-mail.',
  referenceLabel: 'Your reference:',
}

/** A notifier for `store` that sends through 127.0.0.1:`port`, logging into `lines`. */
function notifierFor(
  store: MemoryStore,
  port: number,
  to: () => string = () => SUPPORT,
  options: Partial<Parameters<typeof smtpNotifier>[0]> = {},
) {
  const lines: string[] = []
  const notifier = smtpNotifier({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    to,
    from: FROM,
    store,
    acknowledgement: () => ACKNOWLEDGEMENT,
    log: (line) => lines.push(line),
    ...options,
  })
  opened.notifiers.push(notifier)
  return {notifier, lines}
}

async function storeWith(...messages: StoredMessage[]) {
  const store = memoryStore()
  for (const message of messages) await store.save(message)
  return store
}

/** A store holding these messages, each owed an acknowledgement (as the service stores one with an e-mail address). */
async function storeAcknowledging(...messages: StoredMessage[]) {
  const store = memoryStore()
  for (const message of messages) await store.save(message, {acknowledge: true})
  return store
}

/** The acknowledgements that reached an address. */
const acknowledgementsTo = (mails: ReceivedMail[], address: string) =>
  mails.filter((mail) => mail.to.includes(address) && !mail.text.includes('Message id:'))

const referenceOf = (message: StoredMessage) => message.id.slice(0, 8).toUpperCase()

describe('the e-mail to the support team', () => {
  it('goes to the support address with all five fields, Reply-To the visitor, and the message is marked e-mailed', async () => {
    const mail = await mailServer()
    const message = storedMessage()
    const store = await storeWith(message)
    const {notifier} = notifierFor(store, mail.port)

    await expect(notifier.flush()).resolves.toEqual({sent: 1, failed: 0})

    const [received, ...more] = mailsAbout(mail.accepted, message.id)
    expect(more).toEqual([])
    expect(received!.to).toEqual([SUPPORT])
    expect(received!.from).toBe('no-reply@localhost')
    expect(received!.headers['reply-to']).toBe(message.email)
    expect(received!.headers.subject).toBe(`Website message: ${message.subject}`)
    expect(received!.headers['content-type']).toMatch(/^text\/plain/)
    expect(received!.text).toContain(`Name:    ${message.name}`)
    expect(received!.text).toContain(`E-mail:  ${message.email}`)
    expect(received!.text).toContain(`Phone:   ${message.phone}`)
    expect(received!.text).toContain(`Subject: ${message.subject}`)
    expect(received!.text).toContain(message.message)
    expect(store.messages.get(message.id)?.notification.notifiedAt).toBeDefined()
  })

  it('has no Reply-To when the visitor gave only a phone number, and says the e-mail was not given', async () => {
    const mail = await mailServer()
    const message = storedMessage({email: ''})
    const {notifier} = notifierFor(await storeWith(message), mail.port)
    await notifier.flush()
    const [received] = mailsAbout(mail.accepted, message.id)
    expect(received!.headers).not.toHaveProperty('reply-to')
    expect(received!.text).toContain('E-mail:  (not given)')
    expect(received!.text).toContain(`Phone:   ${message.phone}`)
  })

  it('is titled with the visitor name when the message has no subject', async () => {
    const mail = await mailServer()
    const message = storedMessage({subject: ''})
    const {notifier} = notifierFor(await storeWith(message), mail.port)
    await notifier.flush()
    expect(mailsAbout(mail.accepted, message.id)[0]!.headers.subject).toBe('Website message: Priya Raman')
  })

  it('is sent once per message, even when flushes overlap or come again', async () => {
    const mail = await mailServer()
    const message = storedMessage()
    const {notifier} = notifierFor(await storeWith(message), mail.port)
    await Promise.all([notifier.flush(), notifier.flush()])
    await notifier.flush()
    expect(mailsAbout(mail.arrived, message.id)).toHaveLength(1)
  })

  it('says whether the visitor allowed us to use the health details, and gives the reference', async () => {
    const mail = await mailServer()
    const allowed = storedMessage()
    allowed.consent = {
      ...allowed.consent,
      boxes: allowed.consent.boxes.map((box) => ({...box, ticked: true})),
    }
    const notAllowed = storedMessage()
    const {notifier} = notifierFor(await storeWith(allowed, notAllowed), mail.port)
    await notifier.flush()
    const [yes] = mailsAbout(mail.accepted, allowed.id)
    const [no] = mailsAbout(mail.accepted, notAllowed.id)
    expect(yes!.text).toMatch(/^Health details may be used: yes\b/m)
    expect(no!.text).toMatch(
      /^Health details may be used: no\. Read the message and reply; ask the visitor before arranging care/m,
    )
    expect(yes!.text).toContain('never with hotels')
    expect(no!.text).toMatch(/^If the message is about or from a child \(under 18\), use it only to ask for/m)
    expect(no!.text).toContain(
      "If the message is about another adult's health, ask that person or their lawful representative",
    )
    expect(yes!.text).toContain(`Reference:  ${referenceOf(allowed)}`)
  })

  it('goes to the address asked for at each flush, so it follows the build being served', async () => {
    const mail = await mailServer()
    const store = memoryStore()
    let address = 'care@old-build.example'
    const {notifier} = notifierFor(store, mail.port, () => address)
    const first = storedMessage()
    await store.save(first)
    await notifier.flush()
    address = 'care@new-build.example'
    const second = storedMessage()
    await store.save(second)
    await notifier.flush()
    expect(mailsAbout(mail.accepted, first.id)[0]!.to).toEqual(['care@old-build.example'])
    expect(mailsAbout(mail.accepted, second.id)[0]!.to).toEqual(['care@new-build.example'])
  })
})

describe('when the mail server is down', () => {
  it('every message stays stored as not e-mailed, the failure is recorded and logged, and all are sent once it is back', async () => {
    const port = await freePort()
    const messages = [storedMessage(), storedMessage(), storedMessage()]
    const store = await storeWith(...messages)
    const {notifier, lines} = notifierFor(store, port)

    await expect(notifier.flush()).resolves.toEqual({sent: 0, failed: 1})
    // A server that cannot be reached is not the message's fault: nothing is counted against any
    // of them, and it is not tried again for every other message.
    for (const message of messages)
      expect(store.messages.get(message.id)?.notification).toEqual({attempts: 0})
    expect(lines).toEqual([
      expect.stringMatching(/is stored; the mail server could not be reached .* will be retried/),
    ])

    const mail = await mailServer(port)
    await expect(notifier.flush()).resolves.toEqual({sent: 3, failed: 0})
    for (const message of messages) {
      expect(mailsAbout(mail.accepted, message.id)).toHaveLength(1)
      expect(store.messages.get(message.id)?.notification.notifiedAt).toBeDefined()
    }
  })
})

describe('when the store cannot record that an e-mail went out', () => {
  it('counts it as sent and says so in the log, not as a refusal by the mail server', async () => {
    const mail = await mailServer()
    const message = storedMessage()
    const store = await storeWith(message)
    store.markSent = async () => {
      throw new Error('database is locked')
    }
    const {notifier, lines} = notifierFor(store, mail.port)

    await expect(notifier.flush()).resolves.toEqual({sent: 1, failed: 0})
    expect(mailsAbout(mail.accepted, message.id)).toHaveLength(1)
    expect(store.messages.get(message.id)?.notification).toEqual({attempts: 0})
    expect(lines).toEqual([
      expect.stringMatching(/was e-mailed, but could not be marked so: .*database is locked/),
    ])
  })
})

describe('when the mail server refuses one message', () => {
  it('the other messages are still e-mailed, and the refused one stays stored for the next try', async () => {
    const mail = await mailServer(0, (received) => received.text.includes('REFUSE-ME'))
    const refused = storedMessage({message: `Please call me. REFUSE-ME ${marker()}`})
    const later = [storedMessage(), storedMessage()]
    const store = await storeWith(refused, ...later)
    const {notifier} = notifierFor(store, mail.port)

    await expect(notifier.flush()).resolves.toEqual({sent: 2, failed: 1})
    expect(store.messages.get(refused.id)?.notification).toMatchObject({
      attempts: 1,
      lastError: expect.any(String),
    })
    for (const message of later) expect(mailsAbout(mail.accepted, message.id)).toHaveLength(1)
    const dueLater = await store.dueFor('notification', '2100-01-01T00:00:00.000Z', 50)
    expect(dueLater.map((message) => message.id)).toEqual([refused.id])
  })
})

describe('a message whose e-mail the mail server keeps refusing', () => {
  it('is retried at growing intervals, then given up after the last attempt, reported and never retried again', async () => {
    let refusals = 0
    const mail = await mailServer(0, () => ++refusals > 0)
    const refused = storedMessage()
    const store = await storeWith(refused)
    let clock = new Date('2026-03-01T10:00:00.000Z')
    const lines: string[] = []
    const notifier = smtpNotifier({
      smtpUrl: `smtp://127.0.0.1:${mail.port}`,
      to: () => SUPPORT,
      from: FROM,
      store,
      acknowledgement: () => ACKNOWLEDGEMENT,
      retry: {firstWaitMs: 60_000, maxAttempts: 4},
      now: () => clock,
      log: (line) => lines.push(line),
    })
    opened.notifiers.push(notifier)
    const state = () => store.messages.get(refused.id)!.notification
    const waits: number[] = []

    for (let attempt = 1; attempt <= 4; attempt++) {
      await expect(notifier.flush()).resolves.toEqual({sent: 0, failed: 1})
      expect(state().attempts).toBe(attempt)
      if (attempt === 4) break
      const next = new Date(state().nextAttemptAt!)
      waits.push(next.getTime() - clock.getTime())
      // Not tried again before its time ...
      clock = new Date(next.getTime() - 1)
      await expect(notifier.flush()).resolves.toEqual({sent: 0, failed: 0})
      // ... and tried again when it comes.
      clock = next
    }
    expect(waits).toEqual([60_000, 120_000, 240_000])
    expect(state().gaveUpAt).toBe(clock.toISOString())
    expect(lines.at(-1)).toMatch(/refused its e-mail 4 times .* no longer retried/)

    clock = new Date('2030-01-01T00:00:00.000Z')
    await expect(notifier.flush()).resolves.toEqual({sent: 0, failed: 0})
    expect(state().attempts).toBe(4)
    expect(refusals).toBe(4)
  })
})

describe('the acknowledgement to the sender', () => {
  it("goes to the sender's address with the reference and Studio's words, replies to customer care, and repeats nothing the sender typed", async () => {
    const mail = await mailServer()
    const message = storedMessage({name: 'Priya <b>Raman</b>', subject: `Call me ${marker()}`})
    const store = await storeAcknowledging(message)
    const {notifier} = notifierFor(store, mail.port)

    await expect(notifier.flush()).resolves.toEqual({sent: 2, failed: 0})

    const [acknowledgement, ...more] = acknowledgementsTo(mail.accepted, message.email)
    expect(more).toEqual([])
    expect(acknowledgement!.from).toBe('no-reply@localhost')
    expect(acknowledgement!.headers['reply-to']).toBe(SUPPORT)
    expect(acknowledgement!.headers.subject).toBe(ACKNOWLEDGEMENT.subject)
    expect(acknowledgement!.headers['content-type']).toMatch(/^text\/plain/)
    expect(acknowledgement!.text.trimEnd()).toBe(
      `${ACKNOWLEDGEMENT.body}\n\n${ACKNOWLEDGEMENT.referenceLabel} ${referenceOf(message)}`,
    )
    for (const typed of [message.name, 'Priya', 'Raman', message.subject, message.message, 'cardiologist'])
      expect(acknowledgement!.raw, typed).not.toContain(typed)
    expect(store.messages.get(message.id)?.acknowledgement?.notifiedAt).toBeDefined()
    // The notification to customer care went too, on its own state.
    expect(mailsAbout(mail.accepted, message.id)[0]!.to).toEqual([SUPPORT])
    expect(store.messages.get(message.id)?.notification.notifiedAt).toBeDefined()
  })

  it('goes to the bare address alone: the To header carries no display name', async () => {
    const mail = await mailServer()
    const message = storedMessage({email: 'victim@target.example'})
    const {notifier} = notifierFor(await storeAcknowledging(message), mail.port)
    await notifier.flush()
    const [acknowledgement] = acknowledgementsTo(mail.accepted, 'victim@target.example')
    expect(acknowledgement!.to).toEqual(['victim@target.example'])
    expect(acknowledgement!.headers.to).toBe('victim@target.example')
  })

  it('is not sent for a message owed none (no e-mail address given, or stored without one owed)', async () => {
    const mail = await mailServer()
    const message = storedMessage()
    const {notifier} = notifierFor(await storeWith(message), mail.port)
    await expect(notifier.flush()).resolves.toEqual({sent: 1, failed: 0})
    expect(acknowledgementsTo(mail.arrived, message.email)).toEqual([])
  })

  it('refused by the mail server, is retried on its own state later, never holding back the e-mail to customer care', async () => {
    let refusals = 0
    const mail = await mailServer(0, (received) => !received.text.includes('Message id:') && ++refusals === 1)
    const message = storedMessage()
    const store = await storeAcknowledging(message)
    let clock = new Date('2026-03-01T10:00:00.000Z')
    const {notifier, lines} = notifierFor(store, mail.port, () => SUPPORT, {
      retry: {firstWaitMs: 60_000, maxAttempts: 3},
      now: () => clock,
    })

    await expect(notifier.flush()).resolves.toEqual({sent: 1, failed: 1})
    expect(mailsAbout(mail.accepted, message.id)).toHaveLength(1)
    expect(store.messages.get(message.id)?.notification).toEqual({
      attempts: 0,
      notifiedAt: clock.toISOString(),
    })
    expect(store.messages.get(message.id)?.acknowledgement).toMatchObject({
      attempts: 1,
      lastError: expect.any(String),
      nextAttemptAt: '2026-03-01T10:01:00.000Z',
    })
    expect(lines).toEqual([
      expect.stringMatching(/refused the acknowledgement to its sender .* Attempt 1 of 3; next try after/),
    ])
    // The mail server named the sender's address; the log does not repeat it.
    expect(store.messages.get(message.id)?.acknowledgement?.lastError).toContain(message.email)
    expect(lines.join('\n')).not.toContain(message.email)
    expect(lines.join('\n')).toContain('[address]')

    // Not before its time; then it goes, once, and the e-mail to customer care is not sent again.
    await expect(notifier.flush()).resolves.toEqual({sent: 0, failed: 0})
    clock = new Date('2026-03-01T10:01:00.000Z')
    await expect(notifier.flush()).resolves.toEqual({sent: 1, failed: 0})
    expect(acknowledgementsTo(mail.accepted, message.email)).toHaveLength(1)
    expect(acknowledgementsTo(mail.arrived, message.email)).toHaveLength(2)
    expect(mailsAbout(mail.arrived, message.id)).toHaveLength(1)
    expect(store.messages.get(message.id)?.acknowledgement?.notifiedAt).toBe(clock.toISOString())
  })
})
