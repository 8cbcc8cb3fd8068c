/**
 * `npm run config:table`: writes the README's table of configuration variables from the schema in
 * src/config, between its two marker comments. The schema is the one place a variable's meaning
 * and default are written; a unit test fails while the README says otherwise.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import * as prettier from 'prettier'
import {ROOT, VARIABLES} from '../src/config/index.ts'

export const README = join(ROOT, 'README.md')
const START = '<!-- The table below is written from src/config/index.ts by `npm run config:table`. -->'
const END = '<!-- End of the table of variables. -->'

/** The text between the markers: what the script writes and the test compares. */
export function configTableSection(readme: string): string {
  const start = readme.indexOf(START)
  const end = readme.indexOf(END)
  if (start < 0 || end < start)
    throw new Error(`README.md has lost the comments around its table of variables: ${START} … ${END}`)
  return readme.slice(start + START.length, end)
}

/** The README with its table written afresh, formatted as `prettier --check` (npm run lint) wants it. */
export async function withConfigTable(readme: string): Promise<string> {
  const rows = VARIABLES.map(
    (variable) => `| \`${variable.name}\` | ${variable.meaning} | ${variable.default} |`,
  )
  const table = ['| variable | meaning | default |', '| --- | --- | --- |', ...rows].join('\n')
  const section = configTableSection(readme)
  const written = readme.replace(`${START}${section}${END}`, `${START}\n\n${table}\n\n${END}`)
  return prettier.format(written, {...(await prettier.resolveConfig(README)), filepath: README})
}

if (import.meta.main) writeFileSync(README, await withConfigTable(readFileSync(README, 'utf8')))
