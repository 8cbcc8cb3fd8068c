import {afterAll, describe, expect} from 'vitest'
import {SITE_STATUS_PATH, type SiteStatus} from '../../../model/siteStatus'
import {freePort} from '../../support/ports'
import {companyFacts, contactPage} from '../../support/site'
import {test} from '../../support/siteServer'
import {startMailServer, type MailServer, type ReceivedMail} from '../../support/smtp'
import {eventually, islandBody, postJson, rowById, validFields} from '../../support/contact'

// What the e-mail says, and how failures and retries go, is in notifier.test.ts and
// service.test.ts; this file checks what only the running server decides: the address (the
// customer-care e-mail of the build it serves), sending what is owed when it starts, and the
// acknowledgement to the sender in the words of the build it serves.
describe('with SMTP_URL, the production server', () => {
  let mail: MailServer | undefined
  afterAll(async () => {
    await mail?.close()
  })

  test('e-mails a message stored while the mail server was down to the customer-care address in Company facts when it starts again', async ({
    startSite,
  }) => {
    const smtpPort = await freePort()
    // An hour between retries: only the start can send it within this test.
    const first = await startSite({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_NOTIFY_RETRY_SECONDS: '3600',
    })
    const fields = validFields()
    const response = await postJson(first.url, islandBody(fields))
    expect(response.status).toBe(201)
    const {id} = await response.json()
    // The mail server cannot be reached: the try fails, and counts nothing against the message.
    await eventually(
      () => first.output().includes(`Contact message ${id} is stored; the mail server could not be reached`),
      10_000,
      'a failed attempt',
    )
    expect(rowById(first.dbPath, id)).toMatchObject({notified_at: null, notification_attempts: 0})

    mail = await startMailServer(smtpPort)
    const second = await first.restart()
    await eventually(
      () => rowById(second.dbPath, id)?.notified_at,
      10_000,
      'the message to be marked e-mailed',
    )
    const received = mail.accepted.filter((message) => message.text.includes(`Message id: ${id}`))
    expect(received).toHaveLength(1)
    expect(received[0]!.to).toEqual([companyFacts.customerCare.email])
    expect(received[0]!.headers['reply-to']).toBe(fields.email)
    expect(received[0]!.text).toContain(fields.message)
  })
})

describe('with SMTP_URL, the acknowledgement to a sender who gave an e-mail address', () => {
  const words = contactPage.acknowledgement as {subject: string; body: string}
  const referenceLabel = contactPage.form.referenceLabel as string
  const servers: MailServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
  })
  async function mailServer(refuse?: (mail: ReceivedMail) => boolean) {
    const server = await startMailServer(0, refuse)
    servers.push(server)
    return server
  }
  const toSender = (mail: MailServer, address: string) =>
    mail.accepted.filter((received) => received.to.includes(address))
  const toCustomerCare = (mail: MailServer, id: string) =>
    mail.accepted.filter((received) => received.text.includes(`Message id: ${id}`))

  test("goes at once to the sender with the reference the page showed and Studio's words, repeating nothing they typed; customer care is told whether health details may be used", async ({
    startSite,
  }) => {
    const mail = await mailServer()
    const site = await startSite({SMTP_URL: `smtp://127.0.0.1:${mail.port}`})
    const fields = {...validFields(), email: `asha.${Date.now()}@example.com`}
    const response = await postJson(site.url, islandBody(fields, {healthDetails: true}))
    expect(response.status).toBe(201)
    const {id, reference} = await response.json()
    expect(reference).toBe(id.slice(0, 8).toUpperCase())

    const [acknowledgement] = await eventually(
      () => toSender(mail, fields.email).length > 0 && toSender(mail, fields.email),
      10_000,
      'the acknowledgement',
    )
    expect(acknowledgement!.to).toEqual([fields.email])
    expect(acknowledgement!.headers.subject).toBe(words.subject)
    expect(acknowledgement!.headers['reply-to']).toBe(companyFacts.customerCare.email)
    expect(acknowledgement!.headers['content-type']).toMatch(/^text\/plain/)
    expect(acknowledgement!.text.trimEnd()).toBe(`${words.body}\n\n${referenceLabel} ${reference}`)
    for (const typed of [fields.name, fields.subject, fields.message, fields.phone])
      expect(acknowledgement!.raw, typed).not.toContain(typed)
    await eventually(() => rowById(site.dbPath, id)?.acknowledged_at, 10_000, 'acknowledged_at')

    const [care] = await eventually(
      () => toCustomerCare(mail, id).length > 0 && toCustomerCare(mail, id),
      10_000,
      'the e-mail to customer care',
    )
    expect(care!.text).toMatch(/^Health details may be used: yes\b/m)
    expect(care!.text).toContain(`Reference:  ${reference}`)

    const without = await postJson(site.url, islandBody(validFields()))
    const {id: withoutId} = await without.json()
    const [careWithout] = await eventually(
      () => toCustomerCare(mail, withoutId).length > 0 && toCustomerCare(mail, withoutId),
      10_000,
      'the e-mail about the second message',
    )
    expect(careWithout!.text).toMatch(/^Health details may be used: no\b/m)
  })

  test('refused by the mail server, is tried again and goes, while the e-mail to customer care went at once', async ({
    startSite,
  }) => {
    const address = `refused.${Date.now()}@example.com`
    let refusals = 0
    const mail = await mailServer((received) => received.to.includes(address) && ++refusals === 1)
    const site = await startSite({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      CONTACT_NOTIFY_RETRY_SECONDS: '1',
    })
    const response = await postJson(site.url, islandBody({...validFields(), email: address}))
    const {id} = await response.json()

    await eventually(() => rowById(site.dbPath, id)?.notified_at, 10_000, 'the e-mail to customer care')
    await eventually(
      () => rowById(site.dbPath, id)?.acknowledgement_attempts === 1,
      10_000,
      'the refusal to be recorded',
    )
    // The server records the refusal, then logs it: the line may reach us a moment after the row.
    await eventually(
      () => /refused the acknowledgement to its sender .* Attempt 1 of 8/.test(site.output()),
      5_000,
      'the refusal in the log',
    )
    await eventually(() => rowById(site.dbPath, id)?.acknowledged_at, 15_000, 'the acknowledgement')
    expect(toSender(mail, address)).toHaveLength(1)
    expect(toCustomerCare(mail, id)).toHaveLength(1)
  })

  test('is not sent when the sender gave only a phone number', async ({startSite}) => {
    const mail = await mailServer()
    const site = await startSite({SMTP_URL: `smtp://127.0.0.1:${mail.port}`})
    const fields = {...validFields(), email: ''}
    const response = await postJson(site.url, islandBody(fields))
    expect(response.status).toBe(201)
    const {id} = await response.json()
    await eventually(() => rowById(site.dbPath, id)?.notified_at, 10_000, 'the e-mail to customer care')
    // The e-mail to customer care went; nothing else was owed, so nothing else went.
    expect(rowById(site.dbPath, id)).toMatchObject({acknowledgement_owed: 0, acknowledged_at: null})
    expect(mail.arrived).toHaveLength(1)
    expect(mail.arrived[0]!.to).toEqual([companyFacts.customerCare.email])
  })

  test("tells Studio it e-mails customer care, so the Inbox says a message's e-mail is still to come; without SMTP_URL it says it does not", async ({
    startSite,
  }) => {
    const emails = async (site: {url: string}) =>
      ((await (await fetch(new URL(SITE_STATUS_PATH, site.url))).json()) as SiteStatus).emailsCustomerCare
    const mail = await mailServer()
    expect(await emails(await startSite({SMTP_URL: `smtp://127.0.0.1:${mail.port}`}))).toBe(true)
    expect(await emails(await startSite({}))).toBe(false)
  })
})
