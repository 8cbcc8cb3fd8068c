/**
 * Presentation opens on the document being edited: staff who edit the About page and press
 * "Presentation" in the navbar see the About page with its form beside it, not the Home page.
 * The Studio remembers (for this tab) the last site document open in the editor, and Presentation
 * starts on its page; `mainDocuments` opens a page's document beside it, whichever page is shown.
 */
import {useEffect} from 'react'
import type {LayoutProps} from 'sanity'
import type {DocumentResolver} from 'sanity/presentation'
import {useRouterState} from 'sanity/router'
import {
  isPolicyId,
  POLICY_ID_LIST,
  POLICY_TYPE,
  publishedId,
  SINGLETON_ID_LIST,
  type SingletonId,
} from '../../model/siteDocuments'
import {fixedLocations} from './locations'

const REMEMBERED = 'medistay.presentation.edited-document'

/** A site document's type from its fixed id: a singleton's is its id, a policy's is `policy`. */
const typeOf = (id: string): string | undefined =>
  isPolicyId(id) ? POLICY_TYPE : SINGLETON_ID_LIST.includes(id as SingletonId) ? id : undefined

/** The page that shows a site document, by its id (drafts too); undefined for any other document. */
export function pageOfDocument(id: string): string | undefined {
  const published = publishedId(id)
  const type = typeOf(published)
  return type ? fixedLocations(type, published)?.locations?.[0]?.href : undefined
}

/**
 * The site document open in the editor's last pane, from the Studio's address:
 * `/structure/policies;refundPolicy` (panes separated by ";", a pane's parameters after ",").
 */
export function editedDocumentId(pathname: string): string | undefined {
  const segments = pathname.split('/')
  const tool = segments.indexOf('structure')
  if (tool < 0 || tool !== segments.length - 2) return undefined
  const last = decodeURIComponent(segments.at(-1)!.split(';').at(-1)!.split(',')[0]!)
  return pageOfDocument(last) ? publishedId(last) : undefined
}

/** Where Presentation starts: the page of the document last edited in this tab, else the Home page. */
export function initialPreviewUrl(origin: string, storage: Pick<Storage, 'getItem'> | undefined): string {
  return new URL(pageOfDocument(storage?.getItem(REMEMBERED) ?? '') ?? '/', origin).href
}

/**
 * Each page's own document, for Presentation to open beside it: the pages, then the policies. Site
 * settings show on every page, so no page is theirs.
 */
export const MAIN_DOCUMENTS: DocumentResolver[] = [...SINGLETON_ID_LIST, ...POLICY_ID_LIST]
  .filter((id) => id !== 'siteSettings')
  .flatMap((id) => {
    const route = pageOfDocument(id)
    return route ? [{route, filter: `_id == "${id}"`}] : []
  })

/** The Studio's layout, remembering the site document being edited. */
export function RememberEditedDocument(props: LayoutProps) {
  // Read on every change of the Studio's state, which is its address.
  const edited = useRouterState(() => editedDocumentId(window.location.pathname))
  useEffect(() => {
    if (edited) sessionStorage.setItem(REMEMBERED, edited)
  }, [edited])
  return props.renderDefault(props)
}
