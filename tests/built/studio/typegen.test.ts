import {execFile} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {join, relative} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, expect, it} from 'vitest'
import {ROOT} from '../../support/astroBuild'

const run = promisify(execFile)
const STUDIO = join(ROOT, 'studio')
const SANITY = join(ROOT, 'node_modules/sanity/bin/sanity')
const scratch = mkdtempSync(join(ROOT, '.scratch-typegen-'))
afterAll(() => rmSync(scratch, {recursive: true, force: true}))

const sanity = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, [SANITY, ...args], {
    cwd: STUDIO,
    env: {...process.env, ...env, SANITY_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', CI: 'true'},
  })

// The header names the schema file it was generated from; only the path differs here.
const withoutSource = (types: string) => types.replace(/^\/\/ Source: .*$/gm, '// Source: schema.json')

it('the committed schema and query types match the Studio schema and the queries (run `npm run typegen`)', async () => {
  const schemaPath = join(scratch, 'schema.json')
  const typesPath = join(scratch, 'sanity.types.ts')
  // The CLI resolves --path against the Studio folder even when it is absolute.
  await sanity(
    {},
    'schema',
    'extract',
    '--enforce-required-fields',
    '--force',
    '--path',
    relative(STUDIO, schemaPath),
  )
  await sanity(
    {TYPEGEN_SCHEMA: relative(STUDIO, schemaPath), TYPEGEN_OUTPUT: relative(STUDIO, typesPath)},
    'typegen',
    'generate',
  )

  expect(JSON.parse(readFileSync(schemaPath, 'utf8'))).toEqual(
    JSON.parse(readFileSync(join(STUDIO, 'schema.json'), 'utf8')),
  )
  expect(withoutSource(readFileSync(typesPath, 'utf8'))).toBe(
    withoutSource(readFileSync(join(ROOT, 'src/content/sanity.types.ts'), 'utf8')),
  )
}, 120_000)
