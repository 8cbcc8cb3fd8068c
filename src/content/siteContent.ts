import type {z} from 'astro/zod'
import {POLICY_IDS, SINGLETON_IDS} from '../../model/siteDocuments'
import {
  aboutPageQuery,
  companyFactsQuery,
  contactPageQuery,
  homePageQuery,
  policiesQuery,
  policyFiguresQuery,
  policyVersionsQuery,
  siteSettingsQuery,
} from './queries'
import {
  aboutPageSchema,
  companyFactsSchema,
  contactPageSchema,
  homePageSchema,
  policyFiguresSchema,
  policySchema,
  policyVersionSchema,
  siteSettingsSchema,
} from './schemas'

/** One part of the site's content: the query that reads it and the schema its documents meet. */
export interface ContentPart<S extends z.ZodType = z.ZodType> {
  query: string
  schema: S
  /** Documents the query must find; a build without one fails rather than show an empty page. */
  requiredIds: readonly string[]
  /** How staff know it, in a message about a draft that cannot be shown. */
  title: string
}

const part = <S extends z.ZodType>(definition: ContentPart<S>) => definition

/**
 * Everything the pages read, part by part. The build makes a content collection of each
 * (src/content.config.ts); a preview page reads them all from staff's drafts in one request
 * (src/content/entries.ts). Both parse with the same schemas.
 */
export const SITE_CONTENT = {
  siteSettings: part({
    query: siteSettingsQuery,
    schema: siteSettingsSchema,
    requiredIds: [SINGLETON_IDS.siteSettings],
    title: 'Site settings',
  }),
  companyFacts: part({
    query: companyFactsQuery,
    schema: companyFactsSchema,
    requiredIds: [SINGLETON_IDS.companyFacts],
    title: 'Company facts',
  }),
  homePage: part({
    query: homePageQuery,
    schema: homePageSchema,
    requiredIds: [SINGLETON_IDS.homePage],
    title: 'Home page',
  }),
  aboutPage: part({
    query: aboutPageQuery,
    schema: aboutPageSchema,
    requiredIds: [SINGLETON_IDS.aboutPage],
    title: 'About page',
  }),
  contactPage: part({
    query: contactPageQuery,
    schema: contactPageSchema,
    requiredIds: [SINGLETON_IDS.contactPage],
    title: 'Contact page',
  }),
  policies: part({
    query: policiesQuery,
    schema: policySchema,
    requiredIds: Object.values(POLICY_IDS),
    title: 'Policy',
  }),
  /** Every recorded version of the three policies; a policy may have none yet. */
  policyVersions: part({
    query: policyVersionsQuery,
    schema: policyVersionSchema,
    requiredIds: [],
    title: 'Policy version',
  }),
  policyFigures: part({
    query: policyFiguresQuery,
    schema: policyFiguresSchema,
    requiredIds: [SINGLETON_IDS.policyFigures],
    title: 'Policy figures',
  }),
}

export type ContentPartName = keyof typeof SITE_CONTENT

/** Every part in one GROQ query: `{"siteSettings": <its query>, …}`, one request for a whole preview page. */
export const ALL_SITE_CONTENT_QUERY = `{${Object.entries(SITE_CONTENT)
  .map(([name, {query}]) => `"${name}": ${query}`)
  .join(',\n')}}`
