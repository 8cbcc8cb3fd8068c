import {defineMiddleware} from 'astro:middleware'
import {NOT_FOUND_PAGE, pageAt, type SitePage} from '../model/routes'
import {PREVIEW_ROUTE_PREFIX} from '../model/preview'
import {pageRoute, type PageRoute} from './content/pageRoute'
import {contentFor, PreviewContentError} from './content/entries'

/**
 * Puts the route data of a page on `Astro.locals.route` once, before any component renders, as
 * Starlight's route middleware does: the page's language, its documents in that language, and
 * its alternates. A built page names itself (the props of its route file, src/pages/[...<component>].astro,
 * or the 404 page's own path); a preview
 * page is found in the route table by the path staff opened, as their drafts have the site.
 * Prerendered pages pass here at build time: the content they read is fetched once per build
 * (src/content/entries.ts keeps it, per language).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const built =
    (context.props as {page?: SitePage}).page ??
    (context.routePattern === NOT_FOUND_PAGE.path ? NOT_FOUND_PAGE : undefined)
  if (built) context.locals.route = await pageRoute(context.locals, built)
  else if (context.locals.preview && context.url.pathname.startsWith(PREVIEW_ROUTE_PREFIX))
    context.locals.route = await previewRoute(context.locals)
  return next()
})

/** The page a preview asks for (the 404 page where the drafts have none), or none when a draft cannot be shown. */
async function previewRoute(locals: App.Locals): Promise<PageRoute | undefined> {
  const content = contentFor(locals)
  try {
    const [languages, versions] = await Promise.all([content.languages(), content.policyVersions()])
    const site = {languages: languages.map(({code}) => code), versions}
    return await pageRoute(locals, pageAt(locals.preview!.path, site) ?? NOT_FOUND_PAGE)
  } catch (error) {
    // The preview route reads every document again and tells staff which one and why.
    if (error instanceof PreviewContentError) return undefined
    throw error
  }
}
