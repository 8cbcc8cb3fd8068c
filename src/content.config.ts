import {defineCollection} from 'astro:content'
import {DOCUMENT_TITLES, POLICY_IDS, SINGLETON_IDS} from '../studio/schemaTypes/documentIds'
import {sanityLoader} from './content/loader'
import {companyFactSamples, reservedLinksIn} from './content/launchCheck'
import {
  aboutPageQuery,
  companyFactsQuery,
  contactPageQuery,
  homePageQuery,
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

/** Outside Company facts, a sample is a link to an e-mail or web address on a name reserved for examples. */
const addressSamples = (document: Record<string, unknown>) =>
  reservedLinksIn(document, DOCUMENT_TITLES[document._id as string] ?? String(document._id))

/** One collection per query; each query runs once per build. */
export const collections = {
  siteSettings: defineCollection({
    loader: sanityLoader(siteSettingsQuery, {
      requiredIds: [SINGLETON_IDS.siteSettings],
      samples: addressSamples,
    }),
    schema: siteSettingsSchema,
  }),
  companyFacts: defineCollection({
    loader: sanityLoader(companyFactsQuery, {
      requiredIds: [SINGLETON_IDS.companyFacts],
      samples: (facts) => companyFactSamples(facts, DOCUMENT_TITLES.companyFacts),
    }),
    schema: companyFactsSchema,
  }),
  homePage: defineCollection({
    loader: sanityLoader(homePageQuery, {requiredIds: [SINGLETON_IDS.homePage], samples: addressSamples}),
    schema: homePageSchema,
  }),
  aboutPage: defineCollection({
    loader: sanityLoader(aboutPageQuery, {requiredIds: [SINGLETON_IDS.aboutPage], samples: addressSamples}),
    schema: aboutPageSchema,
  }),
  contactPage: defineCollection({
    loader: sanityLoader(contactPageQuery, {
      requiredIds: [SINGLETON_IDS.contactPage],
      samples: addressSamples,
    }),
    schema: contactPageSchema,
  }),
  policies: defineCollection({
    loader: sanityLoader(policiesQuery, {requiredIds: Object.values(POLICY_IDS), samples: addressSamples}),
    schema: policySchema,
  }),
  policyFigures: defineCollection({
    loader: sanityLoader(policyFiguresQuery, {
      requiredIds: [SINGLETON_IDS.policyFigures],
      samples: addressSamples,
    }),
    schema: policyFiguresSchema,
  }),
}
