/** The paths of staff preview, which the site's server answers and Studio's Presentation tool opens. */

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
