import {documentInternationalization, type Language} from '@sanity/document-internationalization'
import {visionTool} from '@sanity/vision'
import {defineConfig, type SingleWorkspace} from 'sanity'
import {structureTool} from 'sanity/structure'
import {SANITY_API_VERSION} from '../model/sanityApi'
import {
  CONTACT_MESSAGE_TYPE,
  documentTitle,
  POLICY_VERSION_TYPE,
  publishedId,
  SINGLETON_IDS,
} from '../model/siteDocuments'
import {ENGLISH, LANGUAGE_FIELD, SETTINGS_LANGUAGES_QUERY, TRANSLATED_TYPES} from '../model/translations'
import {HandledBadge, mailStateBadge, MarkHandledAction} from './actions/contactMessage'
import {publishRecordingVersions, RecordVersionAction} from './actions/PublishRecordingVersions'
import {VERSION_RECORDING_TYPES} from './actions/recordVersions'
import {WithdrawAnnouncedChangeAction} from './actions/WithdrawAnnouncedChange'
import {AddNoteOfCorrectionAction} from './actions/AddNoteOfCorrection'
import {
  FigureWordsBadge,
  MarkReviewedAction,
  TranslationChangesInput,
  TranslationReviewBadge,
} from './actions/TranslationReview'
import {previewOrigin, sitePreview} from './presentation'
import {RememberEditedDocument} from './presentation/editedDocument'
import {LOCAL_TRIAL, localSiteOrigin, localTrial} from './localTrial'
import {siteStatus} from './siteStatus'
import {FIXED_ID_TYPES, IMMUTABLE_TYPES, READ_ONLY_TYPES, schemaTypes} from './schemaTypes'
import {structure} from './structure'

const fixedId = (type: string) => FIXED_ID_TYPES.has(type)
const readOnly = (type: string) => READ_ONLY_TYPES.has(type)
const immutable = (type: string) => IMMUTABLE_TYPES.has(type)
/**
 * The site's own origin: Presentation previews it, and it reports what it shows. The local trial's
 * server (npm run studio:local), or SANITY_STUDIO_PREVIEW_URL.
 */
const siteOrigin = LOCAL_TRIAL ? localSiteOrigin() : previewOrigin(process.env.SANITY_STUDIO_PREVIEW_URL)
/** A message's e-mail, as far as the site sends e-mail (it says so in its status). */
const MailStateBadge = mailStateBadge(siteOrigin)
/** Types staff never create from Studio: fixed documents, and documents the website or a publish writes. */
const neverNew = (type: string) => fixedId(type) || readOnly(type) || immutable(type)

/**
 * A fixed document can be published, its draft discarded and old versions restored; it can never
 * be duplicated, deleted or unpublished (the site needs every one of them to build).
 */
const FIXED_ID_ACTIONS = new Set(['publish', 'discardChanges', 'restore'])
/**
 * A contact message is never edited; staff mark it handled once answered (MarkHandledAction), and
 * can delete it for a visitor who asks to be forgotten.
 */
const READ_ONLY_ACTIONS = new Set(['delete'])
/**
 * A translation is a document of a fixed-id type at an id of its own: it can also be unpublished
 * and deleted, and its publish records no policy version (versions record the English text).
 */
const TRANSLATION_ACTIONS = new Set([...FIXED_ID_ACTIONS, 'unpublish', 'delete'])
const isTranslation = (type: string, documentId: string | undefined) =>
  fixedId(type) && documentId !== undefined && !documentTitle(publishedId(documentId))

const workspace = {
  name: 'default',
  title: 'MediStay India website',
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'unconfigured',
  dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  plugins: [
    structureTool({structure}),
    sitePreview(siteOrigin),
    // On each document the site is built from: live since when, waiting, or why the site refused it.
    siteStatus({origin: siteOrigin, isSiteType: fixedId}),
    visionTool({defaultApiVersion: SANITY_API_VERSION}),
    // Whole-document translations (docs/languages.md): the languages are the ones Site settings list.
    documentInternationalization({
      schemaTypes: [...TRANSLATED_TYPES],
      languageField: LANGUAGE_FIELD,
      apiVersion: SANITY_API_VERSION,
      supportedLanguages: async (client) => [
        ENGLISH,
        ...((await client.fetch<Language[] | null>(SETTINGS_LANGUAGES_QUERY, {
          siteSettingsId: SINGLETON_IDS.siteSettings,
        })) ?? []),
      ],
    }),
  ],
  // Every publish goes through the document's own publish action, which records a policy's new
  // version: content releases and scheduled drafts or publishing would publish without one.
  releases: {enabled: false},
  // Presentation opens on the page of the document staff were editing.
  studio: {components: {layout: RememberEditedDocument}},
  scheduledDrafts: {enabled: false},
  scheduledPublishing: {enabled: false},
  // A stale translation shows, above its form, what changed in English since its review.
  form: {components: {input: TranslationChangesInput}},
  schema: {
    types: schemaTypes,
    // No "new document" templates for fixed-id, website-written or publish-recorded types.
    templates: (templates) => templates.filter(({schemaType}) => !neverNew(schemaType)),
  },
  document: {
    // No comments: staff discuss changes elsewhere, and Studio turns comments on only once it has
    // asked the project's plan, re-mounting the open document's form and actions as it does, so a
    // dialog opened in that first moment (such as "Mark as reviewed") closed again at once.
    comments: {enabled: false},
    actions: (actions, {schemaType, documentId}) => {
      // A policy version is the public record of what applied: no action may change or delete it.
      // Where its record turned out incomplete, staff add a dated note beside it (docs/staff.md).
      if (schemaType === POLICY_VERSION_TYPE) return [AddNoteOfCorrectionAction]
      if (immutable(schemaType)) return []
      // "Mark as reviewed" records who reviewed it against which English text (docs/languages.md).
      if (isTranslation(schemaType, documentId))
        return [
          ...actions.filter(({action}) => action !== undefined && TRANSLATION_ACTIONS.has(action)),
          MarkReviewedAction,
        ]
      const allowed = readOnly(schemaType)
        ? READ_ONLY_ACTIONS
        : fixedId(schemaType)
          ? FIXED_ID_ACTIONS
          : undefined
      const kept = allowed
        ? actions.filter(({action}) => action !== undefined && allowed.has(action))
        : actions
      if (schemaType === CONTACT_MESSAGE_TYPE) return [MarkHandledAction, ...kept]
      // Publishing a policy, or a figure or fact a policy quotes, records the policy's new version;
      // "Record a version…" records one for what is already published (a first version, or a
      // change published outside Studio). A policy with a change announced can withdraw it before it
      // applies, going back to the version in force.
      return VERSION_RECORDING_TYPES.has(schemaType)
        ? [
            ...kept.map((action) =>
              action.action === 'publish' ? publishRecordingVersions(action) : action,
            ),
            RecordVersionAction,
            ...(schemaType === 'policy' ? [WithdrawAnnouncedChangeAction] : []),
          ]
        : kept
    },
    // A translation says where it stands: "Stale" once the English text changed, else its review.
    // A contact message says whether the e-mail about it went out and whether someone answered it.
    // A Site settings translation also says which words of the figures it lacks.
    badges: (badges, {schemaType, documentId}) =>
      isTranslation(schemaType, documentId)
        ? [
            ...badges,
            TranslationReviewBadge,
            ...(schemaType === SINGLETON_IDS.siteSettings ? [FigureWordsBadge] : []),
          ]
        : schemaType === CONTACT_MESSAGE_TYPE
          ? [...badges, MailStateBadge, HandledBadge]
          : badges,
    newDocumentOptions: (options) => options.filter(({templateId}) => !neverNew(templateId)),
  },
} satisfies SingleWorkspace

// SANITY_STUDIO_LOCAL_TRIAL=1 at build time (npm run studio:local) builds the same Studio for the
// local Content Lake on this computer; without it, the Studio staff sign in to on Sanity.
export default defineConfig(LOCAL_TRIAL ? localTrial(workspace) : workspace)
