import {SMTPServer} from 'smtp-server'

/** One e-mail as the loopback SMTP server received it. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO of the SMTP conversation. */
  from: string
  to: string[]
  raw: string
  /** Header fields by lower-case name, unfolded, with RFC 2047 encoded words decoded. */
  headers: Record<string, string>
  /** The decoded text body, with LF line ends. */
  text: string
}

export interface MailServer {
  port: number
  /** Mail the server accepted (answered 250 to). */
  accepted: ReceivedMail[]
  /** Mail whose data arrived, accepted or not yet. */
  arrived: ReceivedMail[]
  /** Holds back the answer to every DATA until the returned function is called. */
  hold(): () => void
  close(): Promise<void>
}

/**
 * A plain SMTP server on 127.0.0.1 (no TLS, no authentication) that keeps what it receives.
 * `refuse` names mail it answers with a permanent 554, as a real server does for a message it
 * will never take.
 */
export async function startMailServer(
  port = 0,
  refuse: (mail: ReceivedMail) => boolean = () => false,
): Promise<MailServer> {
  const accepted: ReceivedMail[] = []
  const arrived: ReceivedMail[] = []
  let gate: Promise<void> | undefined
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
        })
        arrived.push(mail)
        await gate
        // Worded as real servers do, naming the recipient: the server must not copy it to its log.
        if (refuse(mail))
          return callback(
            Object.assign(new Error(`Message to <${mail.to.join('>, <')}> refused`), {responseCode: 554}),
          )
        accepted.push(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  return {
    port: typeof address === 'object' && address ? address.port : port,
    accepted,
    arrived,
    hold() {
      let release!: () => void
      gate = new Promise<void>((resolve) => (release = resolve))
      return () => {
        gate = undefined
        release()
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function parseMail(raw: string, envelope: {from: string; to: string[]}): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split)
  const body = raw.slice(split + 4)
  const headers: Record<string, string> = {}
  for (const field of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = field.indexOf(':')
    headers[field.slice(0, colon).trim().toLowerCase()] = decodeWords(field.slice(colon + 1).trim())
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
  return {...envelope, raw, headers, text: decoded.replace(/\r\n/g, '\n')}
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const unwrapped = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3)
    if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(unwrapped[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047: =?UTF-8?Q?...?= and =?UTF-8?B?...?=, with the whitespace between adjacent words dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}
