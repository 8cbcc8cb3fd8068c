// Screenshots of the top of every route at phone and desktop width, for reviews and the docs.
//
//   npm run build && npm start &                       # or any running copy of the site
//   npm exec -- node scripts/screenshots.ts [base URL] [--out folder]
//
// The base URL defaults to http://localhost:4321; the pictures go to docs/screenshots/ as
// <route>-<width>.webp, e.g. home-375.webp, privacy-policy-1280.webp, not-found-375.webp: WebP,
// encoded by Chromium. Each shows a page's first two screens, what a visitor meets first (a
// policy is forty screens long on a phone: a reader of the docs needs its top, not its length).
// It builds and serves nothing itself. Runs on Node 24 as plain TypeScript.
import {mkdirSync, writeFileSync} from 'node:fs'
import {join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {PAGE_PATHS} from '../model/routes.ts'
import {POLICY_LIST} from '../model/siteDocuments.ts'
import {DESKTOP, PHONE, launchBrowser, webpOf} from '../tests/support/browser.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Every route of the spec, and a path that does not exist (the 404 page). */
const ROUTES: {path: string; name: string; status: number}[] = [
  {path: PAGE_PATHS.home, name: 'home', status: 200},
  // Named after the title: "&" in a path is no part of a file name.
  ...POLICY_LIST.map(({path, title}) => ({
    path,
    name: title.toLowerCase().replaceAll(' ', '-'),
    status: 200,
  })),
  {path: PAGE_PATHS.about, name: 'about-us', status: 200},
  {path: PAGE_PATHS.contact, name: 'contact-us', status: 200},
  {path: '/this-page-does-not-exist', name: 'not-found', status: 404},
]

const WIDTHS = [PHONE, DESKTOP]
/** How much of a page each picture shows, in screens from its top. */
const SCREENS = 2

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    out: {type: 'string', default: join(ROOT, 'docs/screenshots')},
    help: {type: 'boolean', short: 'h'},
  },
})
if (values.help) {
  console.log('Usage: node scripts/screenshots.ts [base URL, default http://localhost:4321] [--out folder]')
  process.exit(0)
}
const base = (positionals[0] ?? 'http://localhost:4321').replace(/\/+$/, '')
const outDir = resolve(values.out)

try {
  await fetch(base + '/', {redirect: 'manual'})
} catch {
  console.error(
    `Nothing answers at ${base}. Start the site first (npm run build && npm start), or pass its address.`,
  )
  process.exit(1)
}

mkdirSync(outDir, {recursive: true})
const browser = await launchBrowser()
const problems: string[] = []
try {
  for (const viewport of WIDTHS) {
    // Reduced motion: anchors jump instead of scrolling, so nothing is caught mid-animation.
    const context = await browser.newContext({viewport, reducedMotion: 'reduce'})
    const page = await context.newPage()
    page.on('pageerror', (error) => problems.push(`${page.url()} at ${viewport.width} px: ${error.message}`))
    for (const route of ROUTES) {
      const response = await page.goto(base + route.path, {waitUntil: 'networkidle'})
      const status = response?.status()
      if (status !== route.status) problems.push(`${route.path} answered ${status}, expected ${route.status}`)
      // Islands (the menu on phones, the contact form) hydrate before the picture is taken.
      await page
        .waitForFunction(
          () =>
            [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
              const client = island.getAttribute('client')
              if (client === 'load') return false
              const media =
                client === 'media' ? JSON.parse(island.getAttribute('opts') ?? '{}').value : undefined
              return !media || !matchMedia(media).matches
            }),
          undefined,
          {timeout: 5_000},
        )
        .catch(() => problems.push(`${route.path} at ${viewport.width} px: an island did not hydrate`))
      await page.evaluate(() => document.fonts.ready)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      if (overflow > 0)
        problems.push(`${route.path} at ${viewport.width} px is ${overflow} px wider than the screen`)
      const file = join(outDir, `${route.name}-${viewport.width}.webp`)
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      const shown = Math.min(height, SCREENS * viewport.height)
      const png = await page.screenshot({
        fullPage: true,
        animations: 'disabled',
        clip: {x: 0, y: 0, width: viewport.width, height: shown},
      })
      writeFileSync(file, await webpOf(context, png))
      const part = shown < height ? `, its first ${shown} of ${height} px` : ''
      console.log(`${relative(process.cwd(), file)}  (${route.path}, ${status}${part})`)
    }
    await context.close()
  }
} finally {
  await browser.close()
}

if (problems.length > 0) {
  console.warn(`\nNoticed while taking them:\n- ${problems.join('\n- ')}`)
  process.exitCode = 1
}
