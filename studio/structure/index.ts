import {CogIcon} from '@sanity/icons/Cog'
import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {HomeIcon} from '@sanity/icons/Home'
import {InfoOutlineIcon} from '@sanity/icons/InfoOutline'
import {NumberIcon} from '@sanity/icons/Number'
import type {StructureBuilder, StructureResolver} from 'sanity/structure'
import {POLICY_IDS, SINGLETON_IDS} from '../schemaTypes/documentIds'

/** One editor pinned to a fixed document id, so there is never a second copy. */
const pinned = (
  S: StructureBuilder,
  title: string,
  schemaType: string,
  documentId: string,
  icon: React.ComponentType,
) =>
  S.listItem()
    .title(title)
    .id(documentId)
    .icon(icon)
    .child(S.document().schemaType(schemaType).documentId(documentId).title(title))

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Website')
    .items([
      pinned(S, 'Site settings', 'siteSettings', SINGLETON_IDS.siteSettings, CogIcon),
      S.divider(),
      pinned(S, 'Home page', 'homePage', SINGLETON_IDS.homePage, HomeIcon),
      pinned(S, 'About page', 'aboutPage', SINGLETON_IDS.aboutPage, InfoOutlineIcon),
      pinned(S, 'Contact page', 'contactPage', SINGLETON_IDS.contactPage, EnvelopeIcon),
      S.divider(),
      S.listItem()
        .title('Policies')
        .icon(DocumentTextIcon)
        .child(
          S.list()
            .title('Policies')
            .items([
              pinned(S, 'Privacy Policy', 'policy', POLICY_IDS.privacy, DocumentTextIcon),
              pinned(S, 'Terms and Conditions', 'policy', POLICY_IDS.terms, DocumentTextIcon),
              pinned(S, 'Refund and Cancellation Policy', 'policy', POLICY_IDS.refund, DocumentTextIcon),
            ]),
        ),
      pinned(S, 'Policy figures', 'policyFigures', SINGLETON_IDS.policyFigures, NumberIcon),
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
