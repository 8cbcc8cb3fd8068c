import {execFile} from 'node:child_process'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {ESLint} from 'eslint'
import {expect, it} from 'vitest'
import {ROOT} from '../../support/astroBuild'

const run = promisify(execFile)
const tool = (path: string, args: string[]) =>
  run(process.execPath, [join(ROOT, 'node_modules', path), ...args], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({stdout}) => stdout,
    (error: {stdout: string; stderr: string}) => `${error.stdout}${error.stderr}`,
  )

/** One ESLint in this process, with the repository's config, for the whole tree and the examples below. */
const eslint = new ESLint({cwd: ROOT})

// Style is settled by the tools (eslint.config.mjs, .prettierrc.json), not in review. ESLint runs
// here as `eslint . --max-warnings 0` would (the same files, config and report), in this process:
// the examples below load its config and parsers anyway.
it('ESLint finds no problems', async () => {
  const report = await (await eslint.loadFormatter('stylish')).format(await eslint.lintFiles(['.']))
  expect(report).toBe('')
}, 120_000)

it('every file is formatted with Prettier (run `npx prettier --write .`)', async () => {
  expect(await tool('prettier/bin/prettier.cjs', ['--check', '.', '--log-level', 'warn'])).toBe('')
}, 120_000)

/**
 * ESLint's verdict on `source`, linted as if it were the file at `path` in the repository: its
 * messages, one a line, or ''. The one ESLint above lints every example (an `eslint --stdin` each
 * would start and load the config seven times).
 */
const lintAs = async (path: string, source: string) => {
  const [result] = await eslint.lintText(source, {filePath: join(ROOT, path)})
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`).join('\n')
}

it.each([
  [
    'src/content/example.ts',
    "import {x} from '../../studio/schemaTypes'",
    'The site must not import the Studio',
  ],
  [
    'src/pages/example.astro',
    "---\nimport {x} from '../../studio/structure'\n---\n",
    'The site must not import the Studio',
  ],
  [
    'studio/structure/example.ts',
    "import {x} from '../../src/content/queries'",
    'The Studio must not import the site',
  ],
  ['model/example.ts', "import {x} from '../src/lib/dates'", 'The model imports neither side'],
  ['model/example.ts', "import {x} from '../studio/schemaTypes'", 'The model imports neither side'],
])('a new import across the fence fails the lint: %s', async (path, source, message) => {
  expect(await lintAs(path, `${source}\nexport const y = x\n`)).toContain(message)
})

it('imports of the model from either side pass the lint', async () => {
  const source = "import {SINGLETON_IDS} from '../../model/siteDocuments'\nexport const ids = SINGLETON_IDS\n"
  expect(await lintAs('src/content/example.ts', source)).toBe('')
  expect(await lintAs('studio/structure/example.ts', source)).toBe('')
})
