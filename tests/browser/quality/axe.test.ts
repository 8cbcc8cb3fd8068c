import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {describe, expect} from 'vitest'
import type {Page} from 'playwright-core'
import {openPage} from '../../support/browser'
import {checkEveryPage} from './pages'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

interface Violation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/**
 * Runs axe-core on the page as it is now. The pages' CSP would block the inline axe script, so
 * the contexts these run in bypass CSP (tests/browser/quality/csp.test.ts checks CSP without bypassing).
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({content: AXE_SOURCE})
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {run: (context: Document, options: object) => Promise<{violations: unknown[]}>}
      }
    ).axe
    const results = await axe.run(document, {runOnly: {type: 'tag', values: tags}})
    return (results.violations as any[]).map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node: {target: unknown[]}) => node.target.map(String).join(' ')),
    }))
  }, AXE_TAGS)
}

/** One readable line per violation: id, impact, help and the failing nodes. */
function describeViolations(where: string, violations: Violation[]): string[] {
  return violations.map((v) => `${where}: ${v.id} [${v.impact}] ${v.help} -> ${v.targets.join(' | ')}`)
}

async function expectNoViolations(page: Page, where: string) {
  const lines = describeViolations(where, await axeViolations(page))
  if (lines.length) console.log(`axe violations\n  ${lines.join('\n  ')}`)
  expect(lines, `axe found violations on ${where}`).toEqual([])
}

describe('axe-core finds no WCAG 2.2 AA or best-practice violations', () => {
  // One page per width, bypassing CSP so axe can be injected.
  checkEveryPage(async (browser, viewport) => {
    const page = await openPage(browser, viewport, {bypassCSP: true})
    return {page, check: (where) => expectNoViolations(page, where)}
  })
})
