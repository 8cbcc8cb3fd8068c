import {POLICY_IDS, type PolicyId} from '../../studio/shared/siteDocuments.ts'

/** The spec's paths, exactly as visitors and old links use them. */
export const POLICY_PATHS: Record<PolicyId, string> = {
  [POLICY_IDS.privacy]: '/privacy-policy',
  [POLICY_IDS.terms]: '/terms&conditions',
  [POLICY_IDS.refund]: '/Refund&Cancellation-Policy',
}

export const PAGE_PATHS = {
  home: '/',
  about: '/about-us',
  contact: '/contact-us',
  ...POLICY_PATHS,
} as const
