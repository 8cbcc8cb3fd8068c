import {defineCliConfig} from 'sanity/cli'

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'unconfigured',
    dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  },
  // The site's queries live in ../src/content; their result types are generated from this schema.
  // The staleness test regenerates into a scratch folder through the two variables.
  typegen: {
    path: '../src/content/**/*.ts',
    schema: process.env.TYPEGEN_SCHEMA || 'schema.json',
    generates: process.env.TYPEGEN_OUTPUT || '../src/content/sanity.types.ts',
    overloadClientMethods: false,
    formatGeneratedCode: false,
  },
  deployment: {autoUpdates: false},
})
