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

// The header names the schema file it was generated from; only the path differs here.
const withoutSource = (types: string) => types.replace(/^\/\/ Source: .*$/gm, '// Source: schema.json')

// That studio/schema.json is the Studio's schema as `sanity schema extract` gives it is a unit test
// (tests/unit/studio/dataset.test.ts); here the query types are generated from it as `npm run
// typegen` does, into a scratch file.
it('the committed query types match the committed schema and the queries (run `npm run typegen`)', async () => {
  const typesPath = join(scratch, 'sanity.types.ts')
  await run(process.execPath, [SANITY, 'typegen', 'generate'], {
    cwd: STUDIO,
    env: {
      ...process.env,
      // The CLI resolves paths against the Studio folder even when they are absolute.
      TYPEGEN_OUTPUT: relative(STUDIO, typesPath),
      SANITY_TELEMETRY_DISABLED: '1',
      DO_NOT_TRACK: '1',
      CI: 'true',
    },
  })
  expect(withoutSource(readFileSync(typesPath, 'utf8'))).toBe(
    withoutSource(readFileSync(join(ROOT, 'src/content/sanity.types.ts'), 'utf8')),
  )
}, 120_000)
