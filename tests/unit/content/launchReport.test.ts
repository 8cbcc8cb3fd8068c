import {describe, expect, it} from 'vitest'
import {DEFAULT_BUNDLED_DATASET} from '../../../src/config'
import {bundledDatasetSource} from '../../../src/lib/contentSource'
import {launchCheckQuery} from '../../../src/content/queries'
import {
  companyFactProblems,
  fallbackWarnings,
  judgeSamples,
  LAUNCH_CHECK_COMMAND,
  launchReport,
  readSiteDocuments,
  samplesIn,
  translationProblems,
} from '../../../src/content/launchCheck'

const {documents, translations} = await readSiteDocuments(
  bundledDatasetSource(DEFAULT_BUNDLED_DATASET),
  launchCheckQuery,
)
const contact = {store: {kind: 'sqlite' as const}}
const now = new Date('2026-11-25T00:00:00Z')

describe('what a build says of the launch check, on the bundled dataset', () => {
  const local = launchReport(documents, translations, {site: 'http://localhost:4321', contact, now})

  it('a local build passes and sums the list up in one line, naming the command that prints it', () => {
    expect(local.error).toBeUndefined()
    const samples = samplesIn([...documents, ...translations]).length
    const sampleTranslations = translationProblems(translations).length
    const facts = companyFactProblems(
      documents.find(({_id}) => _id === 'companyFacts')!,
      contact,
    ).length
    const english = fallbackWarnings(documents, translations, {publicBuild: false, now}).length
    expect(local.summary).toBe(
      `Launch check: ${samples} sample values, ${sampleTranslations} sample translations and ${facts} Company ` +
        `${facts === 1 ? 'fact' : 'facts'} to correct, which a build for the public address refuses; ${english} places shown in English, untranslated. ` +
        `The list: ${LAUNCH_CHECK_COMMAND}`,
    )
    expect(local.summary).not.toContain('\n')
  })

  it('keeps the whole list for the command: every sample, and each page shown in English', () => {
    const [samples, ...fallbacks] = local.list
    expect(samples).toContain('  - Company facts → Legal name: "MediStay India Private Limited (sample)"')
    expect(samples).toContain('  - contactPage__i18n_hi (hi): it is a sample translation')
    expect(fallbacks).toContain(
      'हिन्दी (hi): /hi/terms&conditions shows the English Terms and Conditions with the line that it is not translated: there is no translation.',
    )
  })

  it('a build for the public address with nothing else to settle fails on sample translations alone, naming each by id and language', () => {
    const problems = translationProblems(translations)
    expect(problems.map(({document, language}) => `${document} (${language})`).sort()).toEqual([
      'contactPage__i18n_hi (hi)',
      'contactPage__i18n_te (te)',
      'privacyPolicy__i18n_hi (hi)',
      'privacyPolicy__i18n_te (te)',
      'siteSettings__i18n_hi (hi)',
      'siteSettings__i18n_te (te)',
    ])
    const verdict = judgeSamples([], 'https://www.medistay.in', problems)
    expect(verdict.ok).toBe(false)
    const error = verdict.ok ? '' : verdict.error
    expect(error).toContain('this build is for https://www.medistay.in, a public address')
    expect(error).toContain('Translations a public build cannot show')
    for (const {document, language} of problems)
      expect(error).toContain(`  - ${document} (${language}): it is a sample translation`)
  })

  it('a build for the public address fails with the whole list', () => {
    const report = launchReport(documents, translations, {site: 'https://www.medistay.in', contact, now})
    expect(report.summary).toBeUndefined()
    expect(report.error).toContain('this build is for https://www.medistay.in, a public address')
    expect(report.error).toContain(
      '  - Company facts → Legal name: "MediStay India Private Limited (sample)"',
    )
  })
})
