import {spawn} from 'node:child_process'
import {randomUUID} from 'node:crypto'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {indiaTime} from '../../../model/contactMessages'
import {SANITY_API_VERSION} from '../../../model/sanityApi'
import {sanityMessageStore} from '../../../src/contact/sanityStore'
import {sqliteMessageStore} from '../../../src/contact/sqliteStore'
import {referenceOf, type MessageStore, type StoredMessage} from '../../../src/contact/store'
import {ROOT} from '../../support/astroBuild'
import {startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'
import {asRecord, storedMessage} from '../../support/storedMessages'

// `npm run messages`, run as staff run it on the server: its own process, the store chosen by the
// same variables as the server's, and no terminal (as from a script, so it has nobody to ask: an
// answer piped in is not a person's).

const SCRIPT = join(ROOT, 'scripts/messages.ts')
const TOKEN = 'write-token-for-tests'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs `npm run messages -- ...args` with only these variables. Stdin is a pipe, not a terminal:
 * `piped` is written to it and the pipe closed; without it the pipe is left open.
 */
function messages(args: string[], env: Record<string, string>, piped?: string): Promise<Run> {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    cwd: ROOT,
    env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env},
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  if (piped !== undefined) child.stdin.end(piped)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  // A question would wait for an answer that never comes: stop it, and the test sees it asked.
  const timer = setTimeout(() => child.kill(), 15_000)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code, stdout, stderr})
    })
  })
}

// Asha wrote twice by e-mail (in two spellings of her address) and once giving only her phone.
const asha = {
  first: storedMessage({receivedAt: '2026-11-02T08:00:00.000Z'}),
  byPhone: storedMessage({receivedAt: '2026-11-03T08:00:00.000Z', email: '', phone: '098765 43210'}),
  second: storedMessage({receivedAt: '2026-11-05T08:00:00.000Z', email: 'Asha.Menon@Example.com', phone: ''}),
}
// 23:30 on 30 September in India: before "--since 2026-10-01", which counts from midnight there.
const before = storedMessage({
  receivedAt: '2026-09-30T18:00:00.000Z',
  name: 'Meera Iyer',
  email: 'meera@example.org',
  phone: '',
})
const ravi = storedMessage({
  receivedAt: '2026-10-20T08:00:00.000Z',
  name: 'Ravi Kumar',
  email: 'ravi.kumar@example.com',
  phone: '+44 20 7946 0000',
})
const priya = storedMessage({
  receivedAt: '2026-11-04T08:00:00.000Z',
  name: 'Priya Raman',
  email: '',
  phone: '+91 91234 56789',
})
/** Oldest first. */
const everyone = [before, ravi, asha.first, asha.byPhone, priya, asha.second]

/**
 * Three people whose numbers end in the same ten digits: Asha in India and two callers abroad,
 * with numbers of a length their countries have, as the form accepts them.
 */
const sameDigits = {
  asha: storedMessage({receivedAt: '2026-11-02T08:00:00.000Z', phone: '+91 98765 43210'}),
  london: storedMessage({
    receivedAt: '2026-11-03T08:00:00.000Z',
    name: 'Oliver Grant',
    email: 'oliver.grant@example.co.uk',
    phone: '+44 98765 43210',
  }),
  newYork: storedMessage({
    receivedAt: '2026-11-04T08:00:00.000Z',
    name: 'Maria Lopez',
    email: 'maria.lopez@example.com',
    phone: '+1 987 654 3210',
  }),
}

/** Fills the store as the server would have: Ravi's e-mail given up, Priya's sent. */
async function fill(store: MessageStore) {
  for (const message of everyone) await store.save(message)
  await store.recordRefusal('notification', ravi.id, {
    error: '550 5.1.1 mailbox unavailable',
    gaveUpAt: '2026-10-21T09:00:00.000Z',
  })
  await store.markSent('notification', priya.id, '2026-11-04T08:00:03.000Z')
}

const ids = (messages: {id: string}[]) => messages.map((message) => message.id)
const EVER = '1970-01-01T00:00:00.000Z'

/** The lines the command printed for matched messages, as `list` prints them: when (India time), then the id. */
const matchedIn = (output: string) =>
  output
    .split('\n')
    .map((line) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+05:30\s+([0-9a-f-]{36})\s/.exec(line)?.[1])
    .filter(Boolean)

describe('npm run messages, on the SQLite file CONTACT_DB_PATH names', () => {
  let scratch: string
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'messages-command-'))
  })
  afterAll(() => rmSync(scratch, {recursive: true, force: true}))

  /** A SQLite file holding everyone's messages (or these), and a way to read it afterwards. */
  async function sqliteFile(only?: StoredMessage[]) {
    const path = join(scratch, `${randomUUID()}.sqlite`)
    const store = sqliteMessageStore(path)
    if (only) for (const message of only) await store.save(message)
    else await fill(store)
    store.close()
    const remaining = async () => {
      const reader = sqliteMessageStore(path)
      try {
        return ids(await reader.listSince(EVER))
      } finally {
        reader.close()
      }
    }
    return {env: {CONTACT_DB_PATH: path}, description: `SQLite file ${path}`, remaining}
  }

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

  for (const answer of ['n\n', 'y\n']) {
    it(`erase without --yes and without a terminal erases nothing, even with ${JSON.stringify(answer)} piped in`, async () => {
      const file = await sqliteFile()
      const run = await messages(['erase', '--phone', '098765 43210'], file.env, answer)
      expect(run.code).toBe(1)
      expect(run.stdout).not.toContain('[y/N]')
      expect(matchedIn(run.stdout)).toEqual(ids([asha.first, asha.byPhone]))
      expect(run.stderr).toBe(
        'Nothing erased: run this at a terminal to be asked, or pass --yes to erase these.\n',
      )
      expect(await file.remaining()).toEqual(ids(everyone))
    })
  }

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

  it('a CONTACT_DB_PATH with no file there is an error naming it, not an empty answer to an access request', async () => {
    const missing = join(ROOT, '.scratch', `no-such-${Date.now()}.sqlite`)
    const run = await messages(['export', '--email', 'asha.menon@example.com'], {CONTACT_DB_PATH: missing})
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(`There is no message store at ${missing}`)
    expect(existsSync(missing)).toBe(false)
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

  it('list --since prints one line per message since that day (from midnight India time), oldest first, in India time, marking an e-mail given up', async () => {
    const file = await sqliteFile()
    const run = await messages(['list', '--since', '2026-10-01'], file.env)
    expect(run).toMatchObject({code: 0, stderr: ''})
    const lines = run.stdout.trimEnd().split('\n')
    const since = [ravi, asha.first, asha.byPhone, priya, asha.second]
    expect(lines).toHaveLength(since.length + 1)
    since.forEach((message, index) => {
      expect(lines[index]).toMatch(
        new RegExp(`^${indiaTime(message.receivedAt).replace('+', '\\+')}\\s+${message.id}\\s`),
      )
      expect(lines[index]).toContain(message.subject)
    })
    expect(lines[0]).toMatch(/^2026-10-20 13:30 \+05:30 /)
    expect(lines.filter((line) => line.includes('E-MAIL GIVEN UP'))).toEqual([lines[0]])
    expect(lines[0]).toContain('Ravi Kumar, ravi.kumar@example.com, +44 20 7946 0000')
    expect(lines[0]).toContain('550 5.1.1 mailbox unavailable')
    expect(lines[3]).toContain('e-mailed 2026-11-04 13:30 +05:30')
    expect(lines.at(-1)).toBe(
      '5 messages since 2026-10-01, 5 not handled; the e-mail about 1 was given up: answer it from here (npm run messages -- show REFERENCE).',
    )
  })

  it('list without --since shows every message still to answer: reference, first line of the text, e-mail and handled state', async () => {
    const file = await sqliteFile()
    expect((await messages(['handled', referenceOf(asha.first.id)], file.env)).code).toBe(0)
    const run = await messages(['list'], file.env)
    expect(run).toMatchObject({code: 0, stderr: ''})
    const lines = run.stdout.trimEnd().split('\n')
    expect(matchedIn(run.stdout)).toEqual(ids([before, ravi, asha.byPhone, priya, asha.second]))
    const raviLine = lines[1]!
    expect(raviLine).toContain(`  ${referenceOf(ravi.id)}  NOT HANDLED  Ravi Kumar`)
    expect(raviLine).toContain(`«${ravi.message}»`)
    expect(raviLine).toContain('E-MAIL GIVEN UP after 1 refusals (550 5.1.1 mailbox unavailable)')
    expect(lines.at(-1)).toBe(
      '5 messages not handled; the e-mail about 1 was given up: answer it from here (npm run messages -- show REFERENCE).',
    )
  })

  it('show REFERENCE prints the message whole: who, the whole text, its e-mails, the consent, and how to mark it handled', async () => {
    const file = await sqliteFile()
    const reference = referenceOf(ravi.id)
    const run = await messages(['show', reference.toLowerCase()], file.env)
    expect(run).toMatchObject({code: 0, stderr: ''})
    expect(run.stdout).toContain(`Message ${reference}, received 2026-10-20 13:30 +05:30\n`)
    expect(run.stdout).toContain(
      `Handled:         not yet; once answered: npm run messages -- handled ${reference}\n`,
    )
    expect(run.stdout).toContain('Name:            Ravi Kumar\n')
    expect(run.stdout).toContain('E-mail:          ravi.kumar@example.com\n')
    expect(run.stdout).toContain('Phone:           +44 20 7946 0000\n')
    expect(run.stdout).toContain(`Subject:         ${ravi.subject}\n`)
    expect(run.stdout).toContain(
      'E-mail to care:  E-MAIL GIVEN UP after 1 refusals (550 5.1.1 mailbox unavailable)',
    )
    for (const {box, wording, ticked} of ravi.consent.boxes)
      expect(run.stdout).toContain(`  Box ${box} (${ticked ? 'ticked' : 'not ticked'}): ${wording}\n`)
    // The notice the first box agreed to, its paragraphs on one line.
    expect(run.stdout).toContain(
      `  Notice above the boxes: ${ravi.consent.notice!.replaceAll('\n\n', ' ¶ ')}\n`,
    )
    expect(run.stdout).toContain(`Message id:      ${ravi.id}\n`)
    expect(run.stdout.endsWith(`\n\n${ravi.message}\n`)).toBe(true)
  })

  it('handled REFERENCE records who answered, once; unhandled takes it back; list and show say so', async () => {
    const file = await sqliteFile()
    const reference = referenceOf(priya.id)
    const marked = await messages(['handled', reference, '--by', 'Meena'], file.env)
    expect(marked.code).toBe(0)
    expect(marked.stdout).toMatch(
      new RegExp(
        `^Message ${reference} \\(Priya Raman, \\+91 91234 56789, "${priya.subject.replace(/[()]/g, '\\$&')}"\\) is marked handled \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\+05:30 by Meena\\.\\n$`,
      ),
    )
    const again = await messages(['handled', reference], file.env)
    expect(again.stdout).toMatch(/was already marked handled .* by Meena; nothing changed\.\n$/)
    expect((await messages(['show', reference], file.env)).stdout).toMatch(/Handled: +handled .* by Meena\n/)
    expect(matchedIn((await messages(['list'], file.env)).stdout)).not.toContain(priya.id)

    const unmarked = await messages(['unhandled', reference], file.env)
    expect(unmarked.stdout).toBe(`Message ${reference} is marked not handled again: it needs an answer.\n`)
    expect(matchedIn((await messages(['list'], file.env)).stdout)).toContain(priya.id)
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
    expect(shown.stdout.endsWith(`\n\n${ravi.message}\n`)).toBe(true)

    const marked = await messages(['handled', reference, '--by', 'Meena'], env())
    expect(marked.stdout).toContain(`Message ${reference} (Ravi Kumar`)
    const stored = async () => (await sanityMessageStore(config()).findByReference(reference))[0]
    expect(await stored()).toMatchObject({handledBy: 'Meena'})
    expect(Date.parse(String((await stored())?.handledAt))).not.toBeNaN()

    const listed = await messages(['list'], env())
    expect(matchedIn(listed.stdout)).toEqual(ids([before, asha.first, asha.byPhone, priya, asha.second]))
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
