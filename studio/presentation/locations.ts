/**
 * Where each document shows on the site: the pages Presentation lists as "Used on" above a
 * document's form. The pages, their paths and titles are the route table's (model/routes.ts), so
 * a location always opens the page a visitor would see.
 *
 * Plain functions of the documents they read, so that tests check them against the bundled
 * dataset; `resolveLocations.ts` feeds them the live content.
 */
import type {DocumentLocation, DocumentLocationsState} from 'sanity/presentation'
import {PAGE_KINDS, pagePath, sitePages, type PageTarget, type RouteTable} from '../../model/routes'
import {quotedKeys} from '../../model/policyVersions'
import {
  isPolicyId,
  POLICY_ID_LIST,
  POLICY_TYPE,
  publishedId,
  SINGLETON_IDS,
  type PolicyId,
} from '../../model/siteDocuments'

/** A page of the route table, titled as its row titles it, at its English path. */
const location = (target: PageTarget): DocumentLocation => ({
  title: PAGE_KINDS[target.page].title(target),
  href: pagePath(target),
})
const CONTACT = location({page: 'contact'})
const policyPage = (policy: PolicyId) => location({page: 'policy', policy})

/**
 * The pages a visitor reaches from the header and footer: every listed page whose address names
 * no version; the history pages hang off the policies.
 */
const MAIN_PAGES: readonly DocumentLocation[] = sitePages({languages: [], versions: []})
  .filter(({target}) => PAGE_KINDS[target.page].listed)
  .map(({target}) => location(target))

/**
 * A document whose text may quote policy figures and company facts: a policy, or the Contact
 * page (its grievance text and privacy notice). Any other document quotes nothing.
 */
export interface QuotingDocument {
  _id: string
  [field: string]: unknown
}

/** The documents `policyFiguresLocations` and `companyFactsLocations` read, by id and by type. */
export const QUOTING_DOCUMENT_IDS: readonly string[] = [SINGLETON_IDS.contactPage, ...POLICY_ID_LIST]
export const QUOTING_DOCUMENT_TYPES: readonly string[] = [SINGLETON_IDS.contactPage, POLICY_TYPE]

/** The page that shows a quoting document's text. */
function pageOf(documentId: string): DocumentLocation | undefined {
  const id = publishedId(documentId)
  return id === SINGLETON_IDS.contactPage ? CONTACT : isPolicyId(id) ? policyPage(id) : undefined
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/**
 * The pages whose text quotes a figure (or a fact), in the site's order, each titled with how
 * many it quotes. Drafts and published documents are alike here: `documents` is whatever the
 * perspective staff are looking at holds.
 */
function quotingPages(documents: readonly QuotingDocument[], kind: 'figures' | 'facts'): DocumentLocation[] {
  const noun = kind === 'figures' ? 'figure' : 'fact'
  const quoted = new Map<string, number>()
  for (const document of documents) {
    const page = pageOf(document._id)
    const count = quotedKeys(document)[kind].length
    if (page && count > 0) quoted.set(page.href, count)
  }
  return MAIN_PAGES.filter((page) => quoted.has(page.href)).map((page) => ({
    title: `${page.title}: quotes ${plural(quoted.get(page.href)!, noun)}`,
    href: page.href,
  }))
}

/** Policy figures show wherever a text quotes one: the policies, and the Contact page. */
export function policyFiguresLocations(documents: readonly QuotingDocument[]): DocumentLocationsState {
  const locations = quotingPages(documents, 'figures')
  return locations.length > 0
    ? {locations}
    : {
        locations,
        tone: 'caution',
        message: 'No page quotes a policy figure: editing them changes nothing visitors see.',
      }
}

/**
 * Company facts show in the header (the Login link) and footer of every page and on the Contact
 * page; the pages whose text quotes a fact come first, then the ones that show them in the footer only.
 */
export function companyFactsLocations(documents: readonly QuotingDocument[]): DocumentLocationsState {
  const quoting = quotingPages(documents, 'facts')
  const listed = new Set(quoting.map(({href}) => href))
  const contact = listed.has(CONTACT.href)
    ? []
    : [{title: `${CONTACT.title}: customer care`, href: CONTACT.href}]
  const footerOnly = MAIN_PAGES.filter(({href}) => !listed.has(href) && href !== CONTACT.href).map(
    (page) => ({title: `${page.title}: header and footer`, href: page.href}),
  )
  return {
    locations: [...quoting, ...contact, ...footerOnly],
    message: `In the header and footer of every page; quoted in the text of ${plural(quoting.length, 'page')}.`,
  }
}

/** A policy's page and its version history. */
export const policyLocations = (policy: PolicyId): DocumentLocationsState => ({
  locations: [policyPage(policy), location({page: 'history', policy})],
})

/** The fields of a policy version its addresses are made from. */
export interface VersionAddress {
  policy?: unknown
  number?: unknown
}

/** A recorded version's permanent page, and from version 2 on, the page of what changed since the one before. */
export function policyVersionLocations(version: VersionAddress | null | undefined): DocumentLocationsState {
  const {policy, number: n} = version ?? {}
  if (
    typeof policy !== 'string' ||
    !isPolicyId(policy) ||
    typeof n !== 'number' ||
    !Number.isInteger(n) ||
    n < 1
  )
    return {tone: 'caution', message: 'This version names no policy and number, so it has no page.'}
  return {
    locations: [
      location({page: 'version', policy, number: n}),
      ...(n > 1 ? [location({page: 'changes', policy, number: n})] : []),
    ],
  }
}

/**
 * The pages that show a document, by the route table: every page of a kind whose row names it
 * among its documents (model/routes.ts), in the table's order. A page document added to the
 * model is found here by its row alone.
 */
function pagesShowing(type: string, id: string): DocumentLocation[] {
  const table: RouteTable = PAGE_KINDS
  const shows = (target: PageTarget) =>
    table[target.page]!.documents(target).some((document) => document.type === type && document.id === id)
  return sitePages({languages: [], versions: []})
    .filter(({target}) => shows(target))
    .map(({target}) => location(target))
}

/**
 * The locations that follow from a document's type and id alone; `undefined` for the types whose
 * locations depend on other documents (Policy figures, Company facts, policy versions) and for
 * documents that show on no page (contact messages).
 */
export function fixedLocations(type: string, id: string): DocumentLocationsState | undefined {
  switch (type) {
    case 'siteSettings':
      return {locations: [...MAIN_PAGES], message: 'Site-wide words, header and footer: on every page.'}
    case POLICY_TYPE:
      return isPolicyId(id) ? policyLocations(id) : undefined
    default: {
      const locations = pagesShowing(type, publishedId(id))
      return locations.length > 0 ? {locations} : undefined
    }
  }
}
