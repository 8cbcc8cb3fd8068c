import {describe, expect, inject} from 'vitest'
import {it} from '../../support/browserTest'
import {bundledDocuments, documentById} from '../../support/dataset'
import {formatHistoryDay} from '../../../model/dates'
import {figureWordsIn, formatFigure, type PolicyFigureKey} from '../../../model/policyFigures'
import {factText, PERIOD_FACT_KEYS, type CompanyFactKey} from '../../../model/companyFacts'
import {buildMoment, companyFacts, policyFigures, translatesPrivacyInForce} from '../../support/site'
import {PAGE_PATHS} from '../../../model/routes'

// A reader of only Hindi or Telugu meets no English in a sentence the site writes around the
// translation: figures ("12 महीने"), Company fact periods ("30 दिन (नमूना)"), dates
// ("23 नवंबर 2026") and the words around them.

const base = inject('siteUrl')
/** What "now" is to the pages: the build's moment. */
const BUILT_AT = await buildMoment(inject('distDir'))
const documents = bundledDocuments()

/**
 * Latin-script words: what an English word, a month name or a unit would be written in. A word
 * may hold dots, hyphens and "@" (an e-mail address, "CERT-In"), never end with them.
 */
const LATIN_WORD = /[A-Za-z](?:[A-Za-z0-9.@'’&-]*[A-Za-z0-9])?/g

/** Every Latin-script word of a text in a language's own translation documents, as written. */
function translatorsLatinWords(code: string): Set<string> {
  const texts = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(texts)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, child]) => (key.startsWith('_') ? [] : texts(child)))
          : []
  const own = [`privacyPolicy__i18n_${code}`, `siteSettings__i18n_${code}`].map((id) =>
    documentById(documents, id),
  )
  return new Set(own.flatMap(texts).flatMap((text) => text.match(LATIN_WORD) ?? []))
}

/** Company facts printed as staff entered them, in any language: every fact but the periods. */
const ENTERED_FACTS = `[data-fact]${PERIOD_FACT_KEYS.map((key) => `:not([data-fact="${key}"])`).join('')}`

for (const code of ['hi', 'te']) {
  // Once a later English version applies, the page shows the English text (tests/browser/pages/languages.test.ts).
  const translated = translatesPrivacyInForce(code, BUILT_AT)
  describe(`/${code}/privacy-policy`, () => {
    it.runIf(translated)(
      `writes its figures and dates in the language: no Latin letter in a figure, a date or the version line`,
      async ({desktopPage: page}) => {
        await page.goto(`${base}/${code}/privacy-policy`)
        await expect(page.locator('.policy__body').getAttribute('lang')).resolves.toBe(null)
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe(code)

        const figures = await page
          .locator('main [data-figure]')
          .evaluateAll((spans) => spans.map((span) => [span.getAttribute('data-figure'), span.textContent]))
        const words = figureWordsIn(documentById(documents, `siteSettings__i18n_${code}`).figureWords).words
        expect(figures.length).toBeGreaterThan(5)
        for (const [figure, text] of figures) {
          expect(text, figure!).toBe(formatFigure(figure as PolicyFigureKey, policyFigures[figure!], words))
          expect(text, figure!).not.toMatch(/[A-Za-z]/)
        }

        const dates = await page
          .locator('main time')
          .evaluateAll((times) => times.map((time) => [time.getAttribute('datetime'), time.textContent]))
        expect(dates.length).toBeGreaterThan(0)
        // A day, or a day with its time in India where two versions applied on it ("2026-11-25T08:00+05:30").
        const dayAndTime = documentById(documents, `siteSettings__i18n_${code}`).policyHistory.dayAndTime
        for (const [datetime, text] of dates) {
          const at = datetime!.includes('T') ? new Date(datetime!) : undefined
          expect(text).toBe(formatHistoryDay({day: datetime!.slice(0, 10), at}, dayAndTime, code))
          expect(text).not.toMatch(/[A-Za-z]/)
        }

        const versionLine = await page.locator('.policy__updated').textContent()
        expect(versionLine).not.toMatch(/[A-Za-z]/)
      },
    )

    it(`writes the Company fact periods in the language, the bundled samples marked in its words, on the policy and the Contact page`, async ({
      desktopPage: page,
    }) => {
      const words = figureWordsIn(documentById(documents, `siteSettings__i18n_${code}`).figureWords).words
      const paths = [`/${code}${PAGE_PATHS.contact}`, ...(translated ? [`/${code}/privacy-policy`] : [])]
      for (const path of paths) {
        await page.goto(`${base}${path}`)
        const periods = await page
          .locator(PERIOD_FACT_KEYS.map((key) => `main [data-fact="${key}"]`).join(', '))
          .evaluateAll((spans) => spans.map((span) => [span.getAttribute('data-fact'), span.textContent]))
        expect(periods.length, path).toBeGreaterThan(1)
        for (const [fact, text] of periods) {
          expect(text, `${path} ${fact}`).toBe(factText(companyFacts, fact as CompanyFactKey, words))
          expect(text, `${path} ${fact}`).toContain(words.sampleMark)
          expect(text, `${path} ${fact}`).not.toMatch(/[A-Za-z]/)
        }
      }
    })

    it.runIf(translated)(
      `shows no English word in its ${code} text, apart from what the translation itself writes in Latin letters, Company facts entered as they are (not periods) and text marked English`,
      async ({desktopPage: page}) => {
        await page.goto(`${base}/${code}/privacy-policy`)
        // Every text node the page says is in the language: its nearest `lang` is the page's.
        // Left out, and why:
        // - text marked lang="en": the page says it is English (staff's summary of a change, written
        //   in English), so readers and screen readers know;
        // - Company facts ([data-fact]) entered once, as they are, in Company facts (the company's
        //   names, address, identifiers, e-mail addresses, domains, data processors), and not
        //   translated; its periods are not left out: they read in the language's words;
        // - Latin words the language's own translations write (the policy and Site settings as the
        //   translator wrote them): acronyms and names such as DPDP, CERT-In, GSTIN or MediStay
        //   India, reviewed with the translation.
        // Anything else in Latin letters was added by the site around the translation: a unit, a
        // month name, a label.
        const latin = await page.evaluate(
          ({code, pattern, asEntered}) => {
            const found: string[] = []
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const parent = node.parentElement!
              if (parent.closest(`script, style, noscript, template, ${asEntered}`)) continue
              if (parent.closest('[lang]')?.getAttribute('lang') !== code) continue
              found.push(...(node.textContent!.match(new RegExp(pattern, 'g')) ?? []))
            }
            return found
          },
          {code, pattern: LATIN_WORD.source, asEntered: ENTERED_FACTS},
        )
        const allowed = translatorsLatinWords(code)
        expect(latin.length, 'the translation does write some names in Latin letters').toBeGreaterThan(0)
        expect(latin.filter((word) => !allowed.has(word))).toEqual([])
      },
    )
  })
}
