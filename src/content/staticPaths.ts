import {PAGE_KINDS, sitePages, type PageComponent, type SitePage} from '../../model/routes'
import {builtContent} from './entries'

/**
 * The pages one component renders, in every language, for its route file
 * `src/pages/[...<component>].astro`: every row of the route table (model/routes.ts) that names
 * it, with the pages the content has of each. One route file per component, not one for the
 * whole site: Astro bundles a route's styles with every page it builds, so a single catch-all
 * would send each page the styles of every other kind.
 */
export async function pagesRenderedBy(
  component: PageComponent,
): Promise<{params: Record<string, string | undefined>; props: {page: SitePage}}[]> {
  const [languages, versions] = await Promise.all([builtContent.languages(), builtContent.policyVersions()])
  return sitePages({languages: languages.map(({code}) => code), versions})
    .filter((page) => PAGE_KINDS[page.target.page].component === component)
    .map((page) => ({
      params: {[component]: page.path === '/' ? undefined : page.path.slice(1)},
      props: {page},
    }))
}
