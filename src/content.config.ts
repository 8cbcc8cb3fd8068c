import {defineCollection} from 'astro:content'
import {POLICY_IDS, SINGLETON_IDS} from '../studio/schemaTypes/documentIds'
import {sanityLoader} from './content/loader'
import {
  aboutPageQuery,
  contactPageQuery,
  homePageQuery,
  policiesQuery,
  policyFiguresQuery,
  siteSettingsQuery,
} from './content/queries'
import {
  aboutPageSchema,
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
}
