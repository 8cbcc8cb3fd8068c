import {describe, expect, it} from 'vitest'
import {policyVersionSchema} from '../../../src/content/schemas'
import {SITE_CONTENT} from '../../../src/content/siteContent'
import {bundledDatasetSource} from '../../../src/lib/contentSource'
import {POLICY_VERSION_TYPE} from '../../../model/policyVersions'
import {bundledDocuments, writeNdjson} from '../../support/dataset'

// What the build refuses in a recorded policy version that Studio's forms never write, but a
// direct write to the Content Lake can (issue 37, findings 8 and 9). Each version is one of the
// bundled dataset's, with its dates and quotes set here, read by the build's own query.

/** The build's row for a recorded version, with the document changed by `edit` before it is read. */
async function versionRow(edit: (version: Record<string, any>) => void): Promise<unknown> {
  const documents = bundledDocuments()
  const version = documents.find((document) => document._type === POLICY_VERSION_TYPE)!
  edit(version)
  const rows = (await bundledDatasetSource(writeNdjson(documents)).fetch(
    SITE_CONTENT.policyVersions.query,
    SITE_CONTENT.policyVersions.params,
  )) as {_id: string}[]
  return rows.find((row) => row._id === version._id)
}

/** The build's complaints about a row, as "field.path: message". */
const problems = (row: unknown) => {
  const result = policyVersionSchema.safeParse(row)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

const dated = (withdrawnAt: string) => (version: Record<string, any>) => {
  version.recordedAt = '2026-03-01T06:00:00.000Z'
  version.effectiveDate = '2026-04-01'
  version.withdrawnAt = withdrawnAt
  version.withdrawnNote = 'The change was announced by mistake.'
}

describe('a recorded version the build refuses', () => {
  // The version applies from 2026-04-01 at midnight in India: 2026-03-31T18:30Z.
  it.each(['2026-03-31T18:30:00.000Z', '2026-05-01T00:00:00.000Z'])(
    'one withdrawn at or after it applied (%s): the history would say a text in force never applied',
    async (withdrawnAt) => {
      expect(problems(await versionRow(dated(withdrawnAt)))).toEqual([
        expect.stringMatching(
          /^withdrawnAt: must be before the version applied \(2026-03-31T18:30:00\.000Z\)/,
        ),
      ])
    },
  )

  it('but not one withdrawn before it applied', async () => {
    expect(problems(await versionRow(dated('2026-03-31T18:29:59.000Z')))).toEqual([])
  })

  it.each([
    'data:text/html,<script>alert(1)</script>',
    'javascript:alert(1)',
    'http://board.example/complaint',
    'board.example/complaint',
  ])('one whose Data Protection Board address is %s, which would reach href', async (url) => {
    const row = await versionRow((version) => {
      version.facts = [...(version.facts ?? []), {_key: 'board', fact: 'dataProtectionBoardUrl', text: url}]
    })
    const index = (row as {facts: unknown[]}).facts.length - 1
    expect(problems(row)).toEqual([
      `facts.${index}.text: must be an https: address, such as https://www.example.com/`,
    ])
  })

  it('but not one whose address is https:', async () => {
    const row = await versionRow((version) => {
      version.facts = [
        ...(version.facts ?? []),
        {_key: 'board', fact: 'dataProtectionBoardUrl', text: 'https://board.example/complaint'},
      ]
    })
    expect(problems(row)).toEqual([])
  })
})
