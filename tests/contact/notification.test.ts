import {afterAll, describe, expect} from 'vitest'
import {freePort} from '../support/ports'
import {companyFacts} from '../support/site'
import {test} from '../support/siteServer'
import {startMailServer, type MailServer} from './smtp'
import {eventually, islandBody, postJson, rowById, validFields} from './support'

// What the e-mail says, and how failures and retries go, is in notifier.test.ts and
// service.test.ts; this file checks what only the running server decides: the address (the
// customer-care e-mail of the build it serves) and sending what is owed when it starts.
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
