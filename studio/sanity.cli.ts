import {defineCliConfig} from 'sanity/cli'

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'unconfigured',
    dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  },
  // The site's queries live in ../src/content; their result types are generated from this schema.
  typegen: {
    path: '../src/content/**/*.ts',
    schema: 'schema.json',
    generates: '../src/content/sanity.types.ts',
    overloadClientMethods: false,
    formatGeneratedCode: false,
  },
  deployment: {autoUpdates: false},
})
