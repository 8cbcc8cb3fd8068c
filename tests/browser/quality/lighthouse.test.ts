import {describe, expect, inject, it} from 'vitest'
import {PAGE_PATHS} from '../../../model/routes'
import {runLighthouse, type LighthouseResult} from '../../support/lighthouse'

const ROUTES = Object.values(PAGE_PATHS)

// Performance is a figure of bench/lighthouse (this machine is too noisy to assert it); the other
// three categories do not depend on timing and must be perfect on every route.
describe('Lighthouse, mobile profile', () => {
  let results: LighthouseResult[] = []

  it('audits every route', async () => {
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
