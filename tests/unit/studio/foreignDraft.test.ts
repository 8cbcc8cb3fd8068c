// The guard before a publish of a policy: a draft that is not the policy's (another type's, or with
// another type's fields, as a Studio showing a version's fields in the form would send) is refused.
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {POLICY_VERSION_TYPE, versionId} from '../../../model/policyVersions.ts'
import {foreignDraftProblem} from '../../../studio/actions/recordVersions.ts'

/** Each type's fields as the Studio's schema defines them (studio/schema.json, `sanity schema extract`). */
const schema = JSON.parse(readFileSync(new URL('../../../studio/schema.json', import.meta.url), 'utf8')) as {
  name: string
  attributes?: Record<string, unknown>
}[]
const fieldsOf = (type: string) =>
  new Set(
    Object.keys(schema.find(({name}) => name === type)?.attributes ?? {}).filter(
      (key) => !key.startsWith('_'),
    ),
  )

const POLICY = {publishedId: 'refundPolicy', type: 'policy', fields: fieldsOf('policy')}
const version = {
  _id: versionId('refundPolicy', 2),
  _type: POLICY_VERSION_TYPE,
  policy: 'refundPolicy',
  number: 2,
  summary: 'Clearer wording',
}

describe('a policy draft before publish', () => {
  it("passes when it is the policy's own draft, with the policy's fields", () => {
    const fields = [...POLICY.fields].slice(0, 3)
    const draft = {
      _id: 'drafts.refundPolicy',
      _type: 'policy',
      ...Object.fromEntries(fields.map((f) => [f, 'x'])),
    }
    expect(fields.length).toBeGreaterThan(0)
    expect(foreignDraftProblem(draft, POLICY)).toBeUndefined()
  })

  it("is refused when it holds a version's fields under the policy's id and type", () => {
    const {_id: _, _type: __, ...versionFields} = version
    const draft = {_id: 'drafts.refundPolicy', _type: 'policy', ...versionFields}
    const problem = foreignDraftProblem(draft, POLICY)
    const foreign = Object.keys(versionFields).filter((key) => !POLICY.fields.has(key))
    expect(foreign.length).toBeGreaterThan(0)
    for (const field of foreign) expect(problem).toContain(field)
  })

  it('is refused when it is a document of another type, or stored under another id', () => {
    expect(foreignDraftProblem(version, POLICY)).toContain(POLICY_VERSION_TYPE)
    expect(foreignDraftProblem({_id: 'drafts.privacyPolicy', _type: 'policy'}, POLICY)).toContain(
      'drafts.privacyPolicy',
    )
  })
})
