import {ClockIcon} from '@sanity/icons/Clock'
import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {TranslateIcon} from '@sanity/icons/Translate'
import type {StructureBuilder, StructureResolver} from 'sanity/structure'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {DEFAULT_LANGUAGE, isTranslatedType, LANGUAGE_FIELD, TRANSLATED_TYPES} from '../../model/translations'
import {
  CONTACT_MESSAGE_TYPE,
  DOCUMENT_TITLES,
  POLICY_ID_LIST,
  POLICY_TYPE,
  POLICY_VERSION_TYPE,
  SINGLETON_ID_LIST,
  SINGLETONS,
  type DeskGroup,
  type PolicyId,
  type SingletonId,
  type SiteDocumentId,
} from '../../model/siteDocuments'
import {DESK_ICONS} from './icons'

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

/**
 * The Inbox's lists, newest first: what still needs an answer, what nobody was e-mailed about,
 * and everything. Read-only: a message opened from elsewhere does not route here.
 */
const INBOX_VIEWS = [
  {id: 'notHandled', title: 'Needs an answer', filter: '!defined(handledAt)'},
  {
    id: 'emailGivenUp',
    title: 'E-mail given up',
    filter: 'defined(notificationGivenUpAt) && !defined(handledAt)',
  },
  {id: 'allMessages', title: 'All messages', filter: 'true'},
] as const

const inboxView = (S: StructureBuilder, {id, title, filter}: (typeof INBOX_VIEWS)[number]) =>
  S.listItem()
    .title(title)
    .id(id)
    .icon(EnvelopeIcon)
    .child(
      S.documentTypeList(CONTACT_MESSAGE_TYPE)
        .title(title)
        .apiVersion(SANITY_API_VERSION)
        .filter(`_type == "${CONTACT_MESSAGE_TYPE}" && ${filter}`)
        .defaultOrdering([{field: 'receivedAt', direction: 'desc'}])
        .canHandleIntent(() => false),
    )

/** Documents of a translatable type in a language other than English. */
const IN_ANOTHER_LANGUAGE = `defined(${LANGUAGE_FIELD}) && ${LANGUAGE_FIELD} != "${DEFAULT_LANGUAGE}"`

/**
 * Translations of the one document of a type whose every translation is of that document (a
 * singleton's), or of one policy: the documents its translation record (the plugin's metadata)
 * lists, drafts included. Staff create one from the English document's "Translations" menu.
 */
const translationsOf = (
  S: StructureBuilder,
  schemaType: (typeof TRANSLATED_TYPES)[number],
  englishId: SiteDocumentId,
) => {
  const title = `${DOCUMENT_TITLES[englishId]} — translations`
  const ofThisDocument =
    schemaType === POLICY_TYPE
      ? ` && count(*[_type == "translation.metadata" && references($englishId) && (references(^._id) || references(string::split(^._id, "drafts.")[1]))]) > 0`
      : ''
  return S.listItem()
    .title(title)
    .id(`${englishId}Translations`)
    .icon(TranslateIcon)
    .child(
      S.documentTypeList(schemaType)
        .title(title)
        .apiVersion(SANITY_API_VERSION)
        .filter(`_type == $schemaType && ${IN_ANOTHER_LANGUAGE}${ofThisDocument}`)
        .params({schemaType, englishId})
        .defaultOrdering([{field: LANGUAGE_FIELD, direction: 'asc'}]),
    )
}

/**
 * A singleton's editor (its id is its schema type), with its icon from its row, followed by the
 * list of its translations where staff translate it.
 */
const singleton = (S: StructureBuilder, id: SingletonId) => [
  pinned(S, id, id, DESK_ICONS[SINGLETONS[id].icon]),
  ...(isTranslatedType(id) ? [translationsOf(S, id, id)] : []),
]

/** The singletons of one group of the desk, in the table's order (model/siteDocuments.ts). */
const singletons = (S: StructureBuilder, group: DeskGroup) =>
  SINGLETON_ID_LIST.filter((id) => SINGLETONS[id].desk === group).flatMap((id) => singleton(S, id))

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Website')
    .items([
      ...singletons(S, 'site'),
      S.divider(),
      ...singletons(S, 'pages'),
      S.divider(),
      S.listItem()
        .title('Policies')
        .icon(DocumentTextIcon)
        .child(
          S.list()
            .title('Policies')
            .items([
              ...POLICY_ID_LIST.flatMap((policy) => [
                pinned(S, POLICY_TYPE, policy, DocumentTextIcon),
                translationsOf(S, POLICY_TYPE, policy),
              ]),
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
      ...singletons(S, 'afterPolicies'),
      S.divider(),
      S.listItem()
        .title('Inbox')
        .id('inbox')
        .icon(EnvelopeIcon)
        .child(
          S.list()
            .title('Inbox')
            .items(INBOX_VIEWS.map((view) => inboxView(S, view))),
        ),
    ])
