/**
 * The documents the site is built from, and the rules about their ids that the Studio, the
 * build and the rebuild receiver share.
 */

/**
 * Fixed document ids. The site queries these exact ids and the desk structure pins an editor
 * to each of them, so no second "Site settings" or "Privacy Policy" can ever be created.
 */
export const SINGLETON_IDS = {
  siteSettings: 'siteSettings',
  homePage: 'homePage',
  aboutPage: 'aboutPage',
  contactPage: 'contactPage',
  policyFigures: 'policyFigures',
  companyFacts: 'companyFacts',
} as const

/** What Studio's desk calls each fixed document; build messages use the same names. */
export const DOCUMENT_TITLES: Record<string, string> = {
  siteSettings: 'Site settings',
  homePage: 'Home page',
  aboutPage: 'About page',
  contactPage: 'Contact page',
  policyFigures: 'Policy figures',
  companyFacts: 'Company facts',
  privacyPolicy: 'Privacy Policy',
  termsAndConditions: 'Terms and Conditions',
  refundPolicy: 'Refund and Cancellation Policy',
}

export const POLICY_IDS = {
  privacy: 'privacyPolicy',
  terms: 'termsAndConditions',
  refund: 'refundPolicy',
} as const

export type PolicyId = (typeof POLICY_IDS)[keyof typeof POLICY_IDS]

/** The document types the site is built from; publishing one of them rebuilds the site. */
export const SITE_DOCUMENT_TYPES = [
  'siteSettings',
  'homePage',
  'aboutPage',
  'contactPage',
  'policyFigures',
  'companyFacts',
  'policy',
] as const

/**
 * Publishing one of these rebuilds the site: its own documents, and the policy versions that
 * Studio records with them (a version published any other way must go live too).
 */
export const REBUILD_DOCUMENT_TYPES = [...SITE_DOCUMENT_TYPES, 'policyVersion'] as const

/**
 * The spec numbers the Privacy Policy and the Refund and Cancellation Policy in ten sections.
 * Studio warns when the count differs but lets staff publish: the law may call for a new section.
 */
export const POLICY_SECTION_COUNT: Partial<Record<PolicyId, number>> = {
  privacyPolicy: 10,
  refundPolicy: 10,
}

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
