import type {ContentSource} from './source.ts'

/**
 * What the production server hands to a preview page (the route src/pages/preview/[...path].astro)
 * when the request carries a valid preview session: content read from the Content Lake's `drafts`
 * perspective with the server's read token (the token itself stays inside `source`), and where
 * Studio is, for the visual-editing overlays.
 */
export interface PreviewLocals {
  /** Published documents with staff's drafts laid over them. */
  source: ContentSource
  /** The Studio's address (SANITY_STUDIO_URL): overlays open documents there. */
  studioUrl: string
  /** The page's own path as the visitor asked for it, e.g. "/privacy-policy". */
  path: string
  /** Ends the preview session and returns to the published page. */
  exitHref: string
}
