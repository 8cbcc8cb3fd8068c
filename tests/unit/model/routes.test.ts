import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {
  PAGE_KINDS,
  pageAt,
  pagePath,
  pageTargetOf,
  sitePages,
  type PageKind,
  type RecordedVersion,
} from '../../../model/routes'

const ROOT = join(import.meta.dirname, '../../..')
const VERSIONS: RecordedVersion[] = [
  {policy: 'privacyPolicy', number: 1},
  {policy: 'privacyPolicy', number: 2},
  {policy: 'refundPolicy', number: 1},
]
const SITE = {languages: ['hi', 'te'], versions: VERSIONS}
const paths = (pages: {path: string}[]) => pages.map(({path}) => path)

describe('the route table', () => {
  it('builds every page in English at the spec’s paths, and in every language under its prefix', () => {
    const built = paths(sitePages(SITE))
    for (const path of [
      '/',
      '/about-us',
      '/contact-us',
      '/privacy-policy',
      '/terms&conditions',
      '/Refund&Cancellation-Policy',
    ])
      expect(built).toEqual(
        expect.arrayContaining([
          path,
          path === '/' ? '/hi' : `/hi${path}`,
          path === '/' ? '/te' : `/te${path}`,
        ]),
      )
    expect(built).toEqual(
      expect.arrayContaining([
        '/policy-history/privacy-policy',
        '/hi/policy-history/privacy-policy',
        '/te/policy-versions/privacy-policy/2',
        '/policy-changes/privacy-policy/2',
        '/hi/policy-history/Refund&Cancellation-Policy',
      ]),
    )
    expect(new Set(built).size).toBe(built.length)
  })

  it('builds the pages the versions call for, and no others', () => {
    const built = paths(sitePages(SITE))
    // A policy with no version has no history; a first version has nothing to compare.
    expect(built.filter((path) => path.includes('terms&conditions') && path.includes('policy-'))).toEqual([])
    expect(built).not.toContain('/policy-changes/privacy-policy/1')
    expect(built).not.toContain('/policy-changes/Refund&Cancellation-Policy/1')
  })

  it('builds the 404 page in English only', () => {
    expect(
      sitePages(SITE)
        .filter(({target}) => target.page === 'notFound')
        .map(({path}) => path),
    ).toEqual(['/404'])
  })

  it('finds the page at a path as a browser asks for it, in any language, and nothing where the site has none', () => {
    expect(pageAt('/hi/terms%26conditions', SITE)).toMatchObject({
      target: {page: 'policy', policy: 'termsAndConditions'},
      language: 'hi',
      englishPath: '/terms&conditions',
    })
    expect(pageAt('/te/policy-versions/privacy-policy/2.html', SITE)?.target).toEqual({
      page: 'version',
      policy: 'privacyPolicy',
      number: 2,
    })
    expect(pageAt('/about-us/', SITE)?.target).toEqual({page: 'about'})
    expect(pageAt('/hi', SITE)).toMatchObject({target: {page: 'home'}, language: 'hi'})
    for (const path of [
      '/ta/about-us',
      '/policy-versions/privacy-policy/3',
      '/hi/404',
      '/policy-changes/privacy-policy/1',
      '/%E0%A4%A',
    ])
      expect(pageAt(path, SITE), path).toBeUndefined()
  })

  it('writes a page’s path from its row: what the table builds is what it finds', () => {
    for (const page of sitePages(SITE)) {
      expect(pagePath(page.target)).toBe(page.englishPath)
      expect(pageTargetOf(page.englishPath)).toEqual(page.target)
      expect(pageAt(page.path, SITE)).toEqual(page)
    }
  })

  it('has a route file for every component it names, which builds that component’s rows', () => {
    for (const {component} of Object.values(PAGE_KINDS) as PageKind[]) {
      // The 404 page is the one file Astro and the server serve for an unknown address.
      if (component === PAGE_KINDS.notFound.component) {
        expect(readFileSync(join(ROOT, 'src/pages/404.astro'), 'utf8')).toContain(`<${component} />`)
        continue
      }
      const file = join(ROOT, `src/pages/[...${component}].astro`)
      expect(existsSync(file), file).toBe(true)
      expect(existsSync(join(ROOT, `src/components/${component}.astro`)), component).toBe(true)
      expect(readFileSync(file, 'utf8')).toContain(`pagesRenderedBy('${component}')`)
    }
  })
})

describe('a new kind of page is one row', () => {
  /**
   * The site's table with a page of questions, offered in every language, at a path no real page
   * will take: adding a real page of questions must not turn this test red.
   */
  const WITH_FAQ = {
    ...PAGE_KINDS,
    faq: {
      pattern: '/questions-this-test-imagines',
      pages: () => [{}],
      documents: () => [{type: 'faqPage', id: 'faqPage'}],
      everyLanguage: true,
      listed: true,
      component: 'HomePage',
      title: () => 'Questions',
    },
    printable: {
      pattern: '/print/:policy',
      pages: () => [{policy: 'privacyPolicy' as const}],
      documents: () => [],
      everyLanguage: false,
      listed: false,
      component: 'PolicyPage',
      title: () => 'Printable',
    },
  } satisfies Record<string, PageKind>

  it('the build, the sitemap and preview find it in every language it is offered in', () => {
    const pages = sitePages(SITE, WITH_FAQ)
    expect(paths(pages.filter(({target}) => target.page === 'faq'))).toEqual(
      ['', '/hi', '/te'].map((prefix) => `${prefix}/questions-this-test-imagines`),
    )
    expect(pageAt('/te/questions-this-test-imagines', SITE, WITH_FAQ)).toMatchObject({
      target: {page: 'faq'},
      language: 'te',
      englishPath: '/questions-this-test-imagines',
    })
    expect(pageTargetOf('/questions-this-test-imagines', WITH_FAQ)).toEqual({page: 'faq'})
  })

  it('a row offered in English only is built once, and its parameters come from its path', () => {
    const pages = sitePages(SITE, WITH_FAQ).filter(({target}) => target.page === 'printable')
    expect(paths(pages)).toEqual(['/print/privacy-policy'])
    expect(pageAt('/print/privacy-policy', SITE, WITH_FAQ)?.target).toEqual({
      page: 'printable',
      policy: 'privacyPolicy',
    })
    expect(pageAt('/hi/print/privacy-policy', SITE, WITH_FAQ)).toBeUndefined()
  })

  it('the site without the row has no such page', () => {
    expect(pageAt('/questions-this-test-imagines', SITE)).toBeUndefined()
    expect(pageTargetOf('/questions-this-test-imagines')).toEqual({page: 'notFound'})
  })
})
