import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {describe, expect, inject} from 'vitest'
import type {Browser, Page} from 'playwright-core'
import {DESKTOP, openPage, type Viewport} from '../../support/browser'
import {it} from '../../support/browserTest'
import {NOT_FOUND_PATH} from '../../support/site'
import {checkEveryPage} from './pages'

const base = inject('siteUrl')
const origin = new URL(base).origin

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * axe-core's WCAG 2.2 AA and best-practice violations on the page as it is now, one readable line
 * each (id, impact, help, the failing nodes). axe is evaluated through the DevTools protocol, which
 * the page's CSP does not govern, so the page keeps its CSP and is checked for both in one visit.
 */
async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {run: (context: Document, options: object) => Promise<{violations: unknown[]}>}
      }
    ).axe
    const results = await axe.run(document, {runOnly: {type: 'tag', values: tags}})
    return (results.violations as any[]).map((violation) => ({
      id: violation.id as string,
      impact: (violation.impact ?? null) as string | null,
      help: violation.help as string,
      targets: violation.nodes.map((node: {target: unknown[]}) =>
        node.target.map(String).join(' '),
      ) as string[],
    }))
  }, AXE_TAGS)
  return violations.map((v) => `${where}: axe ${v.id} [${v.impact}] ${v.help} -> ${v.targets.join(' | ')}`)
}

/**
 * A page (CSP enforced, not bypassed) that records, for every document it loads: each CSP
 * violation (the DOM event and the console's report), each error in the console or thrown by a
 * script, and each request to another origin (answered at once: the test machine has no network).
 */
async function watchedPage(browser: Browser, viewport: Viewport) {
  const page = await openPage(browser, viewport)
  await page.addInitScript(() => {
    const store: string[] = ((window as unknown as {__cspViolations: string[]}).__cspViolations = [])
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      )
    })
  })
  const reported: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reported.push(`CSP (console): ${message.text()}`)
    else if (message.type() === 'error') {
      // The 404 page is answered with its status, which Chromium reports; nothing else may fail.
      const own404 = message.location().url === base + NOT_FOUND_PATH && message.text().includes('404')
      if (!own404) reported.push(`console error: ${message.text()} (${message.location().url})`)
    }
  })
  page.on('pageerror', (error) => reported.push(`script error: ${error.message}`))
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith('data:') && new URL(url).origin !== origin)
      reported.push(`request to another origin: ${url}`)
  })
  await page.route(
    (url) => url.protocol !== 'data:' && url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  )
  return {
    page,
    /** What went wrong on the page since the last call, without axe: CSP, console, other origins. */
    async problems(where: string): Promise<string[]> {
      await page.waitForLoadState('load')
      // Chromium writes a violation to the console as it happens, and the protocol delivers
      // events in order, so once this round trip through the page's event loop answers, every
      // violation before it is in `reported`: that alone fails the visit. Its DOM event, which
      // names the source line, is a task queued at the same moment; waiting for the next frame
      // gives it the turn of the event loop it needs to be in __cspViolations too.
      await page.evaluate(() => new Promise(requestAnimationFrame))
      const events = await page.evaluate(() =>
        (window as unknown as {__cspViolations: string[]}).__cspViolations.splice(0),
      )
      return [...events.map((event) => `CSP: ${event}`), ...reported.splice(0)].map(
        (line) => `${where}: ${line}`,
      )
    },
  }
}

// Every page at both widths, in every state a visitor can put it in, visited once: what the CSP,
// axe-core and the console say, and where the page asked for anything.
describe('every page breaks no CSP rule, has no axe-core violation, no error in the console and asks nothing of another origin', () => {
  checkEveryPage(async (browser, viewport) => {
    const watched = await watchedPage(browser, viewport)
    return {
      page: watched.page,
      async check(where) {
        const problems = [...(await watched.problems(where)), ...(await axeViolations(watched.page, where))]
        if (problems.length) console.log(`problems\n  ${problems.join('\n  ')}`)
        expect(problems, where).toEqual([])
      },
    }
  })

  it('each of these checks fails on a page that breaks it', async ({browser}) => {
    const watched = await watchedPage(browser, DESKTOP)
    try {
      await watched.page.goto(base + '/about-us')
      expect(await watched.problems('clean')).toEqual([])
      // The events arrive from the browser in their own time: wait for them, not for a guess.
      const arrived = Promise.all([
        watched.page.waitForEvent('pageerror'),
        watched.page.waitForRequest('https://elsewhere.example/'),
      ])
      await watched.page.evaluate(() => {
        const script = document.createElement('script')
        script.textContent = 'void 0'
        document.body.append(script)
        const image = document.createElement('img')
        image.src = '/favicon.svg'
        document.querySelector('main')!.append(image)
        console.error('broken on purpose')
        setTimeout(() => {
          throw new Error('thrown on purpose')
        })
        void fetch('https://elsewhere.example/').catch(() => undefined)
      })
      await arrived
      const problems = [
        ...(await watched.problems('broken')),
        ...(await axeViolations(watched.page, 'broken')),
      ].join('\n')
      expect(problems).toMatch(/CSP: script-src/)
      expect(problems).toMatch(/console error: broken on purpose/)
      expect(problems).toMatch(/script error: thrown on purpose/)
      expect(problems).toMatch(/request to another origin: https:\/\/elsewhere\.example\//)
      expect(problems).toMatch(/axe image-alt/)
    } finally {
      await watched.page.context().close()
    }
  })
})
