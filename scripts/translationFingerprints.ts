// After an English edit of the bundled dataset made by hand (studio/seed/production.ndjson): each
// sample translation of a page or of Site settings records the fingerprint of the English it
// translates, as it now is, so the samples read as current again. Prints which ones changed; check
// each against the English edit. A translation a person reviewed (or is to review) is never
// touched: it is listed as out of date, and is re-recorded in Studio by someone reviewing it.
//
//   npm run dataset:fingerprints            rewrite the file
//   npm run dataset:fingerprints -- --check say which are out of date, change nothing (exit 1 if any)
import {readFileSync, writeFileSync} from 'node:fs'
import {parseArgs} from 'node:util'
import {DEFAULT_BUNDLED_DATASET} from '../src/config/index.ts'
import {refingerprinted} from '../model/translations.ts'

const {values} = parseArgs({options: {check: {type: 'boolean', default: false}}})
const lines = readFileSync(DEFAULT_BUNDLED_DATASET, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
const {documents, changed, stale} = refingerprinted(
  lines.map((line) => JSON.parse(line) as {_id: string; _type: string; translation?: unknown}),
)
if (stale.length > 0)
  console.log(
    `Out of date, left for a person to review in Studio (their pages show English until then): ${stale.join(', ')}.`,
  )
if (changed.length === 0) {
  console.log('Every sample translation records the English it translates as it is now.')
} else if (values.check) {
  console.log(`Out of date after an English edit: ${changed.join(', ')} (npm run dataset:fingerprints).`)
  process.exitCode = 1
} else {
  writeFileSync(
    DEFAULT_BUNDLED_DATASET,
    documents.map((document) => JSON.stringify(document)).join('\n') + '\n',
  )
  console.log(
    `Recorded the English as it is now in: ${changed.join(', ')}. Check each against the English edit.`,
  )
}
