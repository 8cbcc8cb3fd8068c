import {PAGE_KINDS, pagePath, type PageTarget, type SitePage} from '../../model/routes'
import {isPolicyId, SINGLETON_IDS} from '../../model/siteDocuments'
import {DEFAULT_LANGUAGE, pathIn} from '../../model/translations'
import {contentFor, type Shown, type SiteContent, type TranslatableId} from './entries'
import {translatedSummaries} from './changeSummary'
import {UNTRANSLATED, type SiteLanguage} from './languages'

/**
 * What every component of a page reads (`Astro.locals.route`), put there once by the middleware
 * (src/middleware.ts): which page, its language, the documents in that language, whose words
 * its main text shows, and its addresses in the other languages.
 */
export interface PageRoute extends SitePage {
  /** The documents, in the page's language where a translation may be shown, else in English. */
  content: SiteContent
  /** The languages the site offers besides English. */
  offered: SiteLanguage[]
  /** The page's language with its lines, when it is not English. */
  pageLanguage?: SiteLanguage
  /** Whose words the page's main text is. */
  shown: Shown
  /** The documents in the language of the page's main text (`shown.language`): the words around it. */
  shownContent: SiteContent
  /** The translation's "What changed" summaries of its policy's versions, by number; none in English. */
  summaries: ReadonlyMap<number, string>
  /** The same page in each language, English first (empty for a page in English only). */
  alternates: {code: string; path: string}[]
}

/** The translated document a page's main text is: its own page's document, or none (the 404 page). */
function mainDocument(target: PageTarget): TranslatableId | undefined {
  if (target.policy && isPolicyId(target.policy)) return target.policy
  if (target.page === 'contact') return SINGLETON_IDS.contactPage
  return undefined
}

/** Whose words a page's main text shows in its language: a link to it may say its text is English. */
export async function shownOn(content: SiteContent, target: PageTarget): Promise<Shown> {
  const {language} = content
  if (language === DEFAULT_LANGUAGE) return {language, status: 'shown'}
  const id = mainDocument(target)
  if (!id) return UNTRANSLATED
  const shown = await content.shownIn(id)
  // A translation translates the policy's version in force: any other version's text is English.
  if (target.page === 'version' && shown.language === language) {
    const translates = (await content.translations()).find(
      (translation) => translation.language === language && translation.englishId === id,
    )?.translation?.translates
    if (translates !== String(target.number)) return {language: DEFAULT_LANGUAGE, status: 'stale'}
  }
  return shown
}

/** The route data of one page, read from the build's content or, in a preview, staff's drafts. */
export async function pageRoute(locals: App.Locals, page: SitePage): Promise<PageRoute> {
  const content = contentFor(locals, page.language)
  const offered = await content.languages()
  const codes = [DEFAULT_LANGUAGE, ...offered.map(({code}) => code)]
  const {target} = page
  const shown = await shownOn(content, target)
  return {
    ...page,
    content,
    offered,
    pageLanguage: offered.find(({code}) => code === page.language),
    shown,
    shownContent: shown.language === page.language ? content : contentFor(locals, shown.language),
    summaries:
      target.policy && shown.language === page.language && page.language !== DEFAULT_LANGUAGE
        ? translatedSummaries(await content.policy(target.policy))
        : new Map(),
    alternates: PAGE_KINDS[page.target.page].everyLanguage
      ? codes.map((code) => ({code, path: pathIn(code, page.englishPath)}))
      : [],
  }
}

/** The route data the middleware put on this request; a page rendered without it is a programming error. */
export function routeOf(locals: App.Locals): PageRoute {
  if (!locals.route)
    throw new Error('This page has no route data: is it rendered by a route of model/routes.ts?')
  return locals.route
}

/**
 * The address of another page from this one: in this page's language where the route table
 * offers that page in every language ("/hi/policy-history/privacy-policy"), else in English.
 */
export function pageLink(route: Pick<PageRoute, 'language'>, target: PageTarget): string {
  const path = pagePath(target)
  return PAGE_KINDS[target.page].everyLanguage ? pathIn(route.language, path) : path
}
