import {defineCollection} from 'astro:content'
import {z} from 'astro/zod'
import {POLICY_IDS, SINGLETON_IDS} from '../studio/schemaTypes/documentIds'
import {launchCheckLoader} from './content/launchCheck'
import {sanityLoader} from './content/loader'
import {
  aboutPageQuery,
  companyFactsQuery,
  contactPageQuery,
  homePageQuery,
  launchCheckQuery,
  policiesQuery,
  policyFiguresQuery,
  siteSettingsQuery,
} from './content/queries'
import {
  aboutPageSchema,
  companyFactsSchema,
  contactPageSchema,
  homePageSchema,
  policyFiguresSchema,
  policySchema,
  siteSettingsSchema,
} from './content/schemas'

/** One collection per query; each query runs once per build. */
export const collections = {
  siteSettings: defineCollection({
    loader: sanityLoader(siteSettingsQuery, {requiredIds: [SINGLETON_IDS.siteSettings]}),
    schema: siteSettingsSchema,
  }),
  companyFacts: defineCollection({
    loader: sanityLoader(companyFactsQuery, {requiredIds: [SINGLETON_IDS.companyFacts]}),
    schema: companyFactsSchema,
  }),
  homePage: defineCollection({
    loader: sanityLoader(homePageQuery, {requiredIds: [SINGLETON_IDS.homePage]}),
    schema: homePageSchema,
  }),
  aboutPage: defineCollection({
    loader: sanityLoader(aboutPageQuery, {requiredIds: [SINGLETON_IDS.aboutPage]}),
    schema: aboutPageSchema,
  }),
  contactPage: defineCollection({
    loader: sanityLoader(contactPageQuery, {requiredIds: [SINGLETON_IDS.contactPage]}),
    schema: contactPageSchema,
  }),
  policies: defineCollection({
    loader: sanityLoader(policiesQuery, {requiredIds: Object.values(POLICY_IDS)}),
    schema: policySchema,
  }),
  policyFigures: defineCollection({
    loader: sanityLoader(policyFiguresQuery, {requiredIds: [SINGLETON_IDS.policyFigures]}),
    schema: policyFiguresSchema,
  }),
  /** Samples of company facts: a build for the public SITE_URL fails while there are any. */
  launchCheck: defineCollection({
    loader: launchCheckLoader(launchCheckQuery),
    schema: z.object({document: z.string(), field: z.string(), value: z.string()}),
  }),
}
