import {CaseIcon} from '@sanity/icons/Case'
import {ClockIcon} from '@sanity/icons/Clock'
import {CogIcon} from '@sanity/icons/Cog'
import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {HomeIcon} from '@sanity/icons/Home'
import {InfoOutlineIcon} from '@sanity/icons/InfoOutline'
import {NumberIcon} from '@sanity/icons/Number'
import type {StructureBuilder, StructureResolver} from 'sanity/structure'
import {POLICY_VERSION_TYPE} from '../../model/policyVersions'
import {DOCUMENT_TITLES, POLICY_IDS, SINGLETON_IDS, type PolicyId} from '../../model/siteDocuments'

/** One editor pinned to a fixed document id, so there is never a second copy. */
const pinned = (S: StructureBuilder, schemaType: string, documentId: string, icon: React.ComponentType) => {
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
        .apiVersion('2025-02-19')
        .filter(`_type == "${POLICY_VERSION_TYPE}" && policy == $policy`)
        .params({policy})
        .defaultOrdering([{field: 'number', direction: 'desc'}])
        .canHandleIntent(() => false),
    )
}

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Website')
    .items([
      pinned(S, 'siteSettings', SINGLETON_IDS.siteSettings, CogIcon),
      pinned(S, 'companyFacts', SINGLETON_IDS.companyFacts, CaseIcon),
      S.divider(),
      pinned(S, 'homePage', SINGLETON_IDS.homePage, HomeIcon),
      pinned(S, 'aboutPage', SINGLETON_IDS.aboutPage, InfoOutlineIcon),
      pinned(S, 'contactPage', SINGLETON_IDS.contactPage, EnvelopeIcon),
      S.divider(),
      S.listItem()
        .title('Policies')
        .icon(DocumentTextIcon)
        .child(
          S.list()
            .title('Policies')
            .items([
              pinned(S, 'policy', POLICY_IDS.privacy, DocumentTextIcon),
              pinned(S, 'policy', POLICY_IDS.terms, DocumentTextIcon),
              pinned(S, 'policy', POLICY_IDS.refund, DocumentTextIcon),
              S.divider(),
              S.listItem()
                .title('Versions')
                .id('policyVersions')
                .icon(ClockIcon)
                .child(
                  S.list()
                    .title('Versions')
                    .items(Object.values(POLICY_IDS).map((policy) => versionsOf(S, policy))),
                ),
            ]),
        ),
      pinned(S, 'policyFigures', SINGLETON_IDS.policyFigures, NumberIcon),
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
