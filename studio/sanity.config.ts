import {visionTool} from '@sanity/vision'
import {defineConfig} from 'sanity'
import {structureTool} from 'sanity/structure'
import {FIXED_ID_TYPES, READ_ONLY_TYPES, schemaTypes} from './schemaTypes'
import {structure} from './structure'

/** Editing a fixed document keeps publish and undo; it can never be duplicated or deleted. */
const FIXED_ID_ACTIONS = new Set(['publish', 'discardChanges', 'restore', 'unpublish'])

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
      templates.filter(({schemaType}) => !FIXED_ID_TYPES.has(schemaType) && !READ_ONLY_TYPES.has(schemaType)),
  },
  document: {
    actions: (actions, {schemaType}) => {
      if (READ_ONLY_TYPES.has(schemaType)) return []
      if (FIXED_ID_TYPES.has(schemaType)) {
        return actions.filter(({action}) => action && FIXED_ID_ACTIONS.has(action) && action !== 'unpublish')
      }
      return actions
    },
    newDocumentOptions: (options) =>
      options.filter(({templateId}) => !FIXED_ID_TYPES.has(templateId) && !READ_ONLY_TYPES.has(templateId)),
  },
})
