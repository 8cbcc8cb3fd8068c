import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BUNDLED_DATASET_PATH} from '../../src/content/source.ts'
import {readNdjson, type SanityDocumentLike} from './queryApiStandIn.ts'

/** A fresh deep copy of the bundled dataset, to change without touching the file. */
export function bundledDocuments(): SanityDocumentLike[] {
  return readNdjson(BUNDLED_DATASET_PATH)
}

export function documentById(documents: SanityDocumentLike[], id: string): Record<string, any> {
  const found = documents.find((document) => document._id === id)
  if (!found) throw new Error(`No document ${id} in the dataset`)
  return found
}

/** Writes documents as an export file in a temporary folder and returns its path. */
export function writeNdjson(documents: SanityDocumentLike[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'dataset-')), 'production.ndjson')
  writeFileSync(path, documents.map((document) => JSON.stringify(document)).join('\n') + '\n')
  return path
}
