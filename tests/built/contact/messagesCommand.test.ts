import {spawn} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, expect, it} from 'vitest'
import {SANITY_API_VERSION} from '../../../model/sanityApi'
import {sanityMessageStore} from '../../../src/contact/sanityStore'
import {ROOT} from '../../support/astroBuild'
import {
  asha,
  before,
  everyone,
  EVER,
  fill,
  ids,
  matchedIn,
  priya,
  ravi,
  sqliteFile,
} from '../../support/messagesCommand'
import {startQueryApiStandIn} from '../../support/queryApiStandIn'
import {asRecord} from '../../support/storedMessages'
import {childEnv} from '../../../localTrial/childEnv'

// `npm run messages` in its own process, as staff run it on the server: the variables that choose
// the store, standard output and error, the exit code, and no terminal (as from a script, so it
// has nobody to ask: an answer piped in is not a person's). What each command prints and changes
// is in tests/unit/contact/messagesCommand.test.ts.

const SCRIPT = join(ROOT, 'scripts/messages.ts')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `npm run messages -- ...args` with only these variables, `piped` written to its stdin. */
function messages(args: string[], env: Record<string, string>, piped = ''): Promise<Run> {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    cwd: ROOT,
    env: {...childEnv(), ...env},
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  child.stdin.end(piped)
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

const scratch = mkdtempSync(join(tmpdir(), 'messages-command-'))
afterAll(() => rmSync(scratch, {recursive: true, force: true}))

it('export on the SQLite file prints the JSON on stdout and what it matched on stderr, exit code 0', async () => {
  const file = await sqliteFile(scratch)
  const run = await messages(['export', '--email', 'ASHA.MENON@example.com'], file.env)
  expect(run.code).toBe(0)
  expect(JSON.parse(run.stdout)).toEqual([asha.first, asha.second].map(asRecord))
  expect(matchedIn(run.stderr)).toEqual(ids([asha.first, asha.second]))
})

it('erase without --yes, with "y" piped in and no terminal, erases nothing and exits 1', async () => {
  const file = await sqliteFile(scratch)
  const run = await messages(['erase', '--phone', '098765 43210'], file.env, 'y\n')
  expect(run.code).toBe(1)
  expect(run.stdout).not.toContain('[y/N]')
  expect(run.stderr).toBe(
    'Nothing erased: run this at a terminal to be asked, or pass --yes to erase these.\n',
  )
  expect(await file.remaining()).toEqual(ids(everyone))
})

it('a CONTACT_DB_PATH with no file there is an error naming it on stderr, exit code 2', async () => {
  const missing = join(scratch, 'no-such.sqlite')
  const run = await messages(['export', '--email', 'asha.menon@example.com'], {CONTACT_DB_PATH: missing})
  expect(run.code).toBe(2)
  expect(run.stdout).toBe('')
  expect(run.stderr).toContain(`There is no message store at ${missing}`)
  expect(existsSync(missing)).toBe(false)
})

it('with SANITY_PROJECT_ID, SANITY_API_WRITE_TOKEN and SANITY_API_HOST, erase --yes works on the Sanity Inbox', async () => {
  const lake = await startQueryApiStandIn({documents: []})
  try {
    const token = 'write-token-for-tests'
    const config = {projectId: 'test', dataset: 'production', apiVersion: SANITY_API_VERSION, token}
    const inbox = () => sanityMessageStore({...config, apiHost: lake.url})
    await fill(inbox())
    const env = {SANITY_PROJECT_ID: 'test', SANITY_API_WRITE_TOKEN: token, SANITY_API_HOST: lake.url}

    const run = await messages(['erase', '--phone', '+91 98765 43210', '--yes'], env)

    expect(run).toMatchObject({code: 0, stderr: ''})
    expect(run.stdout).toContain(
      'Erased 2 messages from phone +91 98765 43210 in Sanity dataset "production" of project test.\n',
    )
    expect(ids(await inbox().listSince(EVER))).toEqual(ids([before, ravi, priya, asha.second]))
  } finally {
    await lake.close()
  }
})
