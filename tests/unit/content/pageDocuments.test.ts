// A page document whose fields the model describes (model/documentFields.ts) gets its query and
// its zod schema from its table alone: what the query returns is what the schema checks, so a
// field is never read without being asked for, and a missing or empty one fails the build.
import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {pageDocumentQuery, projectionOf, type DocumentFields} from '../../../model/documentFields'
import {PAGE_DOCUMENT_IDS, SINGLETONS} from '../../../model/siteDocuments'
import {pageDocumentSchema} from '../../../src/content/schemas'
import {SITE_CONTENT} from '../../../src/content/siteContent'
import {bundledDocuments} from '../../support/dataset'

/** A table made here: a heading, formatted text, and a list of entries of both. */
const FIELDS = {
  heading: {kind: 'text', title: 'Heading', description: 'The heading.', max: 20},
  body: {kind: 'richText', title: 'Text', description: 'The text.'},
  entries: {
    kind: 'list',
    title: 'Entries',
    description: 'The entries.',
    entry: {
      label: {kind: 'text', title: 'Label', description: 'A label.', max: 10},
      text: {kind: 'richText', title: 'Text', description: 'Its text.'},
    },
    entryTitle: 'label',
    min: 1,
    max: 2,
  },
} as const satisfies DocumentFields

const paragraph = (text: string, key = 'b1') => [
  {
    _type: 'block',
    _key: key,
    style: 'normal',
    markDefs: [],
    children: [{_type: 'span', _key: 's1', text, marks: []}],
  },
]

const madeDocument = {
  _id: 'madePage',
  _type: 'madePage',
  _rev: 'r1',
  _updatedAt: '2026-01-01T00:00:00Z',
  seo: {title: 'A made page', description: 'A page this test makes, to read back through its query.'},
  heading: 'Made',
  body: paragraph('Some text.'),
  entries: [{_key: 'e1', _type: 'entriesEntry', label: 'One', text: paragraph('First.')}],
  notAField: 'never asked for',
}

/** What the page document's query gives from a dataset that holds `documents`. */
async function queried(documents: object[]) {
  const query = pageDocumentQuery('madePage', FIELDS)
  return (await evaluate(parse(query), {dataset: documents, params: {madePageId: 'madePage'}})).get()
}

describe('a page document made from its fields', () => {
  it('is read by its query with exactly its fields, and the schema accepts what the query gives', async () => {
    const result = await queried([madeDocument])
    expect(Object.keys(result).sort()).toEqual(['_id', 'body', 'entries', 'heading', 'seo'])
    expect(result.entries).toEqual([{_key: 'e1', label: 'One', text: madeDocument.entries[0]!.text}])
    expect(pageDocumentSchema(FIELDS).parse(result)).toMatchObject({heading: 'Made', seo: madeDocument.seo})
  })

  it('fails the build, naming the field, when a field is missing, too long, or a list out of bounds', async () => {
    const schema = pageDocumentSchema(FIELDS)
    const problems = async (changes: object) =>
      schema
        .safeParse(await queried([{...madeDocument, ...changes}]))
        .error?.issues.map(({path}) => path.join('.'))
    expect(await problems({body: []})).toEqual(['body'])
    expect(await problems({heading: 'x'.repeat(21)})).toEqual(['heading'])
    expect(await problems({entries: []})).toEqual(['entries'])
    expect(await problems({entries: [{...madeDocument.entries[0], text: undefined}]})).toEqual([
      'entries.0.text',
    ])
    expect(await problems({seo: undefined})).toEqual(['seo'])
  })

  it('projects its search words, then its fields in the table’s order', () => {
    expect(projectionOf(FIELDS).replace(/\s+/g, ' ')).toBe(
      '{ _id, seo{title, description}, heading, body, entries[]{_key, label, text} }',
    )
  })
})

describe('the site’s page documents', () => {
  it('are each read from the bundled dataset by their part of the content and accepted as the build accepts them', async () => {
    expect(PAGE_DOCUMENT_IDS.length).toBeGreaterThan(0)
    const dataset = bundledDocuments()
    for (const id of PAGE_DOCUMENT_IDS) {
      const part = SITE_CONTENT[id]
      const result = await (await evaluate(parse(part.query), {dataset, params: part.params})).get()
      expect(result?._id, id).toBe(id)
      expect(part.schema.safeParse(result).error?.issues, id).toBeUndefined()
      expect(part.requiredIds).toEqual([id])
      expect(part.title).toBe(SINGLETONS[id].title)
    }
  })
})
