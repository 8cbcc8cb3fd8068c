import {execFile} from 'node:child_process'
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {expect, it} from 'vitest'
import {ROOT} from '../../support/astroBuild'

const run = promisify(execFile)

it('the site, the Studio and the tests type-check', async () => {
  const env = {...process.env, ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1'}
  // The types of the content collections that the pages import are in .astro/, which the run's
  // build wrote (tests/support/globalSetup.ts) as `astro sync` would: no second sync is needed.
  expect(existsSync(join(ROOT, '.astro/content.d.ts')), '.astro/content.d.ts').toBe(true)
  // --diagnostics has tsc say how many files it read: empty output, or a crash, is not a pass.
  const result = await run(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '--diagnostics', '-p', 'tsconfig.json'],
    {
      cwd: ROOT,
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).then(
    ({stdout, stderr}) => ({code: 0, stdout, stderr}),
    (error: {code?: number; stdout?: string; stderr?: string}) => ({
      code: error.code ?? 'did not run',
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  )
  const errors = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line))
  expect(errors).toEqual([])
  expect({code: result.code, stderr: result.stderr}).toEqual({code: 0, stderr: ''})
  expect(filesRead(result.stdout), result.stdout).toBeGreaterThan(100)
}, 180_000)

/** The files tsc says it read ("Files: 1234"), or 0 when it said nothing. */
function filesRead(diagnostics: string): number {
  return Number(/^Files:\s+(\d+)$/m.exec(diagnostics)?.[1] ?? 0)
}
