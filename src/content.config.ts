import {defineCollection} from 'astro:content'
import {z} from 'astro/zod'
import {POLICY_IDS, SINGLETON_IDS} from '../studio/shared/siteDocuments'
import {launchCheckLoader} from './content/launchCheck'
import {readConfig} from './config'
import {sanityLoader} from './content/loader'
import {contentSource} from './content/source'
import {
  aboutPageQuery,
  companyFactsQuery,
  contactPageQuery,
  homePageQuery,
  launchCheckQuery,
  policiesQuery,
  policyFiguresQuery,
  policyVersionsQuery,
  siteSettingsQuery,
} from './content/queries'
import {
  aboutPageSchema,
  companyFactsSchema,
  contactPageSchema,
  homePageSchema,
  policyFiguresSchema,
  policySchema,
  policyVersionSchema,
  siteSettingsSchema,
} from './content/schemas'

// The build starts here for content (astro.config.mjs is its other entry): the configuration is
// read once and one source serves every collection.
const content = contentSource(readConfig(process.env).content)

/** One collection per query; each query runs once per build. */
export const collections = {
  siteSettings: defineCollection({
    loader: sanityLoader(content, siteSettingsQuery, {requiredIds: [SINGLETON_IDS.siteSettings]}),
    schema: siteSettingsSchema,
  }),
  companyFacts: defineCollection({
    loader: sanityLoader(content, companyFactsQuery, {requiredIds: [SINGLETON_IDS.companyFacts]}),
    schema: companyFactsSchema,
  }),
  homePage: defineCollection({
    loader: sanityLoader(content, homePageQuery, {requiredIds: [SINGLETON_IDS.homePage]}),
    schema: homePageSchema,
  }),
  aboutPage: defineCollection({
    loader: sanityLoader(content, aboutPageQuery, {requiredIds: [SINGLETON_IDS.aboutPage]}),
    schema: aboutPageSchema,
  }),
  contactPage: defineCollection({
    loader: sanityLoader(content, contactPageQuery, {requiredIds: [SINGLETON_IDS.contactPage]}),
    schema: contactPageSchema,
  }),
  policies: defineCollection({
    loader: sanityLoader(content, policiesQuery, {requiredIds: Object.values(POLICY_IDS)}),
    schema: policySchema,
  }),
  /** Every recorded version of the three policies; a policy may have none yet. */
  policyVersions: defineCollection({
    loader: sanityLoader(content, policyVersionsQuery, {requiredIds: []}),
    schema: policyVersionSchema,
  }),
  policyFigures: defineCollection({
    loader: sanityLoader(content, policyFiguresQuery, {requiredIds: [SINGLETON_IDS.policyFigures]}),
    schema: policyFiguresSchema,
  }),
  /** Sample company facts, and links to reserved domains: a build for the public SITE_URL fails while there are any. */
  launchCheck: defineCollection({
    loader: launchCheckLoader(content, launchCheckQuery),
    schema: z.object({document: z.string(), field: z.string(), value: z.string()}),
  }),
}
