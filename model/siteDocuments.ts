/**
 * The documents the site is built from, and the rules about their ids that the Studio, the
 * build and the rebuild receiver share. Every fixed document is a row of one of the two tables
 * below; ids, titles, paths, queries, Studio's desk, the sitemap and the feed all read them.
 */
import {ABOUT_PAGE_FIELDS} from './aboutPageText.ts'
import type {DocumentFields} from './documentFields.ts'

/** A document at a fixed id: the site queries that id and Studio's desk pins an editor to it. */
interface FixedDocument {
  /** What Studio's desk calls it; build messages use the same name. */
  title: string
}

/** A policy: one `policy` document at a fixed id, read by visitors at a fixed path. */
interface PolicyDocument extends FixedDocument {
  /** The document's id. */
  id: string
  /** The spec's path, exactly as visitors and old links use it. */
  path: `/${string}`
  /**
   * How many numbered sections the spec gives it. Studio warns when the count differs but lets
   * staff publish: the law may call for a new section.
   */
  sectionCount?: number
  /**
   * The most words its main text (the numbered sections) may have, as a rule of the product: a
   * patient reads it in minutes (model/policyLength.ts). Studio warns staff past it.
   */
  maxWords: number
}

/** Where Studio's desk lists a singleton: the site's settings, the pages, or after the policies. */
export type DeskGroup = 'site' | 'pages' | 'afterPolicies'

/** The icon Studio's desk shows beside a singleton (studio/structure/icons.ts draws each). */
export type DeskIcon = 'cog' | 'case' | 'home' | 'info' | 'envelope' | 'number' | 'document' | 'help'

/** A document at a fixed id whose id is also its schema type. */
interface SingletonDocument extends FixedDocument {
  desk: DeskGroup
  icon: DeskIcon
  /**
   * The document's fields, where the model describes them whole (model/documentFields.ts): then
   * its Studio type, query, zod schema, content collection, desk entry and Presentation locations
   * are all made from this row, and a page kind shows it by naming it in the route table
   * (model/routes.ts). Without it, the document's Studio type (studio/schemaTypes/singletons),
   * query (src/content/queries.ts) and zod schema (src/content/schemas.ts) are written by hand:
   * their rules (a home section per header link, translations, quoted figures) go beyond a table.
   */
  fields?: DocumentFields
}

/**
 * The singletons, by id; each one's id is also its schema type. A fixed id means there is never
 * a second "Site settings". Studio's desk lists them in this order, by group.
 */
export const SINGLETONS = {
  siteSettings: {title: 'Site settings', desk: 'site', icon: 'cog'},
  homePage: {title: 'Home page', desk: 'pages', icon: 'home'},
  aboutPage: {title: 'About page', desk: 'pages', icon: 'info', fields: ABOUT_PAGE_FIELDS},
  contactPage: {title: 'Contact page', desk: 'pages', icon: 'envelope'},
  policyFigures: {title: 'Policy figures', desk: 'afterPolicies', icon: 'number'},
  companyFacts: {title: 'Company facts', desk: 'site', icon: 'case'},
} as const satisfies Record<string, SingletonDocument>

/**
 * The policies, in the order the site lists them. A new policy is a row here and its document in
 * the dataset: its page (a row of the route table, model/routes.ts), history, versions, feed and sitemap entries,
 * preview and Studio desk follow from the row.
 */
export const POLICIES = {
  privacy: {
    id: 'privacyPolicy',
    path: '/privacy-policy',
    title: 'Privacy Policy',
    sectionCount: 10,
    maxWords: 3000,
  },
  terms: {id: 'termsAndConditions', path: '/terms&conditions', title: 'Terms and Conditions', maxWords: 2500},
  refund: {
    id: 'refundPolicy',
    path: '/Refund&Cancellation-Policy',
    title: 'Refund and Cancellation Policy',
    sectionCount: 10,
    maxWords: 2000,
  },
} as const satisfies Record<string, PolicyDocument>

type PolicyName = keyof typeof POLICIES
export type PolicyId = (typeof POLICIES)[PolicyName]['id']
export type SingletonId = keyof typeof SINGLETONS

/** The policies by the name the code gives them: `POLICY_IDS.privacy` is "privacyPolicy". */
export const POLICY_IDS = Object.fromEntries(Object.entries(POLICIES).map(([name, {id}]) => [name, id])) as {
  readonly [Name in PolicyName]: (typeof POLICIES)[Name]['id']
}

/** A row of the policies table. */
export type PolicyEntry = PolicyDocument & {id: PolicyId}

/** Every policy, in the table's order. */
export const POLICY_LIST: readonly PolicyEntry[] = Object.values(POLICIES)
export const POLICY_ID_LIST: readonly PolicyId[] = POLICY_LIST.map(({id}) => id)

/** A policy's row, by its id. */
export const policyEntry = (id: PolicyId): PolicyEntry => POLICY_LIST.find((policy) => policy.id === id)!

export const isPolicyId = (id: string): id is PolicyId => POLICY_LIST.some((policy) => policy.id === id)

export const SINGLETON_ID_LIST = Object.keys(SINGLETONS) as SingletonId[]

/** The singletons whose fields the model describes whole: each one's row is all it needs. */
export type PageDocumentId = {
  [Id in SingletonId]: (typeof SINGLETONS)[Id] extends {fields: DocumentFields} ? Id : never
}[SingletonId]

/** A page document's fields, by its id. */
export type PageDocumentFields<Id extends PageDocumentId> = (typeof SINGLETONS)[Id] extends {
  fields: infer Fields extends DocumentFields
}
  ? Fields
  : never

export const isPageDocumentId = (id: string): id is PageDocumentId =>
  Object.hasOwn(SINGLETONS, id) && 'fields' in SINGLETONS[id as SingletonId]

export const PAGE_DOCUMENT_IDS: readonly PageDocumentId[] = SINGLETON_ID_LIST.filter(isPageDocumentId)

/** The fields of a page document (the row's table). */
export const pageDocumentFields = <Id extends PageDocumentId>(id: Id) =>
  (SINGLETONS[id] as unknown as {fields: PageDocumentFields<Id>}).fields

/** `SINGLETON_IDS.siteSettings` is "siteSettings": the id, checked against the table. */
export const SINGLETON_IDS = Object.fromEntries(SINGLETON_ID_LIST.map((id) => [id, id])) as {
  readonly [Id in SingletonId]: Id
}

export type SiteDocumentId = SingletonId | PolicyId

const SINGLETON_TITLES = Object.fromEntries(
  SINGLETON_ID_LIST.map((id) => [id, SINGLETONS[id].title]),
) as Record<SingletonId, string>

/** What Studio's desk calls each fixed document; build messages use the same names. */
export const DOCUMENT_TITLES: Readonly<Record<SiteDocumentId, string>> = {
  ...SINGLETON_TITLES,
  ...(Object.fromEntries(POLICY_LIST.map(({id, title}) => [id, title])) as Record<PolicyId, string>),
}

/** A fixed document's title, or undefined for any other id (a draft's, a version's). */
export const documentTitle = (id: string): string | undefined =>
  (DOCUMENT_TITLES as Readonly<Record<string, string>>)[id]

export const POLICY_TYPE = 'policy'
/** A recorded version of a policy (model/policyVersions.ts). */
export const POLICY_VERSION_TYPE = 'policyVersion'

/** What Studio calls each type of the site's documents; a singleton's type, by the singleton's title. */
export const DOCUMENT_TYPE_TITLES = {
  ...SINGLETON_TITLES,
  [POLICY_TYPE]: 'Policy',
  [POLICY_VERSION_TYPE]: 'Policy version',
} as const

/** The document types the site is built from; publishing one of them rebuilds the site. */
export const SITE_DOCUMENT_TYPES = [...SINGLETON_ID_LIST, POLICY_TYPE] as const

/**
 * Publishing one of these rebuilds the site: its own documents, and the policy versions that
 * Studio records with them (a version published any other way must go live too).
 */
export const REBUILD_DOCUMENT_TYPES = [...SITE_DOCUMENT_TYPES, POLICY_VERSION_TYPE] as const

/** The contact form's messages: written by the site, never by staff, and on no page. */
export const CONTACT_MESSAGE_TYPE = 'contactMessage'

/**
 * The filter of Sanity's webhook that asks the site for a rebuild (docs/operating.md): every
 * published document but a contact message. It names what is left out rather than what is in, so
 * a new kind of document rebuilds the site without anyone editing the webhook; the rebuild
 * receiver ignores the types the site is not built from (`REBUILD_DOCUMENT_TYPES`).
 */
export const REBUILD_WEBHOOK_FILTER = `_type != "${CONTACT_MESSAGE_TYPE}" && !(_id in path("drafts.**"))`

/** The four home-page sections the header navigation scrolls to. */
export const HOME_SECTION_IDS = ['services', 'cities', 'contact', 'about'] as const

/**
 * Drafts ("drafts.<id>") and release versions ("versions.<release>.<id>") are what staff are
 * still working on: visitors see, and the site is built from, published documents only.
 */
const DRAFT_OR_VERSION = /^(drafts|versions\.[^.]+)\./

export const isDraftOrVersion = (id: string) => DRAFT_OR_VERSION.test(id)

/** The id of the published document a draft or release version belongs to. */
export function publishedId(id: string | undefined): string {
  return (id ?? '').replace(DRAFT_OR_VERSION, '')
}
