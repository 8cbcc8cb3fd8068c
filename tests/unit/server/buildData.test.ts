import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {buildDataAnswer, readBuildData, type BuildData} from '../../../src/server/buildData'
import {contactContent, ENGLISH_PAGE} from '../../support/memoryStore'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})))

/** A build folder with these files in its server-data folder, as a build writes them. */
function buildWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-data-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'server', 'server-data'), {recursive: true})
  for (const [name, data] of Object.entries(files))
    writeFileSync(join(dir, 'server', 'server-data', name), JSON.stringify(data))
  return dir
}
/** A build whose contact data is `data`, made before policies had versions (no schedule). */
const buildWithContact = (data: unknown) => buildWith({'contact.json': data})

const CONTACT = {
  customerCareEmail: 'care@medistay.example',
  retentionMonths: 12,
}

describe("a build's contact data, as the server reads it", () => {
  it('gives what each Contact page showed beside its form', async () => {
    const read = await readBuildData(buildWithContact({...CONTACT, shown: [ENGLISH_PAGE]}))
    expect(read.contact).toEqual({...CONTACT, shown: [ENGLISH_PAGE]})
  })

  it('gives no pages for a build made before pages sent their words, and no change to schedule', async () => {
    const before = {...CONTACT, consentWording: 'I agree.', privacyPolicyUpdated: '2026-11-23'}
    await expect(readBuildData(buildWithContact(before))).resolves.toEqual({
      contact: {...CONTACT, shown: []},
      policySchedule: {versions: []},
      liveContent: {builtAt: null, documents: []},
    })
  })

  it('refuses a file that is not contact data, naming it and the field that is wrong', async () => {
    for (const [bad, field] of [
      [
        {...CONTACT, retentionMonths: '12'},
        'retentionMonths: Invalid input: expected number, received string',
      ],
      [{...CONTACT, shown: [{...ENGLISH_PAGE, digest: 'abc'}]}, 'shown.0.digest: Invalid string'],
      [{...CONTACT, sentPage: {title: 'Message sent'}}, 'sentPage.message: Invalid input'],
    ] as const)
      await expect(readBuildData(buildWithContact(bad))).rejects.toThrow(
        new RegExp(`contact\\.json is not the contact data of this site's build: .*${RegExp.escape(field)}`),
      )
  })
})

describe("a build's data, as the build writes it", () => {
  const written: BuildData = {
    contact: contactContent(),
    policySchedule: {
      nextChangeAt: new Date('2026-11-30T18:30:00.000Z'),
      versions: [{policy: 'privacyPolicy', number: 4, effectiveDate: '2026-12-01'}],
    },
    liveContent: {
      builtAt: '2026-11-30T10:00:00.000Z',
      documents: [
        {id: 'contactPage', rev: 'rev-7'},
        {id: 'contactPage__i18n_hi', rev: 'rev-8', translation: {language: 'hi', status: 'stale'}},
      ],
    },
  }

  it('is what the server reads back', async () => {
    const files = {
      'contact.json': await buildDataAnswer('contact', written.contact).json(),
      'policy-schedule.json': await buildDataAnswer('policySchedule', written.policySchedule).json(),
      'live-content.json': await buildDataAnswer('liveContent', written.liveContent).json(),
    }
    expect(files['policy-schedule.json']).toMatchObject({nextChangeAt: '2026-11-30T18:30:00.000Z'})
    await expect(readBuildData(buildWith(files))).resolves.toEqual(written)
  })

  it('says "null" when no policy change is to come', async () => {
    await expect(
      buildDataAnswer('policySchedule', {nextChangeAt: undefined, versions: []}).json(),
    ).resolves.toEqual({nextChangeAt: null, versions: []})
  })

  it('fails the build when the server would refuse it, naming the field', () => {
    expect(() =>
      buildDataAnswer('policySchedule', {
        ...written.policySchedule,
        versions: [{policy: 'privacyPolicy', number: 0, effectiveDate: '2026-12-01'}],
      }),
    ).toThrow(/policy-schedule\.json would be refused by the server: versions\.0\.number: Too small/)
  })
})
