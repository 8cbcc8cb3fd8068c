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

/**
 * Where a preview session starts and ends on the site's server: Presentation's
 * `previewMode.enable` (with Studio's secret) and the preview bar's way out.
 */
export const PREVIEW_MODE = {enable: '/api/preview/enable', disable: '/api/preview/disable'} as const

/** Where the server sends a preview request inside the build's routes. */
export const PREVIEW_ROUTE_PREFIX = '/preview'

/**
 * Sanity's visual-editing overlays, which the server bundles and serves to preview sessions only
 * (src/server/previewOverlays.ts); preview pages load them.
 */
export const OVERLAYS = {script: '/_preview/overlays.js', style: '/_preview/overlays.css'} as const
