import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {readBuildData} from '../../../src/server/buildData'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})))

/** A build folder whose contact data is `data`, as a build writes it. */
function buildWith(data: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-data-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'server', 'server-data'), {recursive: true})
  writeFileSync(join(dir, 'server', 'server-data', 'contact.json'), JSON.stringify(data))
  return dir
}

const CONTACT = {
  customerCareEmail: 'care@medistay.example',
  consentWording: 'I agree.',
  privacyPolicyUpdated: '2026-11-23',
  retentionMonths: 12,
}

describe("a build's contact data, as the server reads it", () => {
  it('gives the dates of every Privacy Policy version that has been in force', async () => {
    const versions = {'1': '2026-03-02', '2': '2026-08-17', '3': '2026-11-23'}
    await expect(readBuildData(buildWith({...CONTACT, privacyPolicyVersions: versions}))).resolves.toEqual({
      ...CONTACT,
      privacyPolicyVersions: versions,
    })
  })

  it('gives no versions for a build made before policies had them', async () => {
    await expect(readBuildData(buildWith(CONTACT))).resolves.toEqual({...CONTACT, privacyPolicyVersions: {}})
  })

  it('refuses a file that is not contact data, naming it', async () => {
    for (const bad of [
      {...CONTACT, retentionMonths: '12'},
      {...CONTACT, privacyPolicyVersions: {'1': 20260302}},
    ])
      await expect(readBuildData(buildWith(bad))).rejects.toThrow(/contact\.json is not the contact data/)
  })
})
