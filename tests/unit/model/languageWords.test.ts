import {describe, expect, it} from 'vitest'
import {
  fallbackWarnings,
  translationVerdicts,
  type TranslationDocument,
} from '../../../src/content/launchCheck'
import {
  dateLocale,
  formatDate,
  formatHistoryDay,
  formatTime,
  indiaDateTime,
  writesDatesIn,
} from '../../../model/dates'
import {
  ENGLISH_FIGURE_WORDS,
  FIGURE_WORD_KEYS,
  figureWordProblem,
  figureWordsIn,
  formatFigure,
} from '../../../model/policyFigures'
import {
  historyWordProblem,
  POLICY_HISTORY_WORD_KEYS,
  POLICY_HISTORY_WORDS,
} from '../../../model/policyVersions'
import {figureWordsLacking, languageFigureWords} from '../../../model/translatedFigures'
import {fillTemplate, templateParts, templateProblem} from '../../../model/templates'
import {DEFAULT_LANGUAGE, TRANSLATED_TYPES, wordsDigest} from '../../../model/translations'
import {bundledDocuments, documentById, recordedAt, TAMIL} from '../../support/dataset'
import {figureWordsBadge} from '../../../studio/actions/translationReview'

const REVIEWED = {review: 'reviewed', reviewedBy: 'Lakshmi Rao', reviewedOn: '2026-11-20'} as const
const LOCAL = {publicBuild: false}
const PUBLIC = {publicBuild: true}

/** The bundled dataset's documents, and its translations as the launch check reads them. */
function dataset(documents = bundledDocuments()) {
  const translations = documents
    .filter(
      (document) =>
        typeof document.language === 'string' &&
        document.language !== DEFAULT_LANGUAGE &&
        (TRANSLATED_TYPES as readonly string[]).includes(document._type),
    )
    .map((document) => ({
      ...document,
      englishId: document._id.split('__i18n_')[0],
    })) as unknown as TranslationDocument[]
  return {documents, translations}
}

describe('templates', () => {
  it('cut words and placeholders apart, so a language puts the value where it says it', () => {
    expect(templateParts('लागू होने की तारीख: {date}')).toEqual([
      {text: 'लागू होने की तारीख: '},
      {placeholder: 'date'},
    ])
    expect(templateParts('{date} से लागू होगा')).toEqual([{placeholder: 'date'}, {text: ' से लागू होगा'}])
    expect(fillTemplate('यह संस्करण {from} से {until} तक लागू था।', {from: 'क', until: 'ख'})).toBe(
      'यह संस्करण क से ख तक लागू था।',
    )
  })

  it('are refused, in words staff understand, with a value missing, unknown or half-braced', () => {
    expect(templateProblem('In effect from {date}', ['date'])).toBeUndefined()
    expect(templateProblem('In effect from', ['date'])).toBe(
      "Write {date} where that value goes: the page puts it there in this language's word order.",
    )
    expect(templateProblem('In effect from {datum}', ['date'])).toBe(
      '{datum} is not a value these words can show. Use {date}, spelled exactly so.',
    )
    expect(templateProblem('In effect from {date', ['date'])).toMatch(/^A brace is not closed/)
    expect(templateProblem('Version {number}', [])).toBe(
      '{number} is not a value these words can show. Use no braces, spelled exactly so.',
    )
  })

  it('every word of the policy history is valid as Studio suggests it, and in the bundled English, Hindi and Telugu', () => {
    const documents = bundledDocuments()
    for (const word of POLICY_HISTORY_WORD_KEYS) {
      expect(historyWordProblem(word, POLICY_HISTORY_WORDS[word].example), word).toBeUndefined()
      for (const id of ['siteSettings', 'siteSettings__i18n_hi', 'siteSettings__i18n_te'])
        expect(
          historyWordProblem(word, documentById(documents, id).policyHistory[word]),
          `${id} ${word}`,
        ).toBe(undefined)
    }
    expect(historyWordProblem('effectiveFrom', 'लागू होने की तारीख')).toMatch(/^Write \{date\}/)
    expect(historyWordProblem('appliedFrom', 'This version applied from {from}.')).toMatch(/^Write \{until\}/)
  })
})

describe('figures in a language', () => {
  const hindi = documentById(bundledDocuments(), 'siteSettings__i18n_hi').figureWords
  const telugu = documentById(bundledDocuments(), 'siteSettings__i18n_te').figureWords

  it('read in English as the policies always have: "one month", "12 months", "15 business days"', () => {
    expect(formatFigure('grievanceResolutionMonths', 1)).toBe('one month')
    expect(formatFigure('contactMessageRetentionMonths', 12)).toBe('12 months')
    expect(formatFigure('refundRequestWindowDays', 30)).toBe('30 days')
    expect(formatFigure('refundRequestWindowDays', 1)).toBe('1 day')
    expect(formatFigure('refundUsualBusinessDays', 15)).toBe('15 business days')
    expect(formatFigure('breachReportHours', 72)).toBe('72 hours')
    expect(formatFigure('refundProcessingWeeks', 5)).toBe('5 weeks')
    expect(formatFigure('cancellationFeePercent', 20)).toBe('20%')
    expect(formatFigure('jurisdictionCity', 'Hyderabad')).toBe('Hyderabad')
  })

  it('read in Hindi and Telugu with the words of their Site settings translations', () => {
    const inHindi = figureWordsIn(hindi)
    expect(inHindi.missing).toEqual([])
    expect(formatFigure('contactMessageRetentionMonths', 12, inHindi.words)).toBe('12 महीने')
    expect(formatFigure('grievanceResolutionMonths', 1, inHindi.words)).toBe('एक महीने')
    expect(formatFigure('breachReportHours', 72, inHindi.words)).toBe('72 घंटों')
    const inTelugu = figureWordsIn(telugu)
    expect(formatFigure('grievanceResolutionMonths', 1, inTelugu.words)).toBe('ఒక నెల')
    expect(formatFigure('policyChangeNoticeDays', 30, inTelugu.words)).toBe('30 రోజుల')
  })

  it('name the words a language lacks or got wrong, and never count them as its own', () => {
    const {monthOther: _left, ...withoutMonths} = hindi
    const result = figureWordsIn({...withoutMonths, hourOther: 'घंटों'})
    expect(result.missing).toEqual(['monthOther', 'hourOther'])
    expect(figureWordsIn(undefined).missing).toEqual(FIGURE_WORD_KEYS)
    expect(figureWordProblem('hourOther', 'घंटों')).toMatch(/^Write \{n\}/)
    // For 1 the number may be a word, but no other placeholder.
    expect(figureWordProblem('monthOne', 'एक महीने')).toBeUndefined()
    expect(figureWordProblem('monthOne', '{count} महीने')).toMatch(/^\{count\} is not a value/)
    expect(FIGURE_WORD_KEYS.map((key) => figureWordProblem(key, ENGLISH_FIGURE_WORDS[key]))).toEqual(
      FIGURE_WORD_KEYS.map(() => undefined),
    )
  })

  it('a translation lacks only the words of the units it quotes', () => {
    const privacy = documentById(bundledDocuments(), 'privacyPolicy__i18n_hi')
    const {missing} = figureWordsIn({...hindi, monthOther: '', weekOne: '', weekOther: ''})
    // The privacy policy counts in months, hours and days, never in weeks.
    expect(figureWordsLacking(privacy, missing)).toEqual(['monthOther'])
  })

  it("come from a translation only as far as its review lets the build show it: a sample's words in a local build", () => {
    const settings = {translation: {translates: 'x', review: 'sample' as const}, figureWords: hindi}
    expect(languageFigureWords(settings, LOCAL).missing).toEqual([])
    expect(languageFigureWords(settings, PUBLIC).missing).toEqual(FIGURE_WORD_KEYS)
    // Reviewed words stay in use when the English Site settings change: they translate no English field.
    const reviewed = {translation: {translates: 'an older digest', ...REVIEWED}, figureWords: hindi}
    expect(languageFigureWords(reviewed, PUBLIC).missing).toEqual([])
  })
})

describe('dates in a language', () => {
  it('are written with the language’s month names, as read in India', () => {
    expect(formatDate('2026-11-23')).toBe('23 November 2026')
    expect(formatDate('2026-11-23', 'en')).toBe('23 November 2026')
    expect(formatDate('2026-11-23', 'hi')).toBe('23 नवंबर 2026')
    expect(formatDate('2026-11-23', 'te')).toBe('23 నవంబర్ 2026')
    expect(dateLocale('hi')).toBe('hi-IN')
    expect(dateLocale('pt-br')).toBe('pt-BR')
  })

  it('in a language this runtime has no month names for, are written in figures, never in English words', () => {
    expect(writesDatesIn('ta')).toBe(true)
    expect(writesDatesIn('zz')).toBe(false)
    expect(formatDate('2026-11-03', 'zz')).toBe('03/11/2026')
  })

  it('when two versions of a policy shared a day, give its time in India, in the words of the bundled Site settings of each language', () => {
    const documents = bundledDocuments()
    const dayAndTime = (id: string) => documentById(documents, id).policyHistory.dayAndTime as string
    // 8:00 am in India on 25 November 2026.
    const day = {day: '2026-11-25', at: new Date('2026-11-25T02:30:00Z')}
    expect(formatHistoryDay(day, dayAndTime('siteSettings'))).toBe('25 November 2026, 8:00 am IST')
    expect(formatHistoryDay(day, dayAndTime('siteSettings__i18n_hi'), 'hi')).toBe(
      '25 नवंबर 2026, 08:00 बजे (भारतीय मानक समय)',
    )
    expect(formatHistoryDay(day, dayAndTime('siteSettings__i18n_te'), 'te')).toBe(
      '25 నవంబర్ 2026, 08:00 (భారత ప్రామాణిక సమయం)',
    )
    expect(formatTime(new Date('2026-11-25T09:15:00Z'), 'zz')).toBe('14:45')
    // No Latin letters in the figures of a language's time: the zone is in its words.
    for (const language of ['hi', 'te']) expect(formatTime(day.at, language)).not.toMatch(/[A-Za-z]/)
    // A day without a time is the day alone, whatever the words for a time say.
    expect(formatHistoryDay({day: '2026-11-25'}, '{date}, {time}', 'hi')).toBe('25 नवंबर 2026')
    expect(indiaDateTime(day.at)).toBe('2026-11-25T08:00+05:30')
  })
})

describe('adding a language', () => {
  const withTamil = () => {
    const documents = bundledDocuments()
    documentById(documents, 'siteSettings').languages.push(TAMIL)
    return documents
  }

  it('leaves the fingerprint of the English Site settings, which Hindi and Telugu translate, as it was', () => {
    const before = documentById(bundledDocuments(), 'siteSettings')
    const after = documentById(withTamil(), 'siteSettings')
    expect(wordsDigest(after)).toBe(wordsDigest(before))
    expect(documentById(bundledDocuments(), 'siteSettings__i18n_hi').translation.translates).toBe(
      wordsDigest(before),
    )
    // A word the translations translate still counts.
    expect(wordsDigest({...after, tagline: `${after.tagline}!`})).not.toBe(wordsDigest(before))
  })

  it('leaves the header, menu, footer and privacy policy of every other language as they were, with Tamil in English', () => {
    // As they were, whatever staff have reviewed or translated by now: judged without Tamil first.
    const judged = (documents: ReturnType<typeof bundledDocuments>) => {
      const {translations} = dataset(documents)
      const verdicts = translationVerdicts(documents, translations, {
        publicBuild: false,
        now: recordedAt(documents),
      })
      return verdicts.map(({language, settings, pages}) => ({
        code: language.code,
        statuses: [settings.status, pages.find(({path}) => path.endsWith('/privacy-policy'))!.status],
      }))
    }
    const before = judged(bundledDocuments())
    expect(before.map(({code}) => code)).not.toContain(TAMIL.code)
    expect(judged(withTamil())).toEqual([...before, {code: TAMIL.code, statuses: ['missing', 'missing']}])
  })
})

describe('a translation quoting a figure its language has no words for', () => {
  it('is not shown, and the build names the page and the words to fill in', () => {
    const documents = bundledDocuments()
    delete documentById(documents, 'siteSettings__i18n_hi').figureWords.monthOther
    const {translations} = dataset(documents)
    const options = {publicBuild: false, now: recordedAt(documents)}
    const hindi = translationVerdicts(documents, translations, options)[0]!
    const privacy = hindi.pages.find(({path}) => path === '/hi/privacy-policy')!
    expect([privacy.status, privacy.show]).toEqual(['figureWordsMissing', false])
    expect(fallbackWarnings(documents, translations, options)).toContain(
      'हिन्दी (hi): /hi/privacy-policy shows the English Privacy Policy with the line that it is not translated: ' +
        'it quotes figures or Company fact periods this language has no words for ' +
        '(translation privacyPolicy__i18n_hi). Missing in Site settings (hi) › Policy dates and figures: "Months: for any other number".',
    )
    // Without a Site settings translation the build may show, the words come from nowhere: it says so.
    const reviewedPrivacy = translations.map((translation) =>
      translation._id === 'privacyPolicy__i18n_hi'
        ? {...translation, translation: {translates: translation.translation!.translates, ...REVIEWED}}
        : translation,
    )
    expect(fallbackWarnings(documents, reviewedPrivacy, {...options, publicBuild: true})).toContain(
      'हिन्दी (hi): /hi/privacy-policy shows the English Privacy Policy with the line that it is not translated: ' +
        'it quotes figures or Company fact periods this language has no words for ' +
        '(translation privacyPolicy__i18n_hi). Those words come from the Site settings translation (hi), which this build does not show: there is none, or it awaits review.',
    )
    // Telugu has its words: its page is shown.
    const telugu = translationVerdicts(documents, translations, options)[1]!
    expect(telugu.pages.find(({path}) => path === '/te/privacy-policy')!.status).toBe('sample')
  })
})

describe('in Studio, a Site settings translation', () => {
  it('says by a badge which words of the figures it lacks, and says nothing once they are all there', () => {
    const hindi = documentById(bundledDocuments(), 'siteSettings__i18n_hi')
    expect(figureWordsBadge(hindi)).toBeNull()
    const {hourOne: _one, ...lacking} = hindi.figureWords
    expect(figureWordsBadge({...hindi, figureWords: {...lacking, dayOther: 'दिन'}})).toEqual({
      label: 'Figure words missing',
      title:
        'Pages in this language that need these words (a figure’s or a Company fact period’s unit, the mark of a sample period) show English until their words are filled in under “Policy dates and figures”: "Days: for any other number", "Hours: for 1".',
      color: 'warning',
    })
  })
})
