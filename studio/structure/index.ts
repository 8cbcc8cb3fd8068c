import {CaseIcon} from '@sanity/icons/Case'
import {ClockIcon} from '@sanity/icons/Clock'
import {CogIcon} from '@sanity/icons/Cog'
import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {HomeIcon} from '@sanity/icons/Home'
import {InfoOutlineIcon} from '@sanity/icons/InfoOutline'
import {NumberIcon} from '@sanity/icons/Number'
import type {StructureBuilder, StructureResolver} from 'sanity/structure'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {
  DOCUMENT_TITLES,
  POLICY_ID_LIST,
  POLICY_TYPE,
  POLICY_VERSION_TYPE,
  type PolicyId,
  type SingletonId,
  type SiteDocumentId,
} from '../../model/siteDocuments'

/** One editor pinned to a fixed document id, so there is never a second copy. */
const pinned = (
  S: StructureBuilder,
  schemaType: string,
  documentId: SiteDocumentId,
  icon: React.ComponentType,
) => {
  const title = DOCUMENT_TITLES[documentId]
  return S.listItem()
    .title(title)
    .id(documentId)
    .icon(icon)
    .child(S.document().schemaType(schemaType).documentId(documentId).title(title))
}

/**
 * The recorded versions of one policy, newest first. Read-only: a version opened from elsewhere
 * (search, a link) does not route here, and nothing here creates one.
 */
const versionsOf = (S: StructureBuilder, policy: PolicyId) => {
  const title = `${DOCUMENT_TITLES[policy]} — versions`
  return S.listItem()
    .title(title)
    .id(`${policy}Versions`)
    .icon(ClockIcon)
    .child(
      S.documentTypeList(POLICY_VERSION_TYPE)
        .title(title)
        .apiVersion(SANITY_API_VERSION)
        .filter(`_type == "${POLICY_VERSION_TYPE}" && policy == $policy`)
        .params({policy})
        .defaultOrdering([{field: 'number', direction: 'desc'}])
        .canHandleIntent(() => false),
    )
}

/** A singleton's editor: its id is its schema type. */
const singleton = (S: StructureBuilder, id: SingletonId, icon: React.ComponentType) => pinned(S, id, id, icon)

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Website')
    .items([
      singleton(S, 'siteSettings', CogIcon),
      singleton(S, 'companyFacts', CaseIcon),
      S.divider(),
      singleton(S, 'homePage', HomeIcon),
      singleton(S, 'aboutPage', InfoOutlineIcon),
      singleton(S, 'contactPage', EnvelopeIcon),
      S.divider(),
      S.listItem()
        .title('Policies')
        .icon(DocumentTextIcon)
        .child(
          S.list()
            .title('Policies')
            .items([
              ...POLICY_ID_LIST.map((policy) => pinned(S, POLICY_TYPE, policy, DocumentTextIcon)),
              S.divider(),
              S.listItem()
                .title('Versions')
                .id('policyVersions')
                .icon(ClockIcon)
                .child(
                  S.list()
                    .title('Versions')
                    .items(POLICY_ID_LIST.map((policy) => versionsOf(S, policy))),
                ),
            ]),
        ),
      singleton(S, 'policyFigures', NumberIcon),
      S.divider(),
      S.listItem()
        .title('Inbox')
        .icon(EnvelopeIcon)
        .child(
          S.documentTypeList('contactMessage')
            .title('Inbox')
            .defaultOrdering([{field: 'receivedAt', direction: 'desc'}])
            .canHandleIntent(() => false),
        ),
    ])
