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
import {offeredLanguages} from '../../../src/content/languages'
import {COMPANY_FACTS} from '../../../model/companyFacts'
import {DOCUMENT_TITLES, POLICIES, SINGLETON_IDS} from '../../../model/siteDocuments'
import {pathIn} from '../../../model/translations'
import {PUBLIC_SITE_URL} from '../../support/publicAddress'

const {documents, translations} = await readSiteDocuments(
  bundledDatasetSource(DEFAULT_BUNDLED_DATASET),
  launchCheckQuery,
)
const contact = {store: {kind: 'sqlite' as const}}
const now = new Date('2026-11-25T00:00:00Z')

/** A legal name that is a sample, whatever staff have entered in the dataset by now. */
const SAMPLE_NAME = 'A company not yet named (sample)'
const FACTS_TITLE = DOCUMENT_TITLES[SINGLETON_IDS.companyFacts]

/**
 * The bundled dataset as this test makes it, so that staff reviewing a translation or entering the
 * real legal name changes nothing here: the legal name is a sample; every other translation is a
 * sample and the rest reviewed by a named person; and the first language Site settings offer has
 * no Terms and Conditions, so its page falls back to English.
 */
const made = (() => {
  const language = offeredLanguages(documents.find(({_id}) => _id === SINGLETON_IDS.siteSettings))[0]!
  const madeDocuments = documents.map((document) =>
    document._id === SINGLETON_IDS.companyFacts ? {...document, legalName: SAMPLE_NAME} : document,
  )
  const madeTranslations = translations
    .filter(({englishId, language: code}) => !(englishId === POLICIES.terms.id && code === language.code))
    .map((translation, index) => ({
      ...translation,
      translation: {
        ...translation.translation!,
        ...(index % 2 === 0
          ? {review: 'sample' as const}
          : {review: 'reviewed' as const, reviewedBy: 'Meera Iyer', reviewedOn: '2026-11-20'}),
      },
    }))
  return {
    language,
    documents: madeDocuments,
    translations: madeTranslations,
    samples: madeTranslations.filter((_, index) => index % 2 === 0),
    report: launchReport(madeDocuments, madeTranslations, {site: 'http://localhost:4321', contact, now}),
  }
})()

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
    const [samples, ...fallbacks] = made.report.list
    expect(samples).toContain(
      `  - ${FACTS_TITLE} → ${COMPANY_FACTS.legalName.title}: ${JSON.stringify(SAMPLE_NAME)}`,
    )
    for (const {_id, language} of made.samples)
      expect(samples).toContain(`  - ${_id} (${language}): it is a sample translation`)
    expect(fallbacks).toContain(
      `${made.language.name} (${made.language.code}): ${pathIn(made.language.code, POLICIES.terms.path)} ` +
        `shows the English ${DOCUMENT_TITLES[POLICIES.terms.id]} with the line that it is not translated: there is no translation.`,
    )
  })

  it('a build for the public address with nothing else to settle fails on sample translations alone, naming each by id and language', () => {
    const problems = translationProblems(made.translations)
    expect(problems.map(({document, language}) => `${document} (${language})`).sort()).toEqual(
      made.samples.map(({_id, language}) => `${_id} (${language})`).sort(),
    )
    const verdict = judgeSamples([], PUBLIC_SITE_URL, problems)
    expect(verdict.ok).toBe(false)
    const error = verdict.ok ? '' : verdict.error
    expect(error).toContain(`this build is for ${PUBLIC_SITE_URL}, a public address`)
    expect(error).toContain('Translations a public build cannot show')
    for (const {document, language} of problems)
      expect(error).toContain(`  - ${document} (${language}): it is a sample translation`)
  })

  it('a build for the public address fails with the whole list', () => {
    const report = launchReport(made.documents, made.translations, {site: PUBLIC_SITE_URL, contact, now})
    expect(report.summary).toBeUndefined()
    expect(report.error).toContain(`this build is for ${PUBLIC_SITE_URL}, a public address`)
    expect(report.error).toContain(
      `  - ${FACTS_TITLE} → ${COMPANY_FACTS.legalName.title}: ${JSON.stringify(SAMPLE_NAME)}`,
    )
  })
})
