/**
 * `npm run config:table`: writes the operator's table of configuration variables (docs/operating.md)
 * from the schema in src/config, between its two marker comments. The schema is the one place a
 * variable's meaning and default are written; a unit test fails while the doc says otherwise.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import * as prettier from 'prettier'
import {ROOT, VARIABLES} from '../src/config/index.ts'

export const OPERATING_DOC = join(ROOT, 'docs', 'operating.md')
const START = '<!-- The table below is written from src/config/index.ts by `npm run config:table`. -->'
const END = '<!-- End of the table of variables. -->'

/** The text between the markers: what the script writes and the test compares. */
export function configTableSection(doc: string): string {
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  if (start < 0 || end < start)
    throw new Error(
      `docs/operating.md has lost the comments around its table of variables: ${START} … ${END}`,
    )
  return doc.slice(start + START.length, end)
}

/** The doc with its table written afresh, formatted as `prettier --check` (npm run lint) wants it. */
export async function withConfigTable(doc: string): Promise<string> {
  const rows = VARIABLES.map(
    (variable) => `| \`${variable.name}\` | ${variable.meaning} | ${variable.default} |`,
  )
  const table = ['| variable | meaning | default |', '| --- | --- | --- |', ...rows].join('\n')
  const section = configTableSection(doc)
  const written = doc.replace(`${START}${section}${END}`, `${START}\n\n${table}\n\n${END}`)
  return prettier.format(written, {...(await prettier.resolveConfig(OPERATING_DOC)), filepath: OPERATING_DOC})
}

if (import.meta.main) writeFileSync(OPERATING_DOC, await withConfigTable(readFileSync(OPERATING_DOC, 'utf8')))
