import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {PolicyId} from '../../../model/siteDocuments'
import {astroBuild, ROOT, type BuildResult} from '../../support/astroBuild'
import {bundledDocuments, publishPolicyChange} from '../../support/dataset'

// The claims: a new policy is one row in the policies table (model/siteDocuments.ts) and its
// document in the dataset, and every place that lists the policies follows; a new kind of page
// with a document of its own (questions and answers) is one row in the singletons table with its
// fields, one row in the route table (model/routes.ts), its component, its route file and its
// document in the dataset (five hand-written files), and it is built in every language, listed,
// previewed, edited in Studio and located by Presentation. The fixture is a copy of the site with
// exactly those changes (one build for both claims); nothing else in it is edited by hand.

const COOKIE_POLICY = 'cookiePolicy' as PolicyId
const ROW = `  cookie: {id: '${COOKIE_POLICY}', path: '/cookie-policy', title: 'Cookie Policy', maxWords: 1000},`

const FAQ_ID = 'faqPage'
const FAQ_DESK_TITLE = 'Questions page'
/** The FAQ's row in the singletons table: its title, place and icon in Studio's desk, its fields. */
const FAQ_ROW = `  ${FAQ_ID}: {
    title: '${FAQ_DESK_TITLE}',
    desk: 'pages',
    icon: 'help',
    fields: {
      title: {kind: 'text', title: 'Title', description: 'The heading of the page.', max: 60},
      questions: {
        kind: 'list',
        title: 'Questions',
        description: 'Each question with its answer, in the order visitors read them.',
        entry: {
          question: {kind: 'text', title: 'Question', description: 'As a visitor would ask it.', max: 160},
          answer: {kind: 'richText', title: 'Answer', description: 'The answer, in a paragraph or two.'},
        },
        entryTitle: 'question',
        min: 1,
        max: 40,
      },
    },
  },`

/** Adds a row at the end of a table of the model, found by how the table ends. */
const addRow = (table: string, end: string, row: string) => (source: string) => {
  if (!source.includes(end)) throw new Error(`The ${table} no longer ends with "${end}".`)
  return source.replace(end, `${row}\n${end}`)
}

/**
 * The hand-written files the two changes edit, with each edit: a row of a table. No test counts
 * this list (a count of a constant cannot fail); the tests below, which build the copy with these
 * edits alone and find the policy and the page everywhere they belong, are what hold the claim.
 */
const EDITS: {file: string; edit: (source: string) => string}[] = [
  {
    file: 'model/siteDocuments.ts',
    edit: (source) =>
      addRow(
        'singletons table',
        '} as const satisfies Record<string, SingletonDocument>',
        FAQ_ROW,
      )(addRow('policies table', '} as const satisfies Record<string, PolicyDocument>', ROW)(source)),
  },
  {
    file: 'model/routes.ts',
    edit: (source) =>
      addRow('route table', '} as const satisfies Record<string, PageKind>', PAGE_ROW)(source),
  },
]

/** A page of questions, in every language, showing the FAQ's own document. */
const PAGE_ROW = `  faq: {
    pattern: '/faq',
    pages: () => [{}],
    documents: () => [{type: '${FAQ_ID}', id: '${FAQ_ID}'}],
    everyLanguage: true,
    listed: true,
    component: 'FaqPage',
    title: () => 'Questions',
  },`

/** The FAQ document the test publishes: words made here, none of the bundled dataset's. */
const FAQ = {
  title: 'Questions people ask',
  question: 'Can a relative book for me?',
  answer: 'Yes, with your consent.',
}
/** The new component and its route file: new files, nothing else edited. */
const NEW_FILES: Record<string, string> = {
  'src/components/FaqPage.astro': `---
import BaseLayout from '../layouts/BaseLayout.astro'
import RichText from './portable-text/RichText'
import {editable, keyed} from '../lib/editAttributes'
import {routeOf} from '../content/pageRoute'

const {content, language} = routeOf(Astro.locals)
const faq = await content.${FAQ_ID}()
// In Presentation, a click on the page opens the field it shows.
const edit = editable(Astro.locals, {id: faq._id, type: '${FAQ_ID}'})
---

<BaseLayout title={faq.seo.title} description={faq.seo.description}>
  <h1 data-language={language} data-sanity={edit('title')}>{faq.title}</h1>
  {
    faq.questions.map(({_key, question, answer}) => (
      <section data-sanity={edit(keyed('questions', _key))}>
        <h2>{question}</h2>
        <RichText value={answer} />
      </section>
    ))
  }
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

/** The FAQ's document, as Studio would publish it. */
const FAQ_DOCUMENT = {
  _id: FAQ_ID,
  _type: FAQ_ID,
  seo: {
    title: FAQ.title,
    description: 'Answers to the questions visitors ask before they book a stay or a visit.',
  },
  title: FAQ.title,
  questions: [
    {_key: 'question1', _type: 'questionsEntry', question: FAQ.question, answer: [paragraph(FAQ.answer)]},
  ],
}

/** The bundled dataset, with the Cookie Policy published and its first version recorded, and the FAQ published. */
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
  documents.push(FAQ_DOCUMENT)
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

describe('a new kind of page with its own document: a row of each table, its component, its route file, its document', () => {
  it('is built at its path in English and under every language’s prefix, with its document’s words', () => {
    const english = built('faq.html')
    expect(english).toContain(`<title>${FAQ.title}`)
    expect(english).toContain('data-language="en"')
    expect(english).toContain(`<h2>${FAQ.question}</h2>`)
    expect(english).toContain(FAQ.answer)
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

  it('is a Studio type whose form checks what the build checks', async () => {
    const [{createSchema}, {schemaTypes}, {validateDocument}] = await Promise.all([
      import('sanity'),
      import(join(fixture, 'studio/schemaTypes/index.ts')),
      import('@sanity/validation'),
    ])
    const schema = createSchema({name: 'default', types: schemaTypes})
    const problems = (schema._validation ?? []).flatMap((group: {problems: {severity: string}[]}) =>
      group.problems.filter(({severity}) => severity === 'error'),
    )
    expect(problems).toEqual([])
    const type = schema.get(FAQ_ID)
    expect(type?.title).toBe(FAQ_DESK_TITLE)
    // Nothing in these fields' rules asks the Content Lake: the client only configures itself.
    const client: object = {withConfig: () => client}
    const errors = async (document: object) =>
      (await validateDocument({document, schema, client} as never)).markers.filter(
        ({level}: {level: string}) => level === 'error',
      )
    expect(await errors(FAQ_DOCUMENT)).toEqual([])
    // An entry without its answer is refused in Studio, as the build refuses it.
    const [entry] = FAQ_DOCUMENT.questions
    const unanswered = {...FAQ_DOCUMENT, questions: [{...entry, answer: []}]}
    expect((await errors(unanswered)).map(({path}) => path)).toEqual([
      ['questions', {_key: entry!._key}, 'answer'],
    ])
  })

  it("has an editor pinned to its document in Studio's desk", async () => {
    const {structure} = await import(join(fixture, 'studio/structure/index.ts'))
    const desk = structure(recordingStructureBuilder(), {})
    expect(calls(desk, 'documentId')).toContainEqual([FAQ_ID])
    expect(calls(desk, 'schemaType')).toContainEqual([FAQ_ID])
    expect(calls(desk, 'title')).toContainEqual([FAQ_DESK_TITLE])
  })

  it('rebuilds the site when it is published', async () => {
    const {REBUILD_DOCUMENT_TYPES} = await import(join(fixture, 'model/siteDocuments.ts'))
    expect(REBUILD_DOCUMENT_TYPES).toContain(FAQ_ID)
  })

  it('is previewed at its path, and Presentation shows its document on its page', async () => {
    const {previewTarget} = await import(join(fixture, 'model/previewTargets.ts'))
    expect(previewTarget('/faq')).toEqual({page: 'faq'})
    const {PAGE_PATHS} = await import(join(fixture, 'model/routes.ts'))
    expect(PAGE_PATHS.faq).toBe('/faq')
    const {fixedLocations} = await import(join(fixture, 'studio/presentation/locations.ts'))
    expect(fixedLocations(FAQ_ID, FAQ_ID)).toEqual({locations: [{title: 'Questions', href: '/faq'}]})
    // Presentation opens the FAQ's document beside its page.
    const {MAIN_DOCUMENTS} = await import(join(fixture, 'studio/presentation/editedDocument.ts'))
    expect(MAIN_DOCUMENTS).toContainEqual({route: '/faq', filter: `_id == "${FAQ_ID}"`})
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
