import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {indiaTime} from '../../../model/contactMessages'
import {SANITY_API_VERSION} from '../../../model/sanityApi'
import {LIST_WIDTH, messagesCommand} from '../../../src/contact/messagesCommand'
import {sanityMessageStore} from '../../../src/contact/sanityStore'
import {referenceOf, type StoredMessage} from '../../../src/contact/store'
import {
  asha,
  before,
  everyone,
  EVER,
  fill,
  ids,
  listedIn,
  matchedIn,
  priya,
  ravi,
  sameDigits,
  sqliteFile as sqliteFileIn,
} from '../../support/messagesCommand'
import {startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'
import {asRecord} from '../../support/storedMessages'

// `npm run messages` as staff run it on the server, the store chosen by the same variables as the
// server's, run in this process: what it prints, what it returns as its exit code and what it
// changes. tests/built/contact/messagesCommand.test.ts runs the command itself, in its own process.

const TOKEN = 'write-token-for-tests'

interface Run {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs `npm run messages -- ...args` with only these variables. Without `answer` there is no
 * terminal (as from a script); with it, a person at a terminal answers the question with it.
 */
/** An SMTP server's address: with it, e-mail is on (the command sends none). */
const SMTP = 'smtp://127.0.0.1:2525'

/** The moment the command runs: 10:00 in India. */
const HANDLED_AT = new Date('2026-10-05T04:30:00Z')

async function messages(args: string[], env: Record<string, string>, answer?: string): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await messagesCommand(args, {
    env,
    print: (text) => (stdout += `${text}\n`),
    note: (text) => (stderr += `${text}\n`),
    now: () => HANDLED_AT,
    ...(answer === undefined
      ? {}
      : {
          ask: async (question: string) => {
            stdout += question
            return answer
          },
        }),
  })
  return {code, stdout, stderr}
}

describe('npm run messages, on the SQLite file CONTACT_DB_PATH names', () => {
  let scratch: string
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'messages-command-'))
  })
  afterAll(() => rmSync(scratch, {recursive: true, force: true}))

  const sqliteFile = (only?: StoredMessage[]) => sqliteFileIn(scratch, only)

  it('export --email prints every message from that address as JSON, with the consent given, and changes nothing', async () => {
    const file = await sqliteFile()
    const run = await messages(['export', '--email', 'ASHA.MENON@example.com'], file.env)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual([asha.first, asha.second].map(asRecord))
    expect(await file.remaining()).toEqual(ids(everyone))
  })

  it('export lists what it matched on stderr, one line per message, so that its JSON stays whole', async () => {
    const file = await sqliteFile()
    const run = await messages(['export', '--email', 'asha.menon@example.com'], file.env)
    expect(matchedIn(run.stderr)).toEqual(ids([asha.first, asha.second]))
    expect(run.stderr).toContain(
      `Asha Menon, asha.menon@example.com, +91 98765 43210  "${asha.first.subject}"`,
    )
    expect(matchedIn(run.stdout)).toEqual([])
  })

  it('export --phone prints every message from that number, however it was written', async () => {
    const file = await sqliteFile()
    const run = await messages(['export', '--phone', '+91 98765 43210'], file.env)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual([asha.first, asha.byPhone].map(asRecord))
  })

  it('erase --email --yes deletes every message from that address and says how many; the rest stay', async () => {
    const file = await sqliteFile()
    const run = await messages(['erase', '--email', 'asha.menon@example.com', '--yes'], file.env)
    expect(run).toMatchObject({code: 0, stderr: ''})
    expect(matchedIn(run.stdout)).toEqual(ids([asha.first, asha.second]))
    expect(run.stdout).toMatch(
      new RegExp(`\n${`Erased 2 messages from asha.menon@example.com in ${file.description}.`}\n$`),
    )
    expect(await file.remaining()).toEqual(ids([before, ravi, asha.byPhone, priya]))
  })

  it('erase without --yes and without a terminal asks nobody and erases nothing', async () => {
    const file = await sqliteFile()
    const run = await messages(['erase', '--phone', '098765 43210'], file.env)
    expect(run.code).toBe(1)
    expect(run.stdout).not.toContain('[y/N]')
    expect(matchedIn(run.stdout)).toEqual(ids([asha.first, asha.byPhone]))
    expect(run.stderr).toBe(
      'Nothing erased: run this at a terminal to be asked, or pass --yes to erase these.\n',
    )
    expect(await file.remaining()).toEqual(ids(everyone))
  })

  it('erase without --yes at a terminal asks first, and erases only on "y" or "yes"', async () => {
    for (const answer of ['n', '', 'yes please']) {
      const file = await sqliteFile()
      const run = await messages(['erase', '--phone', '098765 43210'], file.env, answer)
      expect(run.stdout, answer).toContain(
        'Erase these 2 messages from phone 098765 43210? [y/N] Nothing erased.\n',
      )
      expect(run.code, answer).toBe(1)
      expect(await file.remaining(), answer).toEqual(ids(everyone))
    }
    for (const answer of ['y', ' YES ']) {
      const file = await sqliteFile()
      const run = await messages(['erase', '--phone', '098765 43210'], file.env, answer)
      expect(run.stdout, answer).toContain(
        `Erased 2 messages from phone 098765 43210 in ${file.description}.\n`,
      )
      expect(run.code, answer).toBe(0)
      expect(await file.remaining(), answer).toEqual(ids([before, ravi, priya, asha.second]))
    }
  })

  it('export --phone "098765 43210" gives only the Indian number, not +44 or +1 numbers ending in the same digits', async () => {
    const file = await sqliteFile(Object.values(sameDigits))
    const run = await messages(['export', '--phone', '098765 43210'], file.env)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual([asRecord(sameDigits.asha)])
    expect(matchedIn(run.stderr)).toEqual([sameDigits.asha.id])
  })

  it('erase --phone "098765 43210" --yes erases only the Indian number; the +44 and +1 callers keep theirs', async () => {
    const file = await sqliteFile(Object.values(sameDigits))
    const run = await messages(['erase', '--phone', '098765 43210', '--yes'], file.env)
    expect(run.code).toBe(0)
    expect(matchedIn(run.stdout)).toEqual([sameDigits.asha.id])
    expect(run.stdout).toContain(`Erased 1 message from phone 098765 43210 in ${file.description}.`)
    expect(await file.remaining()).toEqual(ids([sameDigits.london, sameDigits.newYork]))
  })

  it('a blank --email or --phone is refused, so it can never match, export or erase anyone', async () => {
    const file = await sqliteFile()
    for (const args of [
      ['erase', '--email', ' ', '--yes'],
      ['erase', '--phone', '  ', '--yes'],
    ]) {
      const run = await messages(args, file.env)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('Say whose messages')
    }
    expect(await file.remaining()).toHaveLength(6)
  })

  it('list --since prints one line per message since that day (from midnight India time), oldest first, in India time, within 120 columns, marking an e-mail given up when e-mail is on', async () => {
    const file = await sqliteFile()
    const since = [ravi, asha.first, asha.byPhone, priya, asha.second]
    const mailOff = await messages(['list', '--since', '2026-10-01'], file.env)
    const run = await messages(['list', '--since', '2026-10-01'], {...file.env, SMTP_URL: SMTP})
    for (const {code, stdout, stderr} of [mailOff, run]) {
      expect({code, stderr}).toEqual({code: 0, stderr: ''})
      const lines = stdout.trimEnd().split('\n')
      expect(lines).toHaveLength(since.length + 1)
      expect(listedIn(stdout)).toEqual(since.map(({id}) => referenceOf(id)))
      since.forEach((message, index) => {
        expect(
          lines[index]!.startsWith(`${indiaTime(message.receivedAt)}  ${referenceOf(message.id)}  `),
        ).toBe(true)
        expect(lines[index]!.length).toBeLessThanOrEqual(LIST_WIDTH)
      })
      expect(lines[0]).toMatch(/^2026-10-20 13:30 \+05:30 /)
      expect(lines[0]).toContain('Ravi Kumar')
      expect(lines.at(-1)).toBe(
        '5 messages since 2026-10-01, 5 not handled; the e-mail about 1 was given up: answer it from here (npm run messages -- show REFERENCE).',
      )
    }
    // E-mail on: the one given up says so at the end of its line. Off: no line speaks of e-mail.
    const lines = run.stdout.split('\n')
    expect(lines.filter((line) => line.endsWith('E-MAIL GIVEN UP'))).toEqual([lines[0]])
    expect(mailOff.stdout.split('\n').slice(0, -2).join('\n')).not.toMatch(/e-mail/i)
  })

  it('list without --since shows every message still to answer: reference, handled state, who and the start of the text', async () => {
    const file = await sqliteFile()
    expect((await messages(['handled', referenceOf(asha.first.id)], file.env)).code).toBe(0)
    const run = await messages(['list'], file.env)
    expect(run).toMatchObject({code: 0, stderr: ''})
    const lines = run.stdout.trimEnd().split('\n')
    expect(listedIn(run.stdout)).toEqual(
      [before, ravi, asha.byPhone, priya, asha.second].map(({id}) => referenceOf(id)),
    )
    const raviLine = lines[1]!
    expect(raviLine).toContain(`  ${referenceOf(ravi.id)}  NOT HANDLED  Ravi Kumar  "`)
    // The text's first line, whole, or cut short with an ellipsis at the line's width.
    const shown = raviLine.slice(raviLine.indexOf('«') + 1)
    if (shown.endsWith('»')) expect(shown).toBe(`${ravi.message.split('\n')[0]}»`)
    else expect(shown.endsWith('…') && ravi.message.startsWith(shown.slice(0, -1))).toBe(true)
    expect(lines.at(-1)).toBe(
      '5 messages not handled; the e-mail about 1 was given up: answer it from here (npm run messages -- show REFERENCE).',
    )
  })

  it('show REFERENCE prints the message whole: who, the whole text, then its e-mails (when e-mail is on), the consent, and how to mark it handled', async () => {
    const file = await sqliteFile()
    const reference = referenceOf(ravi.id)
    const mailOff = await messages(['show', reference.toLowerCase()], file.env)
    const run = await messages(['show', reference.toLowerCase()], {...file.env, SMTP_URL: SMTP})
    for (const {code, stdout, stderr} of [mailOff, run]) {
      expect({code, stderr}).toEqual({code: 0, stderr: ''})
      expect(stdout).toContain(`Message ${reference}, received 2026-10-20 13:30 +05:30\n`)
      expect(stdout).toContain(
        `Handled:         not yet; once answered: npm run messages -- handled ${reference}\n`,
      )
      expect(stdout).toContain('Name:            Ravi Kumar\n')
      expect(stdout).toContain('E-mail:          ravi.kumar@example.com\n')
      expect(stdout).toContain('Phone:           +44 20 7946 0000\n')
      expect(stdout).toContain(`Subject:         ${ravi.subject}\n`)
      expect(stdout).toContain(`\n\n${ravi.message}\n\n`)
      for (const {box, wording, ticked} of ravi.consent.boxes)
        expect(stdout).toContain(`  Box ${box} (${ticked ? 'ticked' : 'not ticked'}): ${wording}\n`)
      // The message comes before its consent record.
      expect(stdout.indexOf(ravi.message)).toBeLessThan(stdout.indexOf('  Box '))
      // The notice the first box agreed to, its paragraphs on one line.
      expect(stdout).toContain(
        `  Notice above the boxes: ${ravi.consent.notice!.replaceAll('\n\n', ' ¶ ')}\n`,
      )
      expect(stdout).toContain(`Message id:      ${ravi.id}\n`)
    }
    expect(run.stdout).toContain(
      'E-mail to care:  E-MAIL GIVEN UP after 1 refusals (550 5.1.1 mailbox unavailable)',
    )
    expect(mailOff.stdout).not.toMatch(/E-mail to care|Acknowledgement/)
  })

  it('handled REFERENCE records who answered, once; unhandled takes it back; list and show say so', async () => {
    const file = await sqliteFile()
    const reference = referenceOf(priya.id)
    const marked = await messages(['handled', reference, '--by', 'Meena'], file.env)
    expect(marked.code).toBe(0)
    expect(marked.stdout).toMatch(
      new RegExp(
        `^Message ${reference} \\(Priya Raman, \\+91 91234 56789, "${priya.subject.replace(/[()]/g, '\\$&')}"\\) is marked handled 2026-10-05 10:00 \\+05:30 by Meena\\.\\n$`,
      ),
    )
    const again = await messages(['handled', reference], file.env)
    expect(again.stdout).toMatch(/was already marked handled .* by Meena; nothing changed\.\n$/)
    expect((await messages(['show', reference], file.env)).stdout).toMatch(/Handled: +handled .* by Meena\n/)
    expect(listedIn((await messages(['list'], file.env)).stdout)).not.toContain(reference)

    const unmarked = await messages(['unhandled', reference], file.env)
    expect(unmarked.stdout).toBe(`Message ${reference} is marked not handled again: it needs an answer.\n`)
    expect(listedIn((await messages(['list'], file.env)).stdout)).toContain(reference)
  })

  it('a reference no message has, or that is not a reference, is said plainly and changes nothing', async () => {
    const file = await sqliteFile()
    const missing = await messages(['handled', '00000000'], file.env)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(`No message has the reference 00000000 in ${file.description}.\n`)
    const wrong = await messages(['show', 'Ravi'], file.env)
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain(
      'Say which message: its reference, eight characters from 0-9 and A-F such as 0A1B2C3D ("Ravi" is not one).',
    )
    expect((await messages(['list'], file.env)).stdout).toContain('6 messages not handled')
  })
})

describe('npm run messages, on Sanity with SANITY_PROJECT_ID, SANITY_API_WRITE_TOKEN and SANITY_API_HOST', () => {
  let lake: QueryApiStandIn
  beforeAll(async () => {
    lake = await startQueryApiStandIn({documents: []})
  })
  afterAll(async () => {
    await lake?.close()
  })

  const config = () => ({
    projectId: 'test',
    dataset: 'production',
    apiVersion: SANITY_API_VERSION,
    token: TOKEN,
    apiHost: lake.url,
  })
  const env = () => ({SANITY_PROJECT_ID: 'test', SANITY_API_WRITE_TOKEN: TOKEN, SANITY_API_HOST: lake.url})

  /** The Inbox holding everyone's messages, and a way to read it afterwards. */
  async function inbox() {
    lake.setDocuments([])
    await fill(sanityMessageStore(config()))
    return {remaining: async () => ids(await sanityMessageStore(config()).listSince(EVER))}
  }

  it('export --email prints every message from that address as JSON, with the consent given', async () => {
    await inbox()
    const run = await messages(['export', '--email', 'asha.menon@EXAMPLE.com'], env())
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual([asha.first, asha.second].map(asRecord))
    expect(matchedIn(run.stderr)).toEqual(ids([asha.first, asha.second]))
  })

  it('show, handled and list behave as on SQLite, the handled state kept on the document', async () => {
    await inbox()
    const reference = referenceOf(ravi.id)
    const shown = await messages(['show', reference], env())
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain(`Message ${reference}, received 2026-10-20 13:30 +05:30\n`)
    expect(shown.stdout).toContain(`\n\n${ravi.message}\n\n`)

    const marked = await messages(['handled', reference, '--by', 'Meena'], env())
    expect(marked.stdout).toContain(`Message ${reference} (Ravi Kumar`)
    const stored = async () => (await sanityMessageStore(config()).findByReference(reference))[0]
    expect(await stored()).toMatchObject({handledBy: 'Meena'})
    expect(Date.parse(String((await stored())?.handledAt))).not.toBeNaN()

    const listed = await messages(['list'], env())
    expect(listedIn(listed.stdout)).toEqual(
      [before, asha.first, asha.byPhone, priya, asha.second].map(({id}) => referenceOf(id)),
    )
    expect(listed.stdout).toContain('5 messages not handled.\n')
    expect((await messages(['unhandled', reference], env())).code).toBe(0)
    expect(await stored()).not.toHaveProperty('handledAt')
  })

  it('erase --phone --yes deletes every message from that number and says how many; the rest stay', async () => {
    const {remaining} = await inbox()
    const run = await messages(['erase', '--phone', '+91 98765 43210', '--yes'], env())
    expect(run).toMatchObject({code: 0, stderr: ''})
    expect(matchedIn(run.stdout)).toEqual(ids([asha.first, asha.byPhone]))
    expect(run.stdout).toContain(
      'Erased 2 messages from phone +91 98765 43210 in Sanity dataset "production" of project test.\n',
    )
    expect(await remaining()).toEqual(ids([before, ravi, priya, asha.second]))
  })
})
