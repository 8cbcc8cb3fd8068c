import {execFile} from 'node:child_process'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {expect, it} from 'vitest'
import {ROOT} from '../../support/astroBuild'

const run = promisify(execFile)

it('the site, the Studio and the tests type-check', async () => {
  const env = {...process.env, ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1'}
  // `astro sync` writes the types of the content collections that the pages import.
  await run(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'sync'], {cwd: ROOT, env})
  const result = await run(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
    {
      cwd: ROOT,
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: {stdout: string}) => ({stdout: error.stdout}))
  expect(result.stdout.trim()).toBe('')
}, 180_000)
