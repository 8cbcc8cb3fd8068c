// Lighthouse (mobile profile) on every route of the production server, in English and in every
// language the build's sitemap lists (/hi/contact-us, …): the four category scores
// and FCP, LCP (and how long after FCP it comes), TBT and CLS. Run: npm run bench:lighthouse (after
// npm run build). Option: --runs 3 (the median of several runs per route; this machine is noisy).
// The goal on every route: Performance 100, with LCP within 150 ms of FCP.
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {parseArgs} from 'node:util'
import {PAGE_PATHS} from '../model/routes.ts'
import {ROOT} from '../tests/support/astroBuild.ts'
import {runLighthouse, type LighthouseResult} from '../tests/support/lighthouse.ts'
import {startSiteServer} from '../tests/support/processes.ts'

const ENGLISH_ROUTES: readonly string[] = Object.values(PAGE_PATHS)
const runs = Number(parseArgs({options: {runs: {type: 'string', default: '1'}}}).values.runs)

const distDir = join(ROOT, 'dist')
if (!existsSync(join(distDir, 'server/entry.mjs'))) {
  console.error('No build in dist/: run `npm run build` first.')
  process.exit(1)
}
const scratch = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
const server = await startSiteServer(distDir, {CONTACT_DB_PATH: join(scratch, 'messages.sqlite')})

/** Each English route, then the pages in other languages that the build's sitemap gives as alternates. */
async function routesInEveryLanguage(): Promise<string[]> {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
  const translated = [...sitemap.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)]
    .filter(([, language]) => language !== 'en' && language !== 'x-default')
    .map(([, , href]) => decodeURI(new URL(href!.replace(/&#38;|&amp;/g, '&')).pathname))
  return [...new Set([...ENGLISH_ROUTES, ...translated])]
}
const ROUTES = await routesInEveryLanguage()

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const score = (value: number | null | undefined) =>
  value === null || value === undefined ? '  –' : String(Math.round(value * 100)).padStart(3)

try {
  const byRoute = new Map<string, LighthouseResult[]>()
  for (let run = 0; run < runs; run++) {
    for (const result of await runLighthouse(ROUTES.map((route) => server.url + route))) {
      const route = result.url.slice(server.url.length)
      byRoute.set(route, [...(byRoute.get(route) ?? []), result])
    }
  }
  console.log(`Lighthouse, mobile profile (simulated slow 4G), production server; median of ${runs} run(s)\n`)
  console.log(
    'route                          perf  a11y  best   seo   FCP ms   LCP ms  LCP-FCP  TBT ms    CLS',
  )
  for (const [route, results] of byRoute) {
    const m = (pick: (result: LighthouseResult) => number) => median(results.map(pick))
    console.log(
      [
        route.padEnd(30),
        score(m((r) => r.scores.performance ?? 0)).padStart(4),
        score(m((r) => r.scores.accessibility ?? 0)).padStart(5),
        score(m((r) => r.scores['best-practices'] ?? 0)).padStart(5),
        score(m((r) => r.scores.seo ?? 0)).padStart(5),
        m((r) => r.fcpMs)
          .toFixed(0)
          .padStart(8),
        m((r) => r.lcpMs)
          .toFixed(0)
          .padStart(8),
        m((r) => r.lcpMs - r.fcpMs)
          .toFixed(0)
          .padStart(8),
        m((r) => r.tbtMs)
          .toFixed(0)
          .padStart(7),
        m((r) => r.cls)
          .toFixed(3)
          .padStart(6),
      ].join(' '),
    )
  }
  const misses = [...byRoute].flatMap(([route, results]) =>
    Object.entries(results.at(-1)!.failing).flatMap(([category, audits]) =>
      audits.map((audit) => `${route} ${category}: ${audit}`),
    ),
  )
  if (misses.length) console.log(`\nscored audits below 1 (last run):\n  ${misses.join('\n  ')}`)
} finally {
  await server.stop()
  rmSync(scratch, {recursive: true, force: true})
}
