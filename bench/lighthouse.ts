// Lighthouse (mobile profile, DevTools throttling: observed figures) on every page route, in English
// and in every language the build's sitemap gives it (/hi/…, /te/…), each against its limit page:
// the same built HTML with no script and the CSS inlined, served by another instance of the same
// production server. Prints, per route, LCP (ours / the limit's), TBT and Performance for both:
// the medians of --runs runs, ours and the limit's taken in turn so the machine's load falls on both.
// Run: npm run bench:lighthouse (after npm run build).
// Options: --runs 3, --route /contact-us (repeatable: only these routes), --throttling simulate
// (Lighthouse's modelled figures instead of observed ones), --dist <folder> (another build).
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {parseArgs} from 'node:util'
import {PAGE_PATHS} from '../model/routes.ts'
import {ROOT} from '../tests/support/astroBuild.ts'
import {runLighthouse, type LighthouseResult, type Throttling} from '../tests/support/lighthouse.ts'
import {startSiteServer} from '../tests/support/processes.ts'
import {linkPackages} from '../src/server/rebuilder.ts'

const {values} = parseArgs({
  options: {
    runs: {type: 'string', default: '3'},
    route: {type: 'string', multiple: true},
    throttling: {type: 'string', default: 'devtools'},
    dist: {type: 'string', default: join(ROOT, 'dist')},
  },
})
const runs = Number(values.runs)
const throttling = values.throttling as Throttling

const distDir = resolve(values.dist)
if (!existsSync(join(distDir, 'server/entry.mjs'))) {
  console.error('No build in dist/: run `npm run build` first.')
  process.exit(1)
}

/** The page as it would be with no script at all: every script and preload removed, CSS inlined. */
function limitPage(html: string, readAsset: (path: string) => string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*>/gi, '')
    .replace(
      /<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/gi,
      (_, href: string) => `<style>${readAsset(href)}</style>`,
    )
}

/** A copy of the build whose every page is its limit page. */
function limitBuild(into: string): string {
  cpSync(distDir, into, {recursive: true})
  const client = join(into, 'client')
  for (const file of readdirSync(client, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.html')) continue
    const path = join(client, file)
    writeFileSync(
      path,
      limitPage(readFileSync(path, 'utf8'), (href) => readFileSync(join(client, href), 'utf8')),
    )
  }
  return into
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
// The copy's server code imports the site's packages by name: give its folder the project's.
linkPackages(scratch, ROOT)
const ours = await startSiteServer(distDir, {CONTACT_DB_PATH: join(scratch, 'ours.sqlite')})
const limit = await startSiteServer(limitBuild(join(scratch, 'limit')), {
  CONTACT_DB_PATH: join(scratch, 'limit.sqlite'),
  SITE_BUILDS_DIR: join(scratch, 'limit-builds'),
})

/** Each English page route, then the same pages in the other languages, as the sitemap gives them. */
async function routesInEveryLanguage(): Promise<string[]> {
  const english: readonly string[] = Object.values(PAGE_PATHS)
  const sitemap = await (await fetch(`${ours.url}/sitemap.xml`)).text()
  const translated = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].flatMap(([, entry]) => {
    const alternates = [...entry!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(
      ([, language, href]) => ({
        language: language!,
        path: decodeURI(new URL(href!.replace(/&#38;|&amp;/g, '&')).pathname),
      }),
    )
    if (!alternates.some(({language, path}) => language === 'en' && english.includes(path))) return []
    return alternates
      .filter(({language}) => language !== 'en' && language !== 'x-default')
      .map(({path}) => path)
  })
  return [...new Set([...english, ...translated])]
}
const ROUTES = values.route ?? (await routesInEveryLanguage())

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
const ms = (value: number) => value.toFixed(0)

try {
  const results = new Map<string, {ours: LighthouseResult[]; limit: LighthouseResult[]}>(
    ROUTES.map((route) => [route, {ours: [], limit: []}]),
  )
  for (let run = 0; run < runs; run++) {
    for (const route of ROUTES) {
      const [mine, theirs] = await runLighthouse(
        [ours.url + route, limit.url + route],
        ['performance'],
        throttling,
      )
      results.get(route)!.ours.push(mine!)
      results.get(route)!.limit.push(theirs!)
    }
  }
  console.log(
    `Lighthouse ${throttling === 'devtools' ? 'observed (DevTools throttling)' : 'simulated'}, mobile, ` +
      `median of ${runs}: ours against the limit page (no script, CSS inlined, same server)\n`,
  )
  console.log('| route | LCP ours / limit ms | ratio | TBT ours | TBT limit | Perf ours | Perf limit |')
  console.log('|---|---|---|---|---|---|---|')
  for (const [route, {ours: mine, limit: theirs}] of results) {
    const m = (list: LighthouseResult[], pick: (result: LighthouseResult) => number) => median(list.map(pick))
    const lcp = m(mine, (r) => r.lcpMs)
    const lcpLimit = m(theirs, (r) => r.lcpMs)
    const perf = (list: LighthouseResult[]) => ms(m(list, (r) => (r.scores.performance ?? 0) * 100))
    console.log(
      `| ${route} | ${ms(lcp)} / ${ms(lcpLimit)} | ${(lcp / lcpLimit).toFixed(2)} | ${ms(m(mine, (r) => r.tbtMs))} | ${ms(m(theirs, (r) => r.tbtMs))} | ${perf(mine)} | ${perf(theirs)} |`,
    )
  }
} finally {
  await Promise.all([ours.stop(), limit.stop()])
  rmSync(scratch, {recursive: true, force: true})
}
