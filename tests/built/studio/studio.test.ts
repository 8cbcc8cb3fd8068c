import {execFile} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {join, relative} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, describe, expect, it} from 'vitest'
import {ROOT} from '../../support/astroBuild'

const run = promisify(execFile)
const STUDIO = join(ROOT, 'studio')
const SANITY = join(ROOT, 'node_modules/sanity/bin/sanity')
const scratch = mkdtempSync(join(ROOT, '.scratch-studio-'))
afterAll(() => rmSync(scratch, {recursive: true, force: true}))

const sanity = (...args: string[]) =>
  run(process.execPath, [SANITY, ...args], {
    cwd: STUDIO,
    env: {...process.env, SANITY_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', CI: 'true'},
    maxBuffer: 16 * 1024 * 1024,
  })

// Its schema is judged without a process of its own: errors and warnings by
// tests/unit/studio/dataset.test.ts (as `sanity schema validate` judges them), and the whole
// workspace, plugins included, loads for `sanity schema extract` in tests/built/studio/typegen.test.ts.
describe('the Studio', () => {
  it('builds for staff to open in a browser', async () => {
    const outDir = join(scratch, 'studio')
    await sanity('build', relative(STUDIO, outDir), '-y')
    expect(existsSync(join(outDir, 'index.html'))).toBe(true)
  }, 180_000)
})
