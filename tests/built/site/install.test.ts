import {execFile} from 'node:child_process'
import {copyFileSync, mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {delimiter, join} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, describe, expect, it} from 'vitest'
import {ROOT} from '../../support/astroBuild'
import {warningsToAct} from '../../support/npmWarnings'

const run = promisify(execFile)
// npm as `npm ci` runs it on a fresh machine: on the machine's Node, not the project's Node 24
// that npm scripts put first on the PATH (node_modules/.bin).
const machinePath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((entry) => !entry.includes('node_modules'))
  .join(delimiter)
const folder = mkdtempSync(join(tmpdir(), 'npm-ci-'))
afterAll(() => rmSync(folder, {recursive: true, force: true}))

describe('installing', () => {
  // The repository's .npmrc keeps `npm ci` quiet (log level "error"): its only warnings are npm
  // judging engines against the machine's Node. This reads what it would have said, on a copy
  // of the package files (a dry run installs nothing), and fails on anything someone must act on.
  it('npm ci warns of nothing but engines that the project’s own Node satisfies', async () => {
    for (const file of ['package.json', 'package-lock.json', '.npmrc', 'studio/package.json']) {
      mkdirSync(join(folder, file, '..'), {recursive: true})
      copyFileSync(join(ROOT, file), join(folder, file))
    }
    const {stdout, stderr} = await run(
      'npm',
      ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'],
      {cwd: folder, env: {PATH: machinePath, HOME: process.env.HOME ?? ''}, maxBuffer: 1 << 24},
    )
    expect(stdout + stderr).toMatch(/^add /m)
    expect(warningsToAct(stdout + stderr, process.versions.node)).toEqual([])
  })
})
