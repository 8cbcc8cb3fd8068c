import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {freePort} from '../support/ports'
import {startSiteServer, type RunningServer} from '../support/processes'
import {companyFacts} from '../support/site'
import {eventually, islandBody, marker, postJson, rowById, scratchFolder} from './support'
import {startMailServer, type MailServer, type ReceivedMail} from './smtp'

const SUPPORT_EMAIL = companyFacts.customerCare.email

/** A message with non-ASCII text, so the mail body is encoded and must be decoded to be read. */
function visitorMessage(email = 'priya.raman@example.com') {
  const ref = marker()
  return {
    name: 'Priya Raman',
    email,
    phone: '+91 98765 43210',
    subject: `Cardiology appointment ${ref}`,
    message: `Hello,\nI need a cardiologist in Hyderabad in March.\nనమస్కారం — नमस्ते 🙏\n\nThanks (${ref})`,
  }
}

const mailsAbout = (mails: ReceivedMail[], id: string) =>
  mails.filter((mail) => mail.text.includes(`Message id: ${id}`))

describe('the e-mail to the support team', () => {
  const folder = scratchFolder('mail')
  let mail: MailServer
  let site: RunningServer
  let siteWithMailTo: RunningServer

  beforeAll(async () => {
    mail = await startMailServer()
    const smtp = {SMTP_URL: `smtp://127.0.0.1:${mail.port}`, CONTACT_NOTIFY_RETRY_SECONDS: '1'}
    ;[site, siteWithMailTo] = await Promise.all([
      startSiteServer(inject('distDir'), {...smtp, CONTACT_DB_PATH: join(folder.path, 'site.sqlite')}),
      startSiteServer(inject('distDir'), {
        ...smtp,
        CONTACT_DB_PATH: join(folder.path, 'mail-to.sqlite'),
        CONTACT_MAIL_TO: 'care-team@clinic.example',
        CONTACT_MAIL_FROM: 'MediStay website <website@medistayindia.example>',
      }),
    ])
  })
  afterAll(async () => {
    await Promise.all([site?.stop(), siteWithMailTo?.stop()])
    await mail?.close()
    folder.remove()
  })

  it('goes to the customer-care address from Company facts, once, with all five fields and Reply-To the visitor', async () => {
    const dbPath = join(folder.path, 'site.sqlite')
    const fields = visitorMessage()
    // The mail server holds back its answer: the visitor must not wait for it.
    const release = mail.hold()
    let id: string
    try {
      const started = Date.now()
      const response = await postJson(site.url, islandBody(fields))
      expect(response.status).toBe(201)
      id = (await response.json()).id
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(mailsAbout(mail.accepted, id)).toEqual([])
      expect(rowById(dbPath, id)).toMatchObject({...fields, notified_at: null})
      await eventually(
        () => mailsAbout(mail.arrived, id).length > 0,
        10_000,
        'the mail to reach the mail server',
      )
      expect(rowById(dbPath, id)?.notified_at).toBeNull()
    } finally {
      release()
    }

    await eventually(() => rowById(dbPath, id)?.notified_at, 10_000, 'notified_at to be set')
    const [received, ...more] = mailsAbout(mail.accepted, id)
    expect(more).toEqual([])
    expect(received!.to).toEqual([SUPPORT_EMAIL])
    expect(received!.headers.to).toContain(SUPPORT_EMAIL)
    expect(received!.headers['reply-to']).toBe(fields.email)
    expect(received!.headers.from).toContain('no-reply@localhost')
    expect(received!.headers.subject).toBe(`Website message: ${fields.subject}`)
    expect(received!.headers['content-type']).toMatch(/^text\/plain/)
    expect(received!.text).toContain(`Name:    ${fields.name}`)
    expect(received!.text).toContain(`E-mail:  ${fields.email}`)
    expect(received!.text).toContain(`Phone:   ${fields.phone}`)
    expect(received!.text).toContain(`Subject: ${fields.subject}`)
    expect(received!.text).toContain(fields.message)

    // The retry timer (every second) does not send it again.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(mailsAbout(mail.arrived, id)).toHaveLength(1)
    expect(rowById(dbPath, id)?.notification_attempts).toBe(0)
  })

  it('has no Reply-To when the visitor gave only a phone number, and says the e-mail was not given', async () => {
    const dbPath = join(folder.path, 'site.sqlite')
    const fields = {...visitorMessage(), email: ''}
    const response = await postJson(site.url, islandBody(fields))
    expect(response.status).toBe(201)
    const {id} = await response.json()
    await eventually(() => rowById(dbPath, id)?.notified_at, 10_000, 'notified_at to be set')
    const [received] = mailsAbout(mail.accepted, id)
    expect(received!.headers).not.toHaveProperty('reply-to')
    expect(received!.text).toContain('E-mail:  (not given)')
    expect(received!.text).toContain(`Phone:   ${fields.phone}`)
  })

  it('goes to CONTACT_MAIL_TO from CONTACT_MAIL_FROM when they are set', async () => {
    const dbPath = join(folder.path, 'mail-to.sqlite')
    const fields = visitorMessage('another.visitor@example.org')
    const response = await postJson(siteWithMailTo.url, islandBody(fields))
    expect(response.status).toBe(201)
    const {id} = await response.json()
    await eventually(() => rowById(dbPath, id)?.notified_at, 10_000, 'notified_at to be set')
    const [received, ...more] = mailsAbout(mail.accepted, id)
    expect(more).toEqual([])
    expect(received!.to).toEqual(['care-team@clinic.example'])
    expect(received!.from).toBe('website@medistayindia.example')
    expect(received!.headers.from).toBe('MediStay website <website@medistayindia.example>')
    expect(received!.headers['reply-to']).toBe('another.visitor@example.org')
    expect(received!.text).toContain(fields.message)
  })
})

describe('when the mail server is down', () => {
  const folder = scratchFolder('mail-down')
  const dbPath = join(folder.path, 'messages.sqlite')
  let site: RunningServer
  let mail: MailServer | undefined
  let smtpPort: number

  beforeAll(async () => {
    smtpPort = await freePort()
    site = await startSiteServer(inject('distDir'), {
      CONTACT_DB_PATH: dbPath,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_NOTIFY_RETRY_SECONDS: '1',
    })
  })
  afterAll(async () => {
    await site?.stop()
    await mail?.close()
    folder.remove()
  })

  it('the visitor still gets 201, the message is kept as not notified, and it is mailed once the mail server is back', async () => {
    const fields = visitorMessage()
    const response = await postJson(site.url, islandBody(fields))
    expect(response.status).toBe(201)
    const {id} = await response.json()
    expect(rowById(dbPath, id)).toMatchObject(fields)

    const failed = await eventually(
      () => {
        const row = rowById(dbPath, id)
        return row && row.notification_attempts >= 1 ? row : undefined
      },
      10_000,
      'a failed attempt to be recorded',
    )
    expect(failed.notified_at).toBeNull()
    expect(failed.last_notification_error).toBeTruthy()

    // Retries keep failing while nothing listens.
    await eventually(() => (rowById(dbPath, id)?.notification_attempts ?? 0) >= 2, 10_000, 'a second attempt')
    expect(rowById(dbPath, id)?.notified_at).toBeNull()

    mail = await startMailServer(smtpPort)
    const notifiedAt = await eventually(
      () => rowById(dbPath, id)?.notified_at,
      10_000,
      'notified_at to be set',
    )
    expect(Date.parse(notifiedAt)).toBeGreaterThan(Date.parse(failed.received_at))
    const [received, ...more] = mailsAbout(mail.accepted, id)
    expect(more).toEqual([])
    expect(received!.to).toEqual([SUPPORT_EMAIL])
    expect(received!.headers['reply-to']).toBe(fields.email)
    expect(received!.text).toContain(fields.message)
  })
})

describe('after a restart', () => {
  const folder = scratchFolder('mail-restart')
  const dbPath = join(folder.path, 'messages.sqlite')
  const servers: RunningServer[] = []
  let mail: MailServer | undefined
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await mail?.close()
    folder.remove()
  })

  it('a message stored while the mail server was down is mailed when the site starts again, with no new message', async () => {
    const smtpPort = await freePort()
    const env = {
      CONTACT_DB_PATH: dbPath,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_NOTIFY_RETRY_SECONDS: '3600',
    }
    const first = await startSiteServer(inject('distDir'), env)
    const response = await postJson(first.url, islandBody(visitorMessage()))
    expect(response.status).toBe(201)
    const {id} = await response.json()
    await eventually(() => (rowById(dbPath, id)?.notification_attempts ?? 0) >= 1, 10_000, 'a failed attempt')
    await first.stop()

    mail = await startMailServer(smtpPort)
    servers.push(await startSiteServer(inject('distDir'), env))

    await eventually(() => rowById(dbPath, id)?.notified_at, 10_000, 'notified_at to be set')
    expect(mailsAbout(mail.accepted, id)).toHaveLength(1)
  })
})

describe('when the mail server refuses one message', () => {
  const folder = scratchFolder('mail-refused')
  const dbPath = join(folder.path, 'messages.sqlite')
  let site: RunningServer
  let mail: MailServer
  afterAll(async () => {
    await site?.stop()
    await mail?.close()
    folder.remove()
  })

  it('the other messages are still e-mailed, and the refused one stays stored for retry', async () => {
    mail = await startMailServer(0, (received) => received.text.includes('REFUSE-ME'))
    site = await startSiteServer(inject('distDir'), {
      CONTACT_DB_PATH: dbPath,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      CONTACT_NOTIFY_RETRY_SECONDS: '1',
    })
    const post = async (fields: ReturnType<typeof visitorMessage>) =>
      (await (await postJson(site.url, islandBody(fields))).json()).id as string
    const refused = await post({...visitorMessage(), message: `Please call me. REFUSE-ME ${marker()}`})
    const later = [await post(visitorMessage()), await post(visitorMessage())]

    for (const id of later) await eventually(() => rowById(dbPath, id)?.notified_at, 10_000, `${id} e-mailed`)
    const stillStored = rowById(dbPath, refused)
    expect(stillStored?.notified_at).toBeNull()
    expect(stillStored?.notification_attempts).toBeGreaterThanOrEqual(1)
  })
})
