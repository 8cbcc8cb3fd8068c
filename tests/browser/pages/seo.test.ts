import {describe, expect, inject} from 'vitest'
import {it} from '../../support/browserTest'
import {HISTORY_PAGE_PATHS, NOT_FOUND_PATH, ROUTES, settings} from '../../support/site'

const servers = {'npm start': inject('siteUrl')}
const base = servers['npm start']

describe('what search engines and link previews read', () => {
  it('every route has its CMS title, description, canonical address and Open Graph tags', async ({
    desktopPage: page,
  }) => {
    for (const route of ROUTES) {
      await page.goto(base + route.path)
      const head = await page.evaluate(() => {
        const content = (selector: string) =>
          document.head.querySelector(selector)?.getAttribute('content') ?? null
        return {
          title: document.title,
          lang: document.documentElement.getAttribute('lang'),
          description: content('meta[name="description"]'),
          canonicals: [...document.head.querySelectorAll('link[rel="canonical"]')].map((link) =>
            link.getAttribute('href'),
          ),
          ogTitle: content('meta[property="og:title"]'),
          ogDescription: content('meta[property="og:description"]'),
          ogUrl: content('meta[property="og:url"]'),
          robots: content('meta[name="robots"]'),
          icon: document.head.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null,
        }
      })
      const where = route.path
      expect(head.lang, where).toBe('en')
      expect(head.title.trim(), where).not.toBe('')
      expect(head.title, where).toContain(route.cmsTitle)
      expect(head.title, where).toContain(settings.companyName)
      expect(head.description, where).toBe(route.description)

      expect(head.canonicals, where).toHaveLength(1)
      const canonical = head.canonicals[0]!
      expect(canonical, where).toMatch(/^https?:\/\//)
      const canonicalUrl = new URL(canonical)
      expect(decodeURIComponent(canonicalUrl.pathname), where).toBe(route.path)
      expect(canonicalUrl.search + canonicalUrl.hash, where).toBe('')
      expect(canonical.endsWith(route.path), where).toBe(true)

      expect(head.ogTitle, where).toBe(head.title)
      expect(head.ogDescription, where).toBe(route.description)
      expect(head.ogUrl, where).toBe(canonical)
      expect(head.robots, where).toBeNull()
      expect(head.icon, where).toBe('/favicon.svg')
    }
  })

  it('every route has its own title and description', () => {
    expect(new Set(ROUTES.map((route) => route.cmsTitle)).size).toBe(ROUTES.length)
    expect(new Set(ROUTES.map((route) => route.description)).size).toBe(ROUTES.length)
  })

  it('the 404 page has a title and asks not to be indexed', async ({desktopPage: page}) => {
    await page.goto(base + NOT_FOUND_PATH)
    await expect(page.title()).resolves.toContain(settings.notFound.title)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en')
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toMatch(/noindex/)
    await expect(page.locator('link[rel="canonical"]').count()).resolves.toBe(0)
  })

  for (const [name, server] of Object.entries(servers)) {
    it(`/sitemap.xml lists the six routes and every policy's history, versions and changes in every language, with & escaped (${name})`, async ({
      desktopPage: page,
    }) => {
      const response = await fetch(`${server}/sitemap.xml`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/xml/)
      const xml = await response.text()
      // No bare ampersand: every & starts an entity.
      expect(xml.match(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/gi)).toBeNull()

      // Parsed as XML by the browser, the locations are the six routes in every language and the history pages.
      await page.goto(`${server}/robots.txt`)
      const locations = await page.evaluate((source) => {
        const document = new DOMParser().parseFromString(source, 'application/xml')
        if (document.querySelector('parsererror')) throw new Error('sitemap.xml is not well-formed XML')
        return [...document.getElementsByTagName('loc')].map((loc) => loc.textContent!.trim())
      }, xml)
      const languages = (settings.languages as {code: string; enabled: boolean}[])
        .filter(({enabled}) => enabled)
        .map(({code}) => code)
      const expected = [
        ...ROUTES.flatMap(({path}) => [
          path,
          ...languages.map((code) => (path === '/' ? `/${code}` : `/${code}${path}`)),
        ]),
        // The history pages too, in every language: the policy's own words where translated.
        ...HISTORY_PAGE_PATHS.flatMap((path) => [path, ...languages.map((code) => `/${code}${path}`)]),
      ]
      expect(locations).toHaveLength(expected.length)
      for (const location of locations) expect(location).toMatch(/^https?:\/\//)
      expect(locations.map((location) => decodeURIComponent(new URL(location).pathname)).sort()).toEqual(
        expected.sort(),
      )
    })

    it(`/robots.txt names the sitemap and /favicon.svg is an SVG (${name})`, async () => {
      const robots = await fetch(`${server}/robots.txt`)
      expect(robots.status).toBe(200)
      expect(robots.headers.get('content-type')).toMatch(/^text\/plain/)
      const text = await robots.text()
      expect(text).toMatch(/^User-agent: \*/m)
      const sitemap = text.match(/^Sitemap: (\S+)$/m)?.[1]
      expect(sitemap).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/)

      const favicon = await fetch(`${server}/favicon.svg`)
      expect(favicon.status).toBe(200)
      expect(favicon.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(await favicon.text()).toMatch(/<svg[\s>]/)
    })
  }

  it('the canonical addresses and the sitemap agree', async ({desktopPage: page}) => {
    const xml = await (await fetch(`${base}/sitemap.xml`)).text()
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
      match[1].replace(/&#38;|&amp;/g, '&'),
    )
    for (const route of ROUTES) {
      await page.goto(base + route.path)
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
      expect(locations, route.path).toContain(canonical)
    }
  })
})
