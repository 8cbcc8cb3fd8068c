import {cleanPath, pageTargetOf, type PageTarget} from './routes.ts'

/** Which page a preview request asks for: every kind of page in the route table (model/routes.ts). */
export type PreviewTarget = PageTarget<ReturnType<typeof pageTargetOf>['page']>

/**
 * The page at an English path, as the static build names its pages: "/terms%26conditions" is
 * "/terms&conditions", "/policy-versions/privacy-policy/2" is version 2 of the Privacy Policy.
 */
export function previewTarget(path: string): PreviewTarget {
  const clean = cleanPath(path)
  return clean === undefined ? {page: 'notFound'} : pageTargetOf(clean)
}
