// Presentation opens on the document being edited: the page it starts on, and the document it
// opens beside each page, come from the route table (model/routes.ts).
import {describe, expect, it} from 'vitest'
import {pagePath} from '../../../model/routes'
import {POLICY_ID_LIST} from '../../../model/siteDocuments'
import {
  editedDocumentId,
  initialPreviewUrl,
  MAIN_DOCUMENTS,
  pageOfDocument,
} from '../../../studio/presentation/editedDocument'

const SITE = 'https://localhost:3335'
const remembered = (id: string | null) => ({getItem: () => id})

describe('Presentation, opened from the editor', () => {
  it('starts on the page of the document staff were editing, its draft included', () => {
    expect(editedDocumentId('/structure/policies;refundPolicy')).toBe('refundPolicy')
    expect(editedDocumentId('/structure/aboutPage,view=form')).toBe('aboutPage')
    expect(initialPreviewUrl(SITE, remembered('drafts.aboutPage'))).toBe(
      new URL(pagePath({page: 'about'}), SITE).href,
    )
    expect(initialPreviewUrl(SITE, remembered(POLICY_ID_LIST[0]!))).toBe(
      new URL(pagePath({page: 'policy', policy: POLICY_ID_LIST[0]!}), SITE).href,
    )
  })

  it('starts on the Home page when no site document was edited', () => {
    expect(editedDocumentId('/structure/inbox;notHandled')).toBeUndefined()
    expect(editedDocumentId('/presentation/policy/refundPolicy')).toBeUndefined()
    expect(initialPreviewUrl(SITE, remembered(null))).toBe(`${SITE}/`)
    expect(initialPreviewUrl(SITE, undefined)).toBe(`${SITE}/`)
  })

  it("opens each page's own document beside it, one document per page", () => {
    const routes = MAIN_DOCUMENTS.map(({route}) => route)
    expect(new Set(routes).size).toBe(routes.length)
    expect(MAIN_DOCUMENTS).toContainEqual({route: pagePath({page: 'about'}), filter: '_id == "aboutPage"'})
    expect(MAIN_DOCUMENTS).toContainEqual({route: pagePath({page: 'home'}), filter: '_id == "homePage"'})
    expect(pageOfDocument('contactMessage-1')).toBeUndefined()
  })
})
