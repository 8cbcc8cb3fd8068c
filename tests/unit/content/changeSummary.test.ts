import {describe, expect, it} from 'vitest'
import {shortNoticeAsShown, SHORT_NOTICE_LAW_EXAMPLE} from '../../../model/policyVersions'
import {changeSummary, translatedSummaries} from '../../../src/content/changeSummary'
import {settings} from '../../support/site'
import {fillTemplate} from '../../../model/templates'
import {bundledDocuments, documentById} from '../../support/dataset'

const english = settings.policyHistory
const hindi = documentById(bundledDocuments(), 'siteSettings__i18n_hi').policyHistory
const telugu = documentById(bundledDocuments(), 'siteSettings__i18n_te').policyHistory
const version = {
  number: 3,
  summary: 'Names who keeps the messages.',
  shortNoticeReasons: ['correction' as const],
}
const CORRECTION = 'It applies at short notice because it corrects our text.'
/** The sentence a language's bundled words make of these reasons, joined as the language joins a list. */
const because = (words: Record<string, string>, language: string, ...reasons: string[]) =>
  fillTemplate(words.shortNoticeBecause!, {
    reasons: new Intl.ListFormat(language, {type: 'conjunction'}).format(reasons.map((key) => words[key]!)),
  })
const HINDI_CORRECTION = because(hindi, 'hi', 'shortNoticeCorrection')
const HINDI_TWO = because(hindi, 'hi', 'shortNoticeCorrection', 'shortNoticeNewRight')
const TELUGU_TWO = because(telugu, 'te', 'shortNoticeCorrection', 'shortNoticeNewRight')

describe('a version’s "What changed" summary', () => {
  it('in English: staff’s words, then why it came with short notice', () => {
    expect(changeSummary(version, english, {language: 'en', wordsIn: 'en', translated: new Map()})).toEqual({
      summary: version.summary,
      after: ` ${CORRECTION}`,
    })
  })

  it('on a Hindi page, until translated: the English words marked English, the reason in Hindi', () => {
    expect(changeSummary(version, hindi, {language: 'hi', wordsIn: 'hi', translated: new Map()})).toEqual({
      summary: version.summary,
      lang: 'en',
      after: ` ${HINDI_CORRECTION}`,
    })
  })

  it('joins the reasons in the language of the words shown, not the page’s: English on a Hindi page that falls back to English', () => {
    const twoReasons = {...version, shortNoticeReasons: ['correction' as const, 'newRight' as const]}
    const fallback = changeSummary(twoReasons, english, {
      language: 'hi',
      wordsIn: 'en',
      translated: new Map(),
    })
    expect(fallback.after).toBe(
      ' It applies at short notice because it corrects our text and it adds to your rights.',
    )
    expect(fallback.after).not.toMatch(/और|మరియు/)
    expect(
      changeSummary(twoReasons, hindi, {language: 'hi', wordsIn: 'hi', translated: new Map()}).after,
    ).toBe(` ${HINDI_TWO}`)
    expect(
      changeSummary(twoReasons, english, {language: 'te', wordsIn: 'en', translated: new Map()}).after,
    ).toMatch(/ and it adds to your rights\.$/)
  })

  it('translated with the policy: the translation’s words for that version only, in the page’s language', () => {
    const translated = translatedSummaries({
      versionSummaries: [{version: 3, summary: 'बताता है कि संदेश कौन रखता है।'}],
    })
    expect(changeSummary(version, hindi, {language: 'hi', wordsIn: 'hi', translated})).toEqual({
      summary: 'बताता है कि संदेश कौन रखता है।',
      after: ` ${HINDI_CORRECTION}`,
    })
    expect(
      changeSummary({...version, number: 2}, hindi, {language: 'hi', wordsIn: 'hi', translated}).lang,
    ).toBe('en')
  })
})

describe('why a version came with short notice', () => {
  const shown = (reasons: Parameters<typeof shortNoticeAsShown>[0], words = english, language = 'en') =>
    shortNoticeAsShown(reasons, words, language)

  it('names each reason in its own words, and claims nothing of another', () => {
    expect(shown({shortNoticeReasons: ['correction']})).toBe(CORRECTION)
    expect(shown({shortNoticeReasons: ['clearerWording']})).toBe(
      'It applies at short notice because it makes our wording clearer.',
    )
    expect(shown({shortNoticeReasons: ['newRight']})).toBe(
      'It applies at short notice because it adds to your rights.',
    )
    expect(shown({shortNoticeReasons: ['requiredByLaw'], shortNoticeLaw: SHORT_NOTICE_LAW_EXAMPLE})).toBe(
      `It applies at short notice because the law requires it (${SHORT_NOTICE_LAW_EXAMPLE}).`,
    )
    for (const reason of ['correction', 'clearerWording', 'newRight', 'requiredByLaw'] as const)
      expect(shown({shortNoticeReasons: [reason], shortNoticeLaw: 'a rule'})).not.toMatch(/nothing new/)
  })

  it('joins several reasons in one sentence, as the page’s language joins a list, in the order of the list', () => {
    const reasons = {
      shortNoticeReasons: ['requiredByLaw', 'correction', 'newRight'] as const,
      shortNoticeLaw: 'rule 8(3) of the DPDP Rules, 2025',
    }
    expect(shown({shortNoticeReasons: ['newRight', 'correction']})).toBe(
      'It applies at short notice because it corrects our text and it adds to your rights.',
    )
    expect(shown({...reasons, shortNoticeReasons: [...reasons.shortNoticeReasons]})).toBe(
      'It applies at short notice because it corrects our text, it adds to your rights, and the law ' +
        'requires it (rule 8(3) of the DPDP Rules, 2025).',
    )
    expect(shown({shortNoticeReasons: ['correction', 'newRight']}, hindi, 'hi')).toBe(HINDI_TWO)
    expect(HINDI_TWO).toContain(' और ')
    expect(shown({shortNoticeReasons: ['correction', 'newRight']}, telugu, 'te')).toBe(TELUGU_TWO)
    expect(TELUGU_TWO).toContain(' మరియు ')
    // No Latin connector in Hindi or Telugu, however many reasons.
    for (const [words, language] of [
      [hindi, 'hi'],
      [telugu, 'te'],
    ] as const)
      expect(
        shown({shortNoticeReasons: ['correction', 'clearerWording', 'newRight']}, words, language),
      ).not.toMatch(/\band\b|[a-z]/)
  })

  it('says nothing of a version with full notice', () => {
    expect(shown({})).toBeUndefined()
    expect(shown({shortNoticeReasons: []})).toBeUndefined()
  })
})
