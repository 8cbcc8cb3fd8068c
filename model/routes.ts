import {POLICY_LIST, policyEntry, type PolicyId} from './siteDocuments.ts'

/** The spec's paths of the policies (model/siteDocuments.ts), by id. */
export const POLICY_PATHS = Object.fromEntries(POLICY_LIST.map(({id, path}) => [id, path])) as Readonly<
  Record<PolicyId, `/${string}`>
>

export const PAGE_PATHS = {
  home: '/',
  about: '/about-us',
  contact: '/contact-us',
  ...POLICY_PATHS,
} as const

/** Where the contact form posts (src/pages/api/contact.ts); the server gives its body a deadline. */
export const CONTACT_ENDPOINT = '/api/contact'

/**
 * A policy's history lives beside, not under, its page: with `build.format: 'file'` a folder
 * named like a page ("privacy-policy/") would make "/privacy-policy" a folder to most servers.
 * Each folder holds files only, named after the policy's own path.
 */
export const policySlug = (policy: PolicyId) => policyEntry(policy).path.slice(1)

/** Every version of a policy, with its date and summary. */
export const policyHistoryPath = (policy: PolicyId) => `/policy-history/${policySlug(policy)}`
/** One version's full text: a permanent address. */
export const policyVersionPath = (policy: PolicyId, number: number) =>
  `/policy-versions/${policySlug(policy)}/${number}`
/** What changed in a version since the one before it. */
export const policyChangesPath = (policy: PolicyId, number: number) =>
  `/policy-changes/${policySlug(policy)}/${number}`
/** The Atom feed of every policy change. */
export const POLICY_FEED_PATH = '/policy-changes.atom'

/** The policy a history address names ("terms&conditions"), if any. */
export const policyForSlug = (slug: string): PolicyId | undefined =>
  POLICY_LIST.find(({path}) => path.slice(1) === slug)?.id
