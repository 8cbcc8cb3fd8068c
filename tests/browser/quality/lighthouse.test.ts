import {describe, expect, inject, it} from 'vitest'
import {PAGE_PATHS} from '../../../model/routes'
import {runLighthouse, type LighthouseResult} from '../../support/lighthouse'

/**
 * One route of each kind of page: the home page, the About page, the contact page with its form,
 * and a policy (the largest, its layout shared by the other two). The other policies, the history
 * pages and the pages in other languages are checked whole by the crawl of every page
 * (tests/browser/quality/everyPage.test.ts: axe, CSP, console errors) and by
 * tests/browser/pages/seo.test.ts (title, description, canonical address, robots); Lighthouse on
 * every route in every language is `npm run bench:lighthouse`.
 */
const ROUTES = [PAGE_PATHS.home, PAGE_PATHS.about, PAGE_PATHS.contact, PAGE_PATHS.privacyPolicy]

// Performance is a figure of bench/lighthouse (this machine is too noisy to assert it); the other
// three categories do not depend on timing and must be perfect on every kind of page.
describe('Lighthouse, mobile profile', () => {
  let results: LighthouseResult[] = []

  it('audits one route of each kind', async () => {
    results = await runLighthouse(
      ROUTES.map((route) => inject('siteUrl') + route),
      ['accessibility', 'best-practices', 'seo'],
    )
    expect(results).toHaveLength(ROUTES.length)
  }, 300_000)

  for (const [index, route] of ROUTES.entries()) {
    it(`${route} scores 100 for Accessibility, Best Practices and SEO`, () => {
      const result = results[index]
      expect(result, 'the audit of every route ran').toBeDefined()
      expect({scores: result!.scores, failing: result!.failing}).toMatchObject({
        scores: {accessibility: 1, 'best-practices': 1, seo: 1},
      })
    })
  }
})
