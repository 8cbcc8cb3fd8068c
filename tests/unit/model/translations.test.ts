import {describe, expect, it} from 'vitest'
import {siteSettingsSchema} from '../../../src/content/schemas'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_WORDS,
  languageCodeProblem,
  pathIn,
  refingerprinted,
  translationStatus,
  wordsDigest,
  type TranslationRecord,
} from '../../../model/translations'
import {readUpcomingWord} from '../../../model/policyVersions'
import {bundledDocuments, documentById} from '../../support/dataset'

const PUBLIC = {publicBuild: true}
const LOCAL = {publicBuild: false}
const reviewed: TranslationRecord = {
  translates: '4',
  review: 'reviewed',
  reviewedBy: 'Lakshmi Rao',
  reviewedOn: '2026-05-02',
}

describe('pathIn', () => {
  it('keeps the spec’s path for English', () => {
    expect(pathIn(DEFAULT_LANGUAGE, '/privacy-policy')).toBe('/privacy-policy')
    expect(pathIn(DEFAULT_LANGUAGE, '/')).toBe('/')
  })

  it('puts every other language under its prefix, the home page without a trailing slash', () => {
    expect(pathIn('hi', '/privacy-policy')).toBe('/hi/privacy-policy')
    expect(pathIn('te', '/terms&conditions')).toBe('/te/terms&conditions')
    expect(pathIn('hi', '/')).toBe('/hi')
  })
})

describe('translationStatus', () => {
  it('shows a reviewed translation of the current English text on every build', () => {
    expect(translationStatus(reviewed, '4', PUBLIC)).toEqual({status: 'shown', show: true})
    expect(translationStatus(reviewed, '4', LOCAL)).toEqual({status: 'shown', show: true})
  })

  it('never shows a translation of an older English text, reviewed or not', () => {
    expect(translationStatus(reviewed, '5', PUBLIC)).toEqual({status: 'stale', show: false})
    expect(translationStatus(reviewed, '5', LOCAL)).toEqual({status: 'stale', show: false})
    expect(translationStatus({translates: '3', review: 'sample'}, '4', LOCAL)).toEqual({
      status: 'stale',
      show: false,
    })
  })

  it('shows a sample only on a local build', () => {
    const sample: TranslationRecord = {translates: '4', review: 'sample'}
    expect(translationStatus(sample, '4', PUBLIC)).toEqual({status: 'sample', show: false})
    expect(translationStatus(sample, '4', LOCAL)).toEqual({status: 'sample', show: true})
  })

  it('shows a translation awaiting review only on a local build', () => {
    const waiting: TranslationRecord = {translates: '4', review: 'awaitingReview'}
    expect(translationStatus(waiting, '4', PUBLIC)).toEqual({status: 'awaitingReview', show: false})
    expect(translationStatus(waiting, '4', LOCAL)).toEqual({status: 'awaitingReview', show: true})
  })

  it('treats "reviewed" without a reviewer or a day as awaiting review', () => {
    const unnamed: TranslationRecord = {translates: '4', review: 'reviewed', reviewedOn: '2026-05-02'}
    expect(translationStatus(unnamed, '4', PUBLIC)).toEqual({status: 'awaitingReview', show: false})
    const undated: TranslationRecord = {translates: '4', review: 'reviewed', reviewedBy: 'Lakshmi Rao'}
    expect(translationStatus(undated, '4', PUBLIC)).toEqual({status: 'awaitingReview', show: false})
  })

  it('says a translation is missing when there is none', () => {
    expect(translationStatus(undefined, '4', PUBLIC)).toEqual({status: 'missing', show: false})
    expect(translationStatus(undefined, '4', LOCAL)).toEqual({status: 'missing', show: false})
  })
})

describe('the link to an announced version’s text, under words in a language', () => {
  it('says the text is in English only when that version’s page shows no translation in the words’ language', () => {
    // A Hindi notice links to the announced version, whose page is English until it applies.
    expect(readUpcomingWord('hi', DEFAULT_LANGUAGE)).toBe('readUpcomingUntranslated')
    expect(readUpcomingWord('hi', 'hi')).toBe('readUpcoming')
    // English words around an untranslated policy on a Hindi page lead to English: nothing to say.
    expect(readUpcomingWord(DEFAULT_LANGUAGE, DEFAULT_LANGUAGE)).toBe('readUpcoming')
  })

  it('says so in Hindi and Telugu in the bundled Site settings, and in English for staff', () => {
    const documents = bundledDocuments()
    const word = (id: string) => documentById(documents, id).policyHistory.readUpcomingUntranslated
    expect(word('siteSettings')).toBe('Read the new text (in English only for now)')
    expect(word('siteSettings__i18n_hi')).toBe('नया पाठ पढ़ें (अभी केवल अंग्रेज़ी में)')
    expect(word('siteSettings__i18n_te')).toContain('ఇంగ్లీష్‌లో మాత్రమే')
  })
})

describe('wordsDigest', () => {
  const english = {
    _id: 'contactPage',
    _type: 'contactPage',
    title: "Let's connect",
    form: {nameLabel: 'Name', emailLabel: 'E-mail'},
  }

  it('is the same whatever order the keys come in', () => {
    const reordered = {
      form: {emailLabel: 'E-mail', nameLabel: 'Name'},
      title: "Let's connect",
      _type: 'contactPage',
      _id: 'contactPage',
    }
    expect(wordsDigest(reordered)).toBe(wordsDigest(english))
  })

  it('changes when a word changes, however deep', () => {
    expect(wordsDigest({...english, form: {...english.form, nameLabel: 'Full name'}})).not.toBe(
      wordsDigest(english),
    )
    expect(wordsDigest({...english, title: "Let's talk"})).not.toBe(wordsDigest(english))
  })

  it('ignores what is not words: revision, dates, language and the translation record', () => {
    const republished = {
      ...english,
      _rev: 'abc',
      _updatedAt: '2026-05-02T10:00:00Z',
      language: 'en',
      translation: {translates: 'x', review: 'sample'},
    }
    expect(wordsDigest(republished)).toBe(wordsDigest(english))
  })
})

describe('npm run dataset:fingerprints, after an English edit of the bundled dataset', () => {
  /** A page in English and its translations, as a dataset holds them, each current. */
  function made() {
    const english = {_id: 'madePage', _type: 'madePage', title: 'Words'}
    const translated = (language: string, review: string) => ({
      _id: `madePage__i18n_${language}`,
      _type: 'madePage',
      language,
      title: `Words in ${language}`,
      translation: {translates: wordsDigest(english), review},
    })
    const policy = {_id: 'madePolicy', _type: 'policy', sections: [{heading: 'One'}]}
    const policyTranslation = {
      _id: 'madePolicy__i18n_hi',
      _type: 'policy',
      language: 'hi',
      translation: {translates: '1', review: 'sample'},
    }
    return {
      english,
      sample: translated('hi', 'sample'),
      reviewed: translated('te', 'reviewed'),
      awaiting: translated('ta', 'awaitingReview'),
      other: {
        _id: 'otherPage__i18n_hi',
        _type: 'otherPage',
        language: 'hi',
        translation: {translates: 'x', review: 'sample'},
      },
      policy,
      policyTranslation,
    }
  }

  it('records the English as it is now in each sample translation of the edited document, and only there', () => {
    const {english, sample, reviewed, awaiting, other, policy, policyTranslation} = made()
    const otherEnglish = {_id: 'otherPage', _type: 'otherPage'}
    const before = [
      english,
      sample,
      reviewed,
      awaiting,
      otherEnglish,
      {...other, translation: {...other.translation, translates: wordsDigest(otherEnglish)}},
      policy,
      policyTranslation,
    ]
    english.title = 'Words, edited by hand'
    const {documents, changed, stale} = refingerprinted(before)
    expect(changed).toEqual([sample._id])
    expect(documents.find(({_id}) => _id === sample._id)).toEqual({
      ...sample,
      translation: {...sample.translation, translates: wordsDigest(english)},
    })
    // A translation a person reviewed, or is to review, says what English it was checked against:
    // only that person's review in Studio records the new English. It is listed, never changed.
    expect(stale.sort()).toEqual([reviewed._id, awaiting._id].sort())
    for (const kept of [reviewed, awaiting, policyTranslation])
      expect(documents.find(({_id}) => _id === kept._id)).toBe(kept)
  })

  it('changes nothing in a dataset that is already current, or in a policy translation', () => {
    const {english, sample, reviewed, policy, policyTranslation} = made()
    expect(refingerprinted([english, sample, reviewed, policy, policyTranslation])).toMatchObject({
      changed: [],
      stale: [],
    })
    policy.sections = []
    expect(refingerprinted([english, sample, reviewed, policy, policyTranslation]).changed).toEqual([])
  })

  it('finds the bundled dataset current: its samples record the English as it is', () => {
    expect(refingerprinted(bundledDocuments() as never).changed).toEqual([])
  })
})

describe('the languages Site settings list', () => {
  const hindi = {
    _key: 'hi',
    code: 'hi',
    enabled: true,
    name: 'हिन्दी',
    englishName: 'Hindi',
    notTranslatedLine: 'इस पृष्ठ का हिन्दी अनुवाद अभी तैयार नहीं है, इसलिए अंग्रेज़ी पाठ दिखाया गया है।',
    sampleLine: 'यह नमूना अनुवाद है, जिसकी अभी समीक्षा नहीं हुई है। अंग्रेज़ी पाठ ही मान्य है।',
    englishTextLink: 'अंग्रेज़ी पाठ पढ़ें',
  }

  it('accepts lower-case language codes, with a region if needed', () => {
    expect(languageCodeProblem('hi', ['hi', 'te'])).toBeUndefined()
    expect(languageCodeProblem('pt-br', ['pt-br'])).toBeUndefined()
  })

  it('refuses a missing or malformed code', () => {
    expect(languageCodeProblem(undefined, [undefined])).toMatch(/code/)
    expect(languageCodeProblem('Hindi', ['Hindi'])).toMatch(/lower-case/)
    expect(languageCodeProblem('HI', ['HI'])).toMatch(/lower-case/)
  })

  it('leaves English out: it is the site’s own language', () => {
    expect(languageCodeProblem('en', ['en', 'hi'])).toMatch(/English/)
  })

  it('lists a language once', () => {
    expect(languageCodeProblem('te', ['te', 'hi', 'te'])).toMatch(/twice/)
  })

  it('gives every line the room Studio gives it, one table for both', () => {
    for (const field of Object.values(LANGUAGE_WORDS)) expect(field.max).toBeGreaterThan(0)
    expect(hindi.notTranslatedLine.length).toBeLessThanOrEqual(LANGUAGE_WORDS.notTranslatedLine.max)
  })

  it('is checked by the site’s content schema with the same rules', () => {
    const shape = siteSettingsSchema.shape.languages
    expect(shape.parse(undefined)).toEqual([])
    expect(shape.parse([hindi])).toEqual([hindi])
    expect(shape.safeParse([hindi, {...hindi, _key: 'again'}]).success).toBe(false)
    expect(shape.safeParse([{...hindi, code: 'en'}]).success).toBe(false)
    expect(shape.safeParse([{...hindi, sampleLine: ''}]).success).toBe(false)
    expect(shape.safeParse([{...hindi, englishTextLink: ''}]).success).toBe(false)
  })
})
