import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from './browser.ts'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

export interface LighthouseResult {
  url: string
  scores: Record<Category, number | null>
  /** First Contentful Paint: when the page first shows text. */
  fcpMs: number
  /** Largest Contentful Paint: when its largest text or image shows. */
  lcpMs: number
  tbtMs: number
  cls: number
  /** Scored audits that did not pass, per category, for a readable failure. */
  failing: Record<Category, string[]>
}

/**
 * How Lighthouse slows the page to a phone on slow 4G: `simulate` loads it at full speed and
 * models the slow one from the trace (its default; steady on a busy machine); `devtools` really
 * slows the network and CPU in the browser, so the figures are observed, not modelled.
 */
export type Throttling = 'simulate' | 'devtools'

/** One Lighthouse run; a trace that failed to record (it happens on a busy machine) is retried. */
async function audit(
  url: string,
  port: number,
  categories: readonly Category[],
  throttlingMethod: Throttling,
  attempts = 3,
) {
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      throttlingMethod,
      // The full-page screenshot only illustrates an HTML report; no score reads it, and taking it
      // was a third of each audit.
      disableFullPageScreenshot: true,
    })
    const error = runner
      ? runner.lhr.runtimeError
      : {code: 'NO_RESULT', message: 'Lighthouse returned nothing'}
    if (!error) return runner!.lhr
    if (attempt === attempts || error.code === 'ERRORED_DOCUMENT_REQUEST') {
      throw new Error(`Lighthouse could not audit ${url}: ${error.message}`)
    }
  }
}

/**
 * Lighthouse's mobile profile (its default: a mid-range phone on a slow 4G connection, `throttling`)
 * against Debian's chromium. One browser serves every URL, one after another.
 */
export async function runLighthouse(
  urls: string[],
  categories: readonly Category[] = CATEGORIES,
  throttling: Throttling = 'simulate',
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  try {
    const results: LighthouseResult[] = []
    for (const url of urls) {
      const lhr = await audit(url, chrome.port, categories, throttling)
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null]),
      ) as LighthouseResult['scores']
      const failing = Object.fromEntries(
        CATEGORIES.map((id) => [
          id,
          (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id]!)
            .filter((audit) => audit.score !== null && audit.score < 1)
            .map(
              (audit) => `${audit.id} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
            ),
        ]),
      ) as LighthouseResult['failing']
      results.push({
        url,
        scores,
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        failing,
      })
    }
    return results
  } finally {
    chrome.kill()
  }
}
