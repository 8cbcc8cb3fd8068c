import {execFile} from 'node:child_process'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {expect, it} from 'vitest'
import {ROOT} from './support/astroBuild'

const run = promisify(execFile)
const tool = (path: string, args: string[]) =>
  run(process.execPath, [join(ROOT, 'node_modules', path), ...args], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({stdout}) => stdout,
    (error: {stdout: string; stderr: string}) => `${error.stdout}${error.stderr}`,
  )

// Style is settled by the tools, not in review (STYLE.md).
it('ESLint finds no problems', async () => {
  expect(await tool('eslint/bin/eslint.js', ['.', '--max-warnings', '0'])).toBe('')
}, 120_000)

it('every file is formatted with Prettier (run `npx prettier --write .`)', async () => {
  expect(await tool('prettier/bin/prettier.cjs', ['--check', '.', '--log-level', 'warn'])).toBe('')
}, 120_000)
