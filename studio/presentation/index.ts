import {presentationTool} from 'sanity/presentation'
import {PREVIEW_MODE} from '../../model/preview'
import {initialPreviewUrl, MAIN_DOCUMENTS} from './editedDocument'
import {resolveLocations} from './resolveLocations'

/** Where `npm start` serves the site on a staff member's own computer. */
export const LOCAL_SITE = 'http://localhost:4321'

/** The site server's routes that start a preview session and end it. */
export {PREVIEW_MODE}

/** The site's origin from SANITY_STUDIO_PREVIEW_URL ("https://www.example.com"), or the local server. */
export function previewOrigin(configured: string | undefined): string {
  const value = configured?.trim() || LOCAL_SITE
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error(
      `SANITY_STUDIO_PREVIEW_URL must be the website's address, such as https://www.example.com; it is "${value}".`,
    )
  return url.origin
}

/**
 * Presentation: the real page beside the editing form, previewing staff's drafts through the
 * site's server. Only the site's own origin may be framed, which is Presentation's default when
 * `allowOrigins` is left out.
 */
export const sitePreview = (origin: string) =>
  presentationTool({
    previewUrl: {
      // The page of the document staff were editing (editedDocument.ts), else the Home page.
      initial: () =>
        initialPreviewUrl(origin, typeof sessionStorage === 'undefined' ? undefined : sessionStorage),
      previewMode: PREVIEW_MODE,
    },
    resolve: {locations: resolveLocations, mainDocuments: MAIN_DOCUMENTS},
  })
