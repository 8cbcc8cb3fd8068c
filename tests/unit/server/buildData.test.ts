import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {buildDataAnswer, readBuildData, type BuildData} from '../../../src/server/buildData'
import {contactContent} from '../../support/memoryStore'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})))

/** A build folder with these files in its server-data folder, as a build writes them. */
function buildWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-data-'))
  dirs.push(dir)
  for (const [name, data] of Object.entries(files)) {
    const file = join(dir, 'server', 'server-data', name)
    mkdirSync(join(file, '..'), {recursive: true})
    writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data))
  }
  return dir
}

/** What a build writes, each part as the server-data pages answer it. */
const written: BuildData = {
  contact: {...contactContent(), sentPages: {en: '<p>Message sent. Your reference: %REFERENCE%</p>'}},
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

/** Each file of `data` as the build writes it. */
async function filesOf(data: BuildData): Promise<Record<string, unknown>> {
  const {sentPages, ...contact} = data.contact
  return {
    'contact.json': await buildDataAnswer('contact', contact).json(),
    'policy-schedule.json': await buildDataAnswer('policySchedule', data.policySchedule).json(),
    'live-content.json': await buildDataAnswer('liveContent', data.liveContent).json(),
    ...Object.fromEntries(
      Object.entries(sentPages ?? {}).map(([language, page]) => [`contact-sent/${language}.html`, page]),
    ),
  }
}

describe("a build's contact data, as the server reads it", () => {
  it('refuses a file that is not contact data, naming it and the field that is wrong', async () => {
    for (const [bad, field] of [
      [{retentionMonths: '12'}, 'retentionMonths: Invalid input: expected number, received string'],
      [{shown: [{...contactContent().shown[0], digest: 'abc'}]}, 'shown.0.digest: Invalid string'],
      [{sentPage: {title: 'Message sent'}}, 'sentPage.message: Invalid input'],
    ] as const) {
      const files = await filesOf(written)
      files['contact.json'] = {...(files['contact.json'] as object), ...bad}
      await expect(readBuildData(buildWith(files))).rejects.toThrow(
        new RegExp(`contact\\.json is not the contact data of this site's build: .*${RegExp.escape(field)}`),
      )
    }
  })
})

describe("a build's data, as the build writes it", () => {
  it('is what the server reads back', async () => {
    const files = await filesOf(written)
    expect(files['policy-schedule.json']).toMatchObject({nextChangeAt: '2026-11-30T18:30:00.000Z'})
    await expect(readBuildData(buildWith(files))).resolves.toEqual(written)
  })

  it('is refused when a part is missing, naming the part', async () => {
    for (const [name, part] of [
      ['policy-schedule.json', 'the policy schedule'],
      ['live-content.json', 'the list of documents'],
      ['contact.json', 'the contact data'],
    ] as const) {
      const {[name]: _, ...files} = await filesOf(written)
      await expect(readBuildData(buildWith(files)), name).rejects.toThrow(
        `${name} is not ${part} of this site's build: it is missing.`,
      )
    }
  })

  it('is refused when a part lacks what the build always writes, naming the field', async () => {
    const files = await filesOf(written)
    const {builtAt: _, ...liveContent} = files['live-content.json'] as Record<string, unknown>
    const {notStored: __, ...contact} = files['contact.json'] as Record<string, unknown>
    for (const [name, content, problem] of [
      ['live-content.json', liveContent, 'builtAt: expected an instant in ISO form'],
      ['contact.json', contact, 'notStored: Invalid input'],
      ['contact.json', {...contact, notStored: '', languages: undefined}, 'languages: Invalid input'],
    ] as const)
      await expect(readBuildData(buildWith({...files, [name]: content})), problem).rejects.toThrow(
        new RegExp(`${RegExp.escape(name)} is not .* of this site's build: ${RegExp.escape(problem)}`),
      )
  })

  it("is refused when a language's sent page is missing, naming the page", async () => {
    const files = await filesOf(written)
    delete files['contact-sent/en.html']
    await expect(readBuildData(buildWith(files))).rejects.toThrow(/sentPages\.en: .*contact-sent\/en\.html/)
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
