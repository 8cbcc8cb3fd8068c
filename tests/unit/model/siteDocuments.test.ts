// The operator sets Sanity's webhook by hand from docs/operating.md; the filter there is the
// model's, and it sends every kind of document the site is built from, whatever kinds the model
// has, and no contact message.
import {readFileSync} from 'node:fs'
import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {
  CONTACT_MESSAGE_TYPE,
  REBUILD_DOCUMENT_TYPES,
  REBUILD_WEBHOOK_FILTER,
} from '../../../model/siteDocuments'

async function sent(document: {_id: string; _type: string}): Promise<boolean> {
  const result = await evaluate(parse(`*[${REBUILD_WEBHOOK_FILTER}]`), {dataset: [document]})
  return ((await result.get()) as unknown[]).length === 1
}

describe("the rebuild webhook's filter", () => {
  it('is the one docs/operating.md tells the operator to set', () => {
    const docs = readFileSync(new URL('../../../docs/operating.md', import.meta.url), 'utf8')
    expect(docs).toContain(`| Filter      | \`${REBUILD_WEBHOOK_FILTER}\``)
  })

  it('sends a published document of every type the site is built from, and of a type added later', async () => {
    for (const type of [...REBUILD_DOCUMENT_TYPES, 'aKindAddedLater'])
      expect(await sent({_id: `${type}-1`, _type: type}), type).toBe(true)
  })

  it('sends no contact message and no draft', async () => {
    expect(await sent({_id: 'message-1', _type: CONTACT_MESSAGE_TYPE})).toBe(false)
    expect(await sent({_id: 'drafts.aboutPage', _type: REBUILD_DOCUMENT_TYPES[0]})).toBe(false)
  })
})
