/**
 * The route table: every kind of page the site has, written once. The static build
 * (src/pages/[...<component>].astro), the route data on `Astro.locals` (src/middleware.ts), staff
 * preview, the sitemap, the 404 page's list and Presentation's "Used on" locations (studio/) all
 * read these rows, so a new kind of page is one row here and its component there.
 *
 * English pages are at the spec's paths; a page offered in every language is also at
 * `/<language>/<path>` for each language Site settings turn on (`pathIn`).
 */
import {
  POLICY_ID_LIST,
  POLICY_LIST,
  POLICY_TYPE,
  POLICY_VERSION_TYPE,
  policyEntry,
  type PolicyId,
} from './siteDocuments.ts'
import {DEFAULT_LANGUAGE, pathIn} from './translations.ts'

/** What a page's address names besides its kind: a policy, and one of its versions. */
export interface PageParams {
  policy?: PolicyId
  number?: number
}

/** What decides which pages of a kind exist, besides the table: each policy's recorded versions. */
export interface RecordedVersion {
  policy: PolicyId
  number: number
}

/** A document a page shows, as Studio knows it. */
export interface DocumentRef {
  type: string
  id: string
}

/**
 * The component that renders a kind of page: src/components/<name>.astro, built by
 * src/pages/[...<name>].astro (tests/unit/model/routes.test.ts checks both exist).
 */
export type PageComponent = string

/** A row of the route table. */
export interface PageKind {
  /**
   * The English path, with a segment for each parameter: `:policy` is a policy's own path
   * without its slash ("terms&conditions"), `:number` a version number (1, 2…).
   */
  pattern: `/${string}`
  /** Every page of the kind the content has. */
  pages(versions: readonly RecordedVersion[]): PageParams[]
  /** The documents whose words it shows, besides Site settings (on every page). */
  documents(params: PageParams): DocumentRef[]
  /** Offered in every language Site settings turn on, under the language's prefix; else English only. */
  everyLanguage: boolean
  /** In the sitemap and in search results; false for the 404 page. */
  listed: boolean
  component: PageComponent
  /** What Studio's Presentation tool calls the page. */
  title(params: PageParams): string
}

const one = () => [{}]
const policyTitle = (params: PageParams) => policyEntry(params.policy!).title
const policyDocument = (policy: PolicyId): DocumentRef => ({type: POLICY_TYPE, id: policy})
/** The version documents' ids, as Studio records them. */
const policyVersionId = (policy: PolicyId, number: number) => `${POLICY_VERSION_TYPE}-${policy}-${number}`
const versionDocument = ({policy, number}: PageParams): DocumentRef => ({
  type: POLICY_VERSION_TYPE,
  id: policyVersionId(policy!, number!),
})
/** Whether a policy has a version before this one: a first version has nothing to compare. */
const hasEarlier = (versions: readonly RecordedVersion[], {policy, number}: RecordedVersion) =>
  versions.some((other) => other.policy === policy && other.number < number)

export const PAGE_KINDS = {
  home: {
    pattern: '/',
    pages: one,
    documents: () => [{type: 'homePage', id: 'homePage'}],
    everyLanguage: true,
    listed: true,
    component: 'HomePage',
    title: () => 'Home',
  },
  about: {
    pattern: '/about-us',
    pages: one,
    documents: () => [{type: 'aboutPage', id: 'aboutPage'}],
    everyLanguage: true,
    listed: true,
    component: 'AboutPage',
    title: () => 'About us',
  },
  contact: {
    pattern: '/contact-us',
    pages: one,
    // The privacy notice beside the form names the Privacy Policy's version in force.
    documents: () => [{type: 'contactPage', id: 'contactPage'}],
    everyLanguage: true,
    listed: true,
    component: 'ContactPage',
    title: () => 'Contact us',
  },
  policy: {
    pattern: '/:policy',
    pages: () => POLICY_ID_LIST.map((policy) => ({policy})),
    documents: ({policy}) => [policyDocument(policy!)],
    everyLanguage: true,
    listed: true,
    component: 'PolicyPage',
    title: policyTitle,
  },
  // A policy's history lives beside, not under, its page: with `build.format: 'file'` a folder
  // named like a page ("privacy-policy/") would make "/privacy-policy" a folder to most servers.
  history: {
    pattern: '/policy-history/:policy',
    pages: (versions) =>
      POLICY_ID_LIST.filter((policy) => versions.some((version) => version.policy === policy)).map(
        (policy) => ({
          policy,
        }),
      ),
    documents: ({policy}) => [policyDocument(policy!)],
    everyLanguage: true,
    listed: true,
    component: 'PolicyHistory',
    title: (params) => `${policyTitle(params)}: version history`,
  },
  version: {
    pattern: '/policy-versions/:policy/:number',
    pages: (versions) => versions.map(({policy, number}) => ({policy, number})),
    documents: (params) => [versionDocument(params)],
    everyLanguage: true,
    listed: true,
    component: 'PolicyPage',
    title: (params) => `${policyTitle(params)}, version ${params.number}`,
  },
  changes: {
    pattern: '/policy-changes/:policy/:number',
    pages: (versions) =>
      versions
        .filter((version) => hasEarlier(versions, version))
        .map(({policy, number}) => ({policy, number})),
    documents: (params) => [versionDocument(params)],
    everyLanguage: true,
    listed: true,
    component: 'PolicyChanges',
    title: (params) => `${policyTitle(params)}, version ${params.number}: what changed`,
  },
  notFound: {
    pattern: '/404',
    pages: one,
    documents: () => POLICY_ID_LIST.map(policyDocument),
    everyLanguage: false,
    listed: false,
    component: 'NotFoundPage',
    title: () => 'Page not found',
  },
} as const satisfies Record<string, PageKind>

export type PageKindName = keyof typeof PAGE_KINDS
/** A route table: the site's, or in a test, the site's with a row more. */
export type RouteTable<Name extends string = string> = Readonly<Record<Name, PageKind>>

/** One page: its kind and what its address names. */
export type PageTarget<Name extends string = PageKindName> = {page: Name} & PageParams

/** One page of the site in one language. */
export interface SitePage<Name extends string = PageKindName> {
  target: PageTarget<Name>
  language: string
  /** The page's path in English: the same page in any language is at `pathIn(language, englishPath)`. */
  englishPath: string
  /** Its own path. */
  path: string
}

const SLUG = /^:policy$/
const NUMBER = /^:number$/

/** The English path of a page: `pagePath({page: 'version', policy, number: 2})`. */
export function pagePath<Name extends string>(
  {page, policy, number}: PageTarget<Name>,
  table: RouteTable<Name> = PAGE_KINDS as unknown as RouteTable<Name>,
): string {
  const segments = table[page].pattern
    .split('/')
    .map((segment) =>
      SLUG.test(segment)
        ? policyEntry(policy!).path.slice(1)
        : NUMBER.test(segment)
          ? String(number)
          : segment,
    )
  return segments.join('/') || '/'
}

/**
 * Every page of the site, in every language the table offers it in: what the static build
 * builds, the sitemap lists and preview can show. `languages` are the codes besides English.
 */
export function sitePages<Name extends string = PageKindName>(
  {languages, versions}: {languages: readonly string[]; versions: readonly RecordedVersion[]},
  table: RouteTable<Name> = PAGE_KINDS as unknown as RouteTable<Name>,
): SitePage<Name>[] {
  return (Object.keys(table) as Name[]).flatMap((page) => {
    const kind = table[page]
    const codes = kind.everyLanguage ? [DEFAULT_LANGUAGE, ...languages] : [DEFAULT_LANGUAGE]
    return kind.pages(versions).flatMap((params) => {
      const target = {page, ...params} as PageTarget<Name>
      const englishPath = pagePath(target, table)
      return codes.map((language) => ({target, language, englishPath, path: pathIn(language, englishPath)}))
    })
  })
}

/**
 * The kind of page an English path names, whatever the content holds ("/policy-versions/privacy-policy/9"
 * is version 9 of the Privacy Policy, recorded or not), or `notFound`.
 */
export function pageTargetOf<Name extends string = PageKindName>(
  path: string,
  table: RouteTable<Name> = PAGE_KINDS as unknown as RouteTable<Name>,
): PageTarget<Name | 'notFound'> {
  const given = path.split('/')
  for (const page of Object.keys(table) as Name[]) {
    const pattern = table[page].pattern.split('/')
    if (pattern.length !== given.length) continue
    const target: PageTarget<Name> = {page} as PageTarget<Name>
    const matches = pattern.every((segment, index) => {
      const value = given[index]!
      if (SLUG.test(segment)) return (target.policy = policyForSlug(value)) !== undefined
      if (NUMBER.test(segment)) return /^[1-9]\d*$/.test(value) && (target.number = Number(value)) > 0
      return segment === value
    })
    if (matches) return target
  }
  return {page: 'notFound'}
}

/** The page a path the site does not have gets, in English. */
export const NOT_FOUND_PAGE: SitePage = {
  target: {page: 'notFound'},
  language: DEFAULT_LANGUAGE,
  englishPath: PAGE_KINDS.notFound.pattern,
  path: PAGE_KINDS.notFound.pattern,
}

/**
 * A path as a browser asks for it, as the static build names its pages: "/terms%26conditions" is
 * "/terms&conditions", "/about-us.html" and "/about-us/" are "/about-us"; undefined when it cannot
 * be decoded.
 */
export function cleanPath(path: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(path.split('?')[0]!)
  } catch {
    return undefined
  }
  // "/about-us.html" is the file behind "/about-us": the static server answers both.
  return (decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded).replace(/(.)\.html$/, '$1')
}

/**
 * The page of the site at a path, in any language ("/hi/terms%26conditions"); undefined when the
 * site, with these languages and versions, has no such page.
 */
export function pageAt<Name extends string = PageKindName>(
  path: string,
  site: {languages: readonly string[]; versions: readonly RecordedVersion[]},
  table: RouteTable<Name> = PAGE_KINDS as unknown as RouteTable<Name>,
): SitePage<Name> | undefined {
  const clean = cleanPath(path)
  return sitePages(site, table).find((page) => page.path === clean)
}

/** The spec's paths of the policies (model/siteDocuments.ts), by id. */
export const POLICY_PATHS = Object.fromEntries(POLICY_LIST.map(({id, path}) => [id, path])) as Readonly<
  Record<PolicyId, `/${string}`>
>

/** The kinds of page that are one page, listed, in every language: the home, About and Contact pages. */
type SinglePageName = {
  [Name in PageKindName]: (typeof PAGE_KINDS)[Name] extends {
    pattern: infer Pattern extends string
    listed: true
    everyLanguage: true
  }
    ? Pattern extends `${string}:${string}`
      ? never
      : Name
    : never
}[PageKindName]

const isSinglePage = (name: PageKindName): name is SinglePageName => {
  const kind: PageKind = PAGE_KINDS[name]
  return kind.listed && kind.everyLanguage && !kind.pattern.includes(':')
}

/**
 * The pages the site has in every language with no version of anything in their address: each
 * one-page kind of the route table by its name (`PAGE_PATHS.contact`), then each policy by its id.
 */
export const PAGE_PATHS = {
  ...(Object.fromEntries(
    (Object.keys(PAGE_KINDS) as PageKindName[])
      .filter(isSinglePage)
      .map((name) => [name, pagePath({page: name})]),
  ) as Record<SinglePageName, string>),
  ...POLICY_PATHS,
} as const

/** Where the contact form posts (src/pages/api/contact.ts); the server gives its body a deadline. */
export const CONTACT_ENDPOINT = '/api/contact'

/** Where Sanity's webhook asks the production server for a rebuild, and where it says how the last one went. */
export const REBUILD_ENDPOINTS = {rebuild: '/api/rebuild', status: '/api/rebuild/status'} as const

/** Every version of a policy, with its date and summary. */
export const policyHistoryPath = (policy: PolicyId) => pagePath({page: 'history', policy})
/** One version's full text: a permanent address. */
export const policyVersionPath = (policy: PolicyId, number: number) =>
  pagePath({page: 'version', policy, number})
/** What changed in a version since the one before it. */
export const policyChangesPath = (policy: PolicyId, number: number) =>
  pagePath({page: 'changes', policy, number})
/** The Atom feed of every policy change. */
export const POLICY_FEED_PATH = '/policy-changes.atom'

/** The policy a history address names ("terms&conditions"), if any. */
export const policyForSlug = (slug: string): PolicyId | undefined =>
  POLICY_LIST.find(({path}) => path.slice(1) === slug)?.id
