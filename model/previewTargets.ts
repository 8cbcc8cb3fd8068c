import {PAGE_PATHS, policyForSlug} from './routes.ts'
import {POLICY_LIST, type PolicyId} from './siteDocuments.ts'

/** Which page a preview request asks for: every page of the site has one. */
export type PreviewTarget =
  | {page: 'home' | 'about' | 'contact' | 'notFound'}
  | {page: 'policy' | 'history'; policy: PolicyId}
  | {page: 'version' | 'changes'; policy: PolicyId; number: number}

const FIXED: Record<string, PreviewTarget> = {
  [PAGE_PATHS.home]: {page: 'home'},
  [PAGE_PATHS.about]: {page: 'about'},
  [PAGE_PATHS.contact]: {page: 'contact'},
  ...Object.fromEntries(POLICY_LIST.map(({id, path}) => [path, {page: 'policy', policy: id}])),
}

/**
 * The page at a path, as the static build names its pages: "/terms%26conditions" is
 * "/terms&conditions", "/policy-versions/privacy-policy/2" is version 2 of the Privacy Policy.
 */
export function previewTarget(path: string): PreviewTarget {
  let decoded: string
  try {
    decoded = decodeURIComponent(path.split('?')[0]!)
  } catch {
    return {page: 'notFound'}
  }
  // "/about-us.html" is the file behind "/about-us": the static server answers both.
  const clean = (decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded).replace(/(.)\.html$/, '$1')
  const fixed = FIXED[clean]
  if (fixed) return fixed
  const [, kind, slug, number, ...rest] = clean.split('/')
  const policy = slug === undefined ? undefined : policyForSlug(slug)
  if (!policy || rest.length > 0) return {page: 'notFound'}
  if (kind === 'policy-history' && number === undefined) return {page: 'history', policy}
  if (!number || !/^[1-9]\d*$/.test(number)) return {page: 'notFound'}
  if (kind === 'policy-versions') return {page: 'version', policy, number: Number(number)}
  if (kind === 'policy-changes') return {page: 'changes', policy, number: Number(number)}
  return {page: 'notFound'}
}
