import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {PolicyId} from '../../../model/siteDocuments'
import {astroBuild, ROOT, type BuildResult} from '../../support/astroBuild'
import {bundledDocuments, publishPolicyChange} from '../../support/dataset'

// The claims: a new policy is one row in the policies table (model/siteDocuments.ts) and its
// document in the dataset, and every place that lists the policies follows; a new kind of page is
// one row in the route table (model/routes.ts), its component and its route file, and it is built
// in every language, listed and previewed. The fixture is a copy of the site with exactly those
// changes (one build for both claims); nothing else in it is edited by hand.

const COOKIE_POLICY = 'cookiePolicy' as PolicyId
const ROW = `  cookie: {id: '${COOKIE_POLICY}', path: '/cookie-policy', title: 'Cookie Policy'},`

/**
 * The hand-written files the new policy changes, with the change: the one row. No test counts
 * this list (a count of a constant cannot fail); the tests below, which build the copy with these
 * edits alone and find the policy everywhere policies are listed, are what hold the claim.
 */
const EDITS: {file: string; edit: (source: string) => string}[] = [
  {
    file: 'model/siteDocuments.ts',
    edit: (source) => {
      const end = '} as const satisfies Record<string, PolicyDocument>'
      if (!source.includes(end)) throw new Error(`The policies table no longer ends with "${end}".`)
      return source.replace(end, `${ROW}\n${end}`)
    },
  },
  {
    file: 'model/routes.ts',
    edit: (source) => {
      const end = '} as const satisfies Record<string, PageKind>'
      if (!source.includes(end)) throw new Error(`The route table no longer ends with "${end}".`)
      return source.replace(end, `${PAGE_ROW}\n${end}`)
    },
  },
]

/** A page of questions, in every language, showing the home page's document. */
const PAGE_ROW = `  faq: {
    pattern: '/faq',
    pages: () => [{}],
    documents: () => [{type: 'homePage', id: 'homePage'}],
    everyLanguage: true,
    listed: true,
    component: 'FaqPage',
    title: () => 'Questions',
  },`
const FAQ_HEADING = 'Questions people ask'
/** The new component and its route file: new files, nothing else edited. */
const NEW_FILES: Record<string, string> = {
  'src/components/FaqPage.astro': `---
import BaseLayout from '../layouts/BaseLayout.astro'
import {routeOf} from '../content/pageRoute'

const {content, language} = routeOf(Astro.locals)
const home = await content.homePage()
---

<BaseLayout title="${FAQ_HEADING}">
  <h1>${FAQ_HEADING}</h1>
  <p data-language={language}>{home.line}</p>
</BaseLayout>
`,
  'src/pages/[...FaqPage].astro': `---
import FaqPage from '../components/FaqPage.astro'
import {pagesRenderedBy} from '../content/staticPaths'

export const getStaticPaths = () => pagesRenderedBy('FaqPage')
---

<FaqPage />
`,
}

const SUMMARY = 'The first version of the Cookie Policy, which says which cookies the site sets.'
const HEADING = 'Cookies this site sets'

const span = (text: string) => ({_type: 'span', _key: 'span1', text, marks: []})
const paragraph = (text: string) => ({
  _type: 'block',
  _key: 'block1',
  style: 'normal',
  markDefs: [],
  children: [span(text)],
})

/** The bundled dataset, with the Cookie Policy published and its first version recorded. */
function datasetWithCookiePolicy(): string {
  const documents = bundledDocuments()
  documents.push({
    _id: COOKIE_POLICY,
    _type: 'policy',
    title: 'Cookie Policy',
    description: 'Which cookies this site sets, why it sets them, and how long a browser keeps each one.',
    intro: [],
    sections: [{_key: 'section1', heading: HEADING, body: [paragraph('Only those the contact form needs.')]}],
  })
  publishPolicyChange(documents, COOKIE_POLICY, () => {}, {summary: SUMMARY})
  return documents.map((document) => JSON.stringify(document)).join('\n') + '\n'
}

/** A copy of the site's sources, with node_modules linked to this one's. */
function copyOfTheSite(): string {
  mkdirSync(join(ROOT, '.scratch'), {recursive: true})
  const fixture = mkdtempSync(join(ROOT, '.scratch', 'fourth-policy-'))
  for (const entry of ['src', 'model', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json'])
    cpSync(join(ROOT, entry), join(fixture, entry), {recursive: true})
  cpSync(join(ROOT, 'studio'), join(fixture, 'studio'), {
    recursive: true,
    filter: (path) => !/\/studio\/(node_modules|dist|\.sanity)(\/|$)/.test(path),
  })
  symlinkSync(join(ROOT, 'node_modules'), join(fixture, 'node_modules'), 'dir')
  return fixture
}

let fixture: string
let build: BuildResult
const built = (path: string) => readFileSync(join(build.outDir, path), 'utf8')

beforeAll(async () => {
  fixture = copyOfTheSite()
  for (const {file, edit} of EDITS) {
    const path = join(fixture, file)
    writeFileSync(path, edit(readFileSync(path, 'utf8')))
  }
  for (const [file, text] of Object.entries(NEW_FILES)) writeFileSync(join(fixture, file), text)
  // The default BUNDLED_DATASET of the copy.
  writeFileSync(join(fixture, 'studio/seed/production.ndjson'), datasetWithCookiePolicy())
  build = await astroBuild({}, {root: fixture})
}, 180_000)

afterAll(() => {
  build?.dispose()
  if (fixture) rmSync(fixture, {recursive: true, force: true})
})

describe('a fourth policy, added as a row of the policies table and a document in the dataset', () => {
  it('builds', () => {
    expect(build.code, build.output).toBe(0)
  })

  it('has its page at its path, with its text and a link to its history', () => {
    const page = built('cookie-policy.html')
    expect(page).toMatch(/<title>Cookie Policy\b/)
    expect(page).toContain(HEADING)
    expect(page).toContain('href="/policy-history/cookie-policy"')
  })

  it('has a version history that links its first version, and that version at its permanent address', () => {
    expect(built('policy-history/cookie-policy.html')).toContain('href="/policy-versions/cookie-policy/1"')
    const version = built('policy-versions/cookie-policy/1.html')
    expect(version).toContain(HEADING)
    expect(version).toContain(SUMMARY)
  })

  it('is in the sitemap: its page, its history and its version', () => {
    const paths = [...built('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      ([, loc]) => new URL(loc!).pathname,
    )
    expect(paths).toEqual(
      expect.arrayContaining([
        '/cookie-policy',
        '/policy-history/cookie-policy',
        '/policy-versions/cookie-policy/1',
      ]),
    )
  })

  it('is in the Atom feed of policy changes, with its summary', () => {
    const entry = built('policy-changes.atom')
      .split('<entry>')
      .find((candidate) => candidate.includes('/policy-versions/cookie-policy/1</id>'))
    expect(entry).toBeDefined()
    expect(entry).toContain(SUMMARY)
  })

  it('is listed on the page for unknown paths', () => {
    expect(built('404.html')).toContain('href="/cookie-policy"')
  })

  it("has an editor and a list of versions in Studio's desk", async () => {
    const {structure} = await import(join(fixture, 'studio/structure/index.ts'))
    const desk = structure(recordingStructureBuilder(), {})
    expect(calls(desk, 'documentId')).toContainEqual([COOKIE_POLICY])
    expect(calls(desk, 'params')).toContainEqual([{policy: COOKIE_POLICY}])
  })

  it('is previewed at its paths, and Presentation shows its page and history', async () => {
    const {previewTarget} = await import(join(fixture, 'model/previewTargets.ts'))
    expect(previewTarget('/cookie-policy')).toEqual({page: 'policy', policy: COOKIE_POLICY})
    expect(previewTarget('/policy-history/cookie-policy')).toEqual({page: 'history', policy: COOKIE_POLICY})
    expect(previewTarget('/policy-versions/cookie-policy/1')).toEqual({
      page: 'version',
      policy: COOKIE_POLICY,
      number: 1,
    })
    const {fixedLocations} = await import(join(fixture, 'studio/presentation/locations.ts'))
    expect(fixedLocations('policy', COOKIE_POLICY)).toEqual({
      locations: [
        {title: 'Cookie Policy', href: '/cookie-policy'},
        {title: 'Cookie Policy: version history', href: '/policy-history/cookie-policy'},
      ],
    })
  })
})

describe('a new kind of page, added as a row of the route table, its component and its route file', () => {
  it('is built at its path in English and under every language’s prefix, in that language', () => {
    const english = built('faq.html')
    expect(english).toContain(FAQ_HEADING)
    expect(english).toContain('data-language="en"')
    const hindi = built('hi/faq.html')
    expect(hindi).toMatch(/<html lang="hi"/)
    expect(hindi).toContain('data-language="hi"')
    expect(built('te/faq.html')).toContain('data-language="te"')
  })

  it('names its other languages and offers them in the switcher', () => {
    const page = built('faq.html')
    expect(page).toMatch(/<link rel="alternate" hreflang="hi" href="[^"]*\/hi\/faq">/)
    expect(page).toMatch(/class="language-switcher"[\s\S]*href="\/te\/faq"/)
  })

  it('is in the sitemap in every language', () => {
    const paths = [...built('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      ([, loc]) => new URL(loc!).pathname,
    )
    expect(paths).toEqual(expect.arrayContaining(['/faq', '/hi/faq', '/te/faq']))
  })

  it('is previewed at its path, and Presentation lists it among the main pages', async () => {
    const {previewTarget} = await import(join(fixture, 'model/previewTargets.ts'))
    expect(previewTarget('/faq')).toEqual({page: 'faq'})
    const {fixedLocations} = await import(join(fixture, 'studio/presentation/locations.ts'))
    expect(fixedLocations('siteSettings', 'siteSettings').locations).toContainEqual({
      title: 'Questions',
      href: '/faq',
    })
  })
})

/** A call on a structure builder: the method and what it was given. */
interface Call {
  method: string
  args: unknown[]
}
/** What a structure builder node recorded, and the nodes under it. */
type Recorded = {calls: Call[]}

const RECORDED = Symbol('recorded')

/**
 * A stand-in for Sanity's StructureBuilder that records every call: the desk is a tree of
 * chained calls (`S.listItem().title(…).child(…)`), which the assertions then search.
 */
function recordingStructureBuilder(): unknown {
  const node = (method: string, args: unknown[]) => {
    const recorded: Recorded = {calls: [{method, args}]}
    const proxy: object = new Proxy(recorded, {
      get: (target, name) =>
        name === RECORDED
          ? target
          : (...more: unknown[]) => {
              target.calls.push({method: String(name), args: more})
              return proxy
            },
    })
    return proxy
  }
  return new Proxy(
    {},
    {
      get:
        (_, method) =>
        (...args: unknown[]) =>
          node(String(method), args),
    },
  )
}

/** Every call of `method` anywhere in a recorded desk, by its arguments. */
function calls(root: unknown, method: string): unknown[][] {
  const found: unknown[][] = []
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk)
    const recorded = (value as {[RECORDED]?: Recorded} | null)?.[RECORDED]
    if (!recorded) return
    for (const call of recorded.calls) {
      if (call.method === method) found.push(call.args)
      call.args.forEach(walk)
    }
  }
  walk(root)
  return found
}
