import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {bundledDocuments, documentById} from '../../support/dataset'
import {
  buildMoment,
  contactFormHydrated,
  contactPage,
  historyWords,
  policies,
  policyVersions,
  settings,
  startOf,
  translatesPrivacyInForce,
} from '../../support/site'
import {formatDate, formatHistoryDay} from '../../../model/dates'
import {factText} from '../../../model/companyFacts'
import {figureWordsIn} from '../../../model/policyFigures'
import {fillTemplate} from '../../../model/templates'

const base = inject('siteUrl')
/** What "now" is to the pages: the build's moment. */
const BUILT_AT = await buildMoment(inject('distDir'))
const documents = bundledDocuments()

interface Language {
  code: string
  name: string
  notTranslatedLine: string
  sampleLine: string
  englishTextLink: string
}
const LANGUAGES: Language[] = settings.languages.filter((language: {enabled: boolean}) => language.enabled)
const language = (code: string) => LANGUAGES.find((entry) => entry.code === code)!

/**
 * Each version's "What changed" on a history page in a language: the policy translation's own
 * summary (its `versionSummaries`) where it has one, in the page's language; else staff's English
 * summary, marked English. The translation's summaries are part of its sample, under its line.
 */
async function expectVersionSummaries(page: Page, code: string) {
  const translated = new Map<number, string>(
    (documentById(documents, `privacyPolicy__i18n_${code}`).versionSummaries ?? []).map(
      ({version, summary}: {version: number; summary: string}) => [version, summary],
    ),
  )
  expect(translated.size, `the ${code} Privacy Policy translates some summaries`).toBeGreaterThan(0)
  const words = documentById(documents, `siteSettings__i18n_${code}`).policyHistory
  const items = page.getByRole('main').locator('.history__item')
  await expect(items.count()).resolves.toBe(policyVersions.privacy.length)
  for (const version of policyVersions.privacy) {
    const item = items.filter({
      has: page.locator(`a[href="/${code}/policy-versions/privacy-policy/${version.number}"]`),
    })
    const own = translated.get(version.number)
    const summary = own
      ? item.locator('p').filter({hasText: own})
      : item.locator('span[lang="en"]').filter({hasText: version.summary})
    await expect(summary.count(), `version ${version.number}`).resolves.toBe(1)
    await expect(
      summary.evaluate((element) => element.closest('[lang]')!.getAttribute('lang')),
      `version ${version.number}`,
    ).resolves.toBe(own ? code : 'en')
    // A version still to come "takes effect", in the future tense; only one in force "came into force".
    const [line, date] = await item
      .locator('.version-date')
      .first()
      .evaluate((element) => [element.textContent!, element.querySelector('time')!.textContent!])
    const word = startOf(version) > BUILT_AT ? words.takesEffect : words.effectiveFrom
    expect(line!.replace(/\s+/g, ' ').trim(), `version ${version.number}`).toBe(
      fillTemplate(word, {date: date!}),
    )
  }
}

/** The line above a sample translation: it says so, that the English text prevails, and links to it. */
async function expectSampleLine(page: Page, code: string, englishPath: string) {
  const {sampleLine, englishTextLink} = language(code)
  const note = page.locator('.translation-note')
  await expect(note.innerText()).resolves.toBe(`${sampleLine} ${englishTextLink}`)
  await expect(
    note.getByRole('link', {name: englishTextLink, exact: true}).getAttribute('href'),
  ).resolves.toBe(englishPath)
}

/** A page in a language that shows the English text: its line says so, and the heading is marked English. */
async function expectEnglishUnderLine(page: Page, code: string, title: string) {
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe(code)
  await expect(page.getByText(language(code).notTranslatedLine, {exact: true}).isVisible()).resolves.toBe(
    true,
  )
  const heading = page.getByRole('heading', {level: 1})
  await expect(heading.textContent()).resolves.toBe(title)
  await expect(heading.evaluate((element) => element.closest('[lang]')!.getAttribute('lang'))).resolves.toBe(
    'en',
  )
}

/** The first words of the short notice a translation puts beside the consent box. */
function noticeOpening(contact: Record<string, any>): string {
  const spans = contact.shortNotice[0].children as {_type: string; text?: string}[]
  return spans.find((child) => child._type === 'span' && (child.text ?? '').trim().length > 10)!.text!.trim()
}

/** The switcher's link to a language, in the footer. */
const switcherLink = (page: Page, name: string) =>
  page.locator('.language-switcher').getByRole('link', {name, exact: true})

describe('the site in Hindi and Telugu', () => {
  it('offers the two languages Site settings turn on', () => {
    expect(LANGUAGES.map(({code}) => code)).toEqual(['hi', 'te'])
  })

  for (const code of ['hi', 'te']) {
    const {name} = language(code)
    const translation = documentById(documents, `contactPage__i18n_${code}`)
    const translatedSettings = documentById(documents, `siteSettings__i18n_${code}`)

    it(`from /contact-us without JavaScript the switcher reaches /${code}/contact-us: lang, alternates, the notice and consent in ${name}, the sample line and a link back to English`, async ({
      newPage,
    }) => {
      const page = await newPage(PHONE, {javaScriptEnabled: false})
      await page.goto(`${base}/contact-us`)
      await switcherLink(page, name).click()
      await page.waitForURL(`${base}/${code}/contact-us`)

      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(code)
      const alternates = await page
        .locator('head link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href')!).pathname]),
        )
      expect(alternates).toEqual([
        ['en', '/contact-us'],
        ['hi', '/hi/contact-us'],
        ['te', '/te/contact-us'],
        ['x-default', '/contact-us'],
      ])
      await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe(translation.title)
      await expect(
        page.getByText(noticeOpening(translation), {exact: false}).first().isVisible(),
      ).resolves.toBe(true)
      // Where a message is kept, from the rows of Data processors, reads in the language.
      const {words} = figureWordsIn(translatedSettings.figureWords)
      const notice = await page.locator('#privacy-notice').innerText()
      expect(notice).toContain(
        factText(documentById(documents, 'companyFacts'), 'messageCountries', {...words, language: code}),
      )
      expect(notice).not.toMatch(/, which |, outside India|United States/)
      await expect(
        page.getByRole('checkbox', {name: translation.form.consentLabel, exact: true}).count(),
      ).resolves.toBe(1)
      await expectSampleLine(page, code, '/contact-us')
      // The header and footer are in the language too, and lead to its pages.
      await expect(
        page
          .getByRole('link', {name: translatedSettings.companyLinks[0].label, exact: true})
          .getAttribute('href'),
      ).resolves.toBe(`/${code}${translatedSettings.companyLinks[0].href}`)

      const english = switcherLink(page, 'English')
      await expect(english.getAttribute('href')).resolves.toBe('/contact-us')
      await expect(english.getAttribute('hreflang')).resolves.toBe('en')
      await expect(switcherLink(page, name).getAttribute('aria-current')).resolves.toBe('true')
      await english.click()
      await page.waitForURL(`${base}/contact-us`)
      await expect(page.getByRole('heading', {level: 1}).textContent()).resolves.toBe(contactPage.title)
    })

    it(`the contact form on /${code}/contact-us shows its labels in ${name} once hydrated`, async ({
      phonePage: page,
    }) => {
      await page.goto(`${base}/${code}/contact-us`)
      await contactFormHydrated(page)
      await expect(page.getByRole('button', {name: translation.form.submitLabel}).isVisible()).resolves.toBe(
        true,
      )
      await expect(
        page.getByLabel(translation.form.nameLabel, {exact: false}).first().isVisible(),
      ).resolves.toBe(true)
    })
  }

  it("/hi/privacy-policy shows the sample Hindi translation under the Hindi sample line, with the English version's number and dates", async ({
    desktopPage: page,
  }) => {
    const hindi = documentById(documents, 'privacyPolicy__i18n_hi')
    const hindiWords = documentById(documents, 'siteSettings__i18n_hi').policyHistory
    /** The version line under the title: its words, and each date's day and how it is written. */
    const versionLine = async () => ({
      text: (await page.locator('.policy__updated').textContent())!.replace(/\s+/g, ' '),
      dates: await page
        .locator('.policy__updated time')
        .evaluateAll((times) => times.map((time) => [time.getAttribute('datetime'), time.textContent])),
    })
    await page.goto(`${base}/privacy-policy`)
    if (!translatesPrivacyInForce('hi', BUILT_AT)) {
      await page.goto(`${base}/hi/privacy-policy`)
      return expectEnglishUnderLine(page, 'hi', policies.privacy.title)
    }
    const english = await versionLine()
    // The translation translates the English version in force, the one the English page shows.
    expect(english.text).toContain(
      `${fillTemplate(settings.policyHistory.version, {number: hindi.translation.translates})} ·`,
    )

    await page.goto(`${base}/hi/privacy-policy`)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi')
    await expectSampleLine(page, 'hi', '/privacy-policy')
    await expect(page.getByText(language('hi').notTranslatedLine, {exact: true}).count()).resolves.toBe(0)
    const heading = page.getByRole('heading', {level: 1})
    await expect(heading.textContent()).resolves.toBe(hindi.title)
    // The Hindi text is the page's own language, not marked as English inside it.
    await expect(
      heading.evaluate((element) => element.closest('[lang]')!.getAttribute('lang')),
    ).resolves.toBe('hi')
    await expect(
      page.getByRole('heading', {level: 2, name: hindi.sections[0].heading}).isVisible(),
    ).resolves.toBe(true)
    // The same version as the English page: its number and the day it applies from.
    const translated = await versionLine()
    expect(translated.text).toContain(
      `${fillTemplate(hindiWords.version, {number: hindi.translation.translates})} ·`,
    )
    // The same days, written in Hindi ("23 नवंबर 2026"), with the same time where the English gives one.
    const inHindi = (datetime: string) =>
      datetime.includes('T')
        ? formatHistoryDay({day: datetime.slice(0, 10), at: new Date(datetime)}, hindiWords.dayAndTime, 'hi')
        : formatDate(datetime, 'hi')
    expect(translated.dates).toEqual(english.dates.map(([datetime]) => [datetime, inHindi(datetime!)]))
    expect(translated.dates).toHaveLength(1)
    // An announced version's page is English until it applies: its link says so, in Hindi.
    const announced = policyVersions.privacy.filter((version) => startOf(version) > BUILT_AT)
    const readNew = page.locator('.policy__upcoming a[href^="/hi/policy-versions/"]')
    await expect(readNew.allTextContents()).resolves.toEqual(
      announced.map(() => hindiWords.readUpcomingUntranslated),
    )
    for (const link of await readNew.all()) await expect(link.getAttribute('hreflang')).resolves.toBe('en')
  })

  it('/hi/terms&conditions shows the English text with the Hindi line that it is not translated', async ({
    desktopPage: page,
  }) => {
    await page.goto(`${base}/hi/terms&conditions`)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi')
    await expect(page.getByText(language('hi').notTranslatedLine, {exact: true}).isVisible()).resolves.toBe(
      true,
    )
    const heading = page.getByRole('heading', {level: 1})
    await expect(heading.textContent()).resolves.toBe(policies.terms.title)
    // The English text says it is English, inside the Hindi page.
    await expect(
      heading.evaluate((element) => element.closest('[lang]')!.getAttribute('lang')),
    ).resolves.toBe('en')
  })

  it('the switcher is reachable at 375 px: each link visible, inside the screen and a 24 px target', async ({
    phonePage: page,
  }) => {
    await page.goto(`${base}/contact-us`)
    for (const name of ['English', ...LANGUAGES.map((entry) => entry.name)]) {
      const link = switcherLink(page, name)
      await link.scrollIntoViewIfNeeded()
      await expect(link.isVisible()).resolves.toBe(true)
      const box = (await link.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
      expect(box.height).toBeGreaterThanOrEqual(24)
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  it("/hi/policy-history/privacy-policy is in Hindi: its heading, words, links and each version's summary", async ({
    desktopPage: page,
  }) => {
    const hindi = documentById(documents, 'privacyPolicy__i18n_hi')
    const hindiWords = documentById(documents, 'siteSettings__i18n_hi').policyHistory
    const response = await page.goto(`${base}/hi/policy-history/privacy-policy`)
    expect(response?.status()).toBe(200)
    if (!translatesPrivacyInForce('hi', BUILT_AT))
      return expectEnglishUnderLine(page, 'hi', `${policies.privacy.title}: ${historyWords.historyHeading}`)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi')
    await expectSampleLine(page, 'hi', '/policy-history/privacy-policy')
    const heading = page.getByRole('heading', {level: 1})
    await expect(heading.textContent()).resolves.toBe(`${hindi.title}: ${hindiWords.historyHeading}`)
    await expect(
      heading.evaluate((element) => element.closest('[lang]')!.getAttribute('lang')),
    ).resolves.toBe('hi')
    const main = page.getByRole('main')
    // Every link of the history leads to a page in Hindi: the policy, each version and its changes.
    const hrefs = await main
      .locator('.history a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(hrefs.length).toBeGreaterThanOrEqual(policyVersions.privacy.length)
    for (const href of hrefs) expect(href).toMatch(/^\/hi\//)
    await expect(main.getByRole('link', {name: hindiWords.readCurrent}).getAttribute('href')).resolves.toBe(
      '/hi/privacy-policy',
    )
    await expect(
      main
        .getByRole('link', {
          name: fillTemplate(hindiWords.version, {number: policyVersions.privacy.at(-1)!.number}),
          exact: true,
        })
        .isVisible(),
    ).resolves.toBe(true)
    await expectVersionSummaries(page, 'hi')
    // The switcher offers the same history in every language.
    await expect(switcherLink(page, 'English').getAttribute('href')).resolves.toBe(
      '/policy-history/privacy-policy',
    )
  })

  it('links inside the Hindi Privacy Policy and the Hindi notice lead to the Hindi pages', async ({
    desktopPage: page,
  }) => {
    const internalLinks = (selector: string) =>
      page
        .locator(`${selector} a[href^="/"]`)
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
    await page.goto(`${base}/hi/privacy-policy`)
    const inPolicy = await internalLinks('.policy__body')
    expect(inPolicy).toEqual(
      expect.arrayContaining(['/hi/policy-history/privacy-policy', '/hi/terms&conditions']),
    )
    for (const href of inPolicy) expect(href).toMatch(/^\/hi\//)
    await page.goto(`${base}/hi/contact-us`)
    expect(await internalLinks('.contact__notice')).toEqual([
      '/hi/privacy-policy#your-rights-and-how-to-use-them',
    ])
  })

  it("/te/policy-history/privacy-policy shows each version's summary in Telugu, under the sample line", async ({
    desktopPage: page,
  }) => {
    await page.goto(`${base}/te/policy-history/privacy-policy`)
    if (!translatesPrivacyInForce('te', BUILT_AT))
      return expectEnglishUnderLine(page, 'te', `${policies.privacy.title}: ${historyWords.historyHeading}`)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('te')
    await expectSampleLine(page, 'te', '/policy-history/privacy-policy')
    await expectVersionSummaries(page, 'te')
  })

  it('/te/policy-history/terms&conditions shows the English history with the Telugu line that it is not translated', async ({
    desktopPage: page,
  }) => {
    const response = await page.goto(`${base}/te/policy-history/terms&conditions`)
    expect(response?.status()).toBe(200)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('te')
    await expect(page.getByText(language('te').notTranslatedLine, {exact: true}).isVisible()).resolves.toBe(
      true,
    )
    const heading = page.getByRole('heading', {level: 1})
    await expect(heading.textContent()).resolves.toBe(
      `${policies.terms.title}: ${settings.policyHistory.historyHeading}`,
    )
    await expect(
      heading.evaluate((element) => element.closest('[lang]')!.getAttribute('lang')),
    ).resolves.toBe('en')
    const history = (await page.locator('.history__item').allTextContents()).join(' ')
    for (const version of policyVersions.terms) expect(history).toContain(version.summary)
  })

  it('the page for an unknown address stays English and names no other language', async ({
    desktopPage: page,
  }) => {
    await page.goto(`${base}/no-such-page`)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en')
    await expect(page.locator('link[hreflang]').count()).resolves.toBe(0)
    await expect(page.locator('.language-switcher').count()).resolves.toBe(0)
  })
})
