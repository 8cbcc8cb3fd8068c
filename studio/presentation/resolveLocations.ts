import {map, type Observable} from 'rxjs'
import type {DocumentLocationResolver} from 'sanity/presentation'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {POLICY_VERSION_TYPE} from '../../model/siteDocuments'
import {
  companyFactsLocations,
  fixedLocations,
  policyFiguresLocations,
  policyVersionLocations,
  QUOTING_DOCUMENT_IDS,
  QUOTING_DOCUMENT_TYPES,
  type QuotingDocument,
  type VersionAddress,
} from './locations'

type Params = Parameters<DocumentLocationResolver>[0]
type DocumentStore = Parameters<DocumentLocationResolver>[1]['documentStore']

/** Read as staff see the content in Studio: with their drafts, or the release they are looking at. */
const options = (params: Params) => ({
  apiVersion: SANITY_API_VERSION,
  perspective: params.perspectiveStack,
  variant: params.variant,
  tag: 'presentation.locations',
})

/**
 * The texts that may quote a figure or a fact, read again whenever one changes, so that a figure
 * quoted in a new sentence is listed where it now shows before anyone publishes. The listener
 * filters by type, not id: a draft's id ("drafts.privacyPolicy") is not its document's.
 */
const quotingDocuments = (documentStore: DocumentStore, params: Params) =>
  documentStore.listenQuery(
    {fetch: '*[_id in $ids]', listen: '*[_type in $types]'},
    {ids: [...QUOTING_DOCUMENT_IDS], types: [...QUOTING_DOCUMENT_TYPES]},
    options(params),
  ) as Observable<QuotingDocument[] | null>

const versionAddress = (documentStore: DocumentStore, params: Params) =>
  documentStore.listenQuery(
    {fetch: '*[_id == $id][0]{policy, number}', listen: `*[_type == "${POLICY_VERSION_TYPE}" && _id == $id]`},
    {id: params.id},
    options(params),
  ) as Observable<VersionAddress | null>

/**
 * Presentation's "Used on" list for every document: computed from the policies' and the Contact
 * page's text for Policy figures and Company facts, read from the version for a policy version,
 * fixed by type for the rest.
 */
export const resolveLocations: DocumentLocationResolver = (params, {documentStore}) => {
  if (params.type === 'policyFigures')
    return quotingDocuments(documentStore, params).pipe(
      map((documents) => policyFiguresLocations(documents ?? [])),
    )
  if (params.type === 'companyFacts')
    return quotingDocuments(documentStore, params).pipe(
      map((documents) => companyFactsLocations(documents ?? [])),
    )
  if (params.type === POLICY_VERSION_TYPE)
    return versionAddress(documentStore, params).pipe(map(policyVersionLocations))
  return fixedLocations(params.type, params.id)
}
