/** What the production server hands to the routes of each request (the node adapter's locals). */
declare namespace App {
  interface Locals {
    /** The contact form's service and settings, owned by the server (src/server/siteServer.ts). */
    contact?: import('./contact/route').ContactRuntime
    /** Set only for a request with a valid preview session: drafts, read on the server. */
    preview?: import('./server/preview').PreviewLocals
    /** The page being rendered: its language, documents and alternates (src/middleware.ts). */
    route?: import('./content/pageRoute').PageRoute
  }
}
