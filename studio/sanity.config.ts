import {visionTool} from '@sanity/vision'
import {defineConfig} from 'sanity'
import {structureTool} from 'sanity/structure'
import {FIXED_ID_TYPES, READ_ONLY_TYPES, schemaTypes} from './schemaTypes'
import {structure} from './structure'

const fixedId = (type: string) => FIXED_ID_TYPES.has(type)
const readOnly = (type: string) => READ_ONLY_TYPES.has(type)

/**
 * A fixed document can be published, its draft discarded and old versions restored; it can never
 * be duplicated, deleted or unpublished (the site needs every one of them to build).
 */
const FIXED_ID_ACTIONS = new Set(['publish', 'discardChanges', 'restore'])
/** A contact message is never edited; it can be deleted, for a visitor who asks to be forgotten. */
const READ_ONLY_ACTIONS = new Set(['delete'])

export default defineConfig({
  name: 'default',
  title: 'MediStay India website',
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'unconfigured',
  dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  plugins: [structureTool({structure}), visionTool({defaultApiVersion: '2025-02-19'})],
  schema: {
    types: schemaTypes,
    // No "new document" templates for fixed-id or website-written types.
    templates: (templates) =>
      templates.filter(({schemaType}) => !fixedId(schemaType) && !readOnly(schemaType)),
  },
  document: {
    actions: (actions, {schemaType}) => {
      const allowed = readOnly(schemaType)
        ? READ_ONLY_ACTIONS
        : fixedId(schemaType)
          ? FIXED_ID_ACTIONS
          : undefined
      return allowed ? actions.filter(({action}) => action !== undefined && allowed.has(action)) : actions
    },
    newDocumentOptions: (options) =>
      options.filter(({templateId}) => !fixedId(templateId) && !readOnly(templateId)),
  },
})
