import {describe, expect, it} from 'vitest'
import {changeSummary, translatedSummaries} from '../../../src/content/changeSummary'
import {settings} from '../../support/site'
import {bundledDocuments, documentById} from '../../support/dataset'

const english = settings.policyHistory
const hindi = documentById(bundledDocuments(), 'siteSettings__i18n_hi').policyHistory
const version = {
  number: 3,
  summary: 'Names who keeps the messages.',
  shortNotice: 'takesNothingAway' as const,
}

describe('a version’s "What changed" summary', () => {
  it('in English: staff’s words, then why it came with short notice', () => {
    expect(changeSummary(version, english, {language: 'en', translated: new Map()})).toEqual({
      summary: version.summary,
      after: ` ${english.shortNoticeTakesNothingAway}`,
    })
  })

  it('on a Hindi page, until translated: the English words marked English, the reason in Hindi', () => {
    expect(changeSummary(version, hindi, {language: 'hi', translated: new Map()})).toEqual({
      summary: version.summary,
      lang: 'en',
      after: ` ${hindi.shortNoticeTakesNothingAway}`,
    })
  })

  it('translated with the policy: the translation’s words for that version only, in the page’s language', () => {
    const translated = translatedSummaries({
      versionSummaries: [{version: 3, summary: 'बताता है कि संदेश कौन रखता है।'}],
    })
    expect(changeSummary(version, hindi, {language: 'hi', translated})).toEqual({
      summary: 'बताता है कि संदेश कौन रखता है।',
      after: ` ${hindi.shortNoticeTakesNothingAway}`,
    })
    expect(changeSummary({...version, number: 2}, hindi, {language: 'hi', translated}).lang).toBe('en')
  })
})
