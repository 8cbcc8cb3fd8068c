import type {z} from 'astro/zod'
import {DOCUMENT_TYPE_TITLES, POLICY_ID_LIST, SINGLETONS, type SingletonId} from '../../model/siteDocuments'
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
  /** The ids the query names, as GROQ parameters. */
  params: Record<string, unknown>
  schema: S
  /** Documents the query must find; a build without one fails rather than show an empty page. */
  requiredIds: readonly string[]
  /** How staff know it, in a message about a draft that cannot be shown. */
  title: string
}

/** A singleton's part: its query names the id `$<id>Id` (src/content/queries.ts). */
const singleton = <S extends z.ZodType>(id: SingletonId, query: string, schema: S): ContentPart<S> => ({
  query,
  params: {[`${id}Id`]: id},
  schema,
  requiredIds: [id],
  title: SINGLETONS[id].title,
})

/**
 * Everything the pages read, part by part. The build makes a content collection of each
 * (src/content.config.ts); a preview page reads them all from staff's drafts in one request
 * (src/content/entries.ts). Both parse with the same schemas.
 */
export const SITE_CONTENT = {
  siteSettings: singleton('siteSettings', siteSettingsQuery, siteSettingsSchema),
  companyFacts: singleton('companyFacts', companyFactsQuery, companyFactsSchema),
  homePage: singleton('homePage', homePageQuery, homePageSchema),
  aboutPage: singleton('aboutPage', aboutPageQuery, aboutPageSchema),
  contactPage: singleton('contactPage', contactPageQuery, contactPageSchema),
  policies: {
    query: policiesQuery,
    params: {policyIds: POLICY_ID_LIST},
    schema: policySchema,
    requiredIds: POLICY_ID_LIST,
    title: DOCUMENT_TYPE_TITLES.policy,
  },
  /** Every recorded version of the policies; a policy may have none yet. */
  policyVersions: {
    query: policyVersionsQuery,
    params: {policyIds: POLICY_ID_LIST},
    schema: policyVersionSchema,
    requiredIds: [],
    title: DOCUMENT_TYPE_TITLES.policyVersion,
  },
  policyFigures: singleton('policyFigures', policyFiguresQuery, policyFiguresSchema),
} satisfies Record<SingletonId | 'policies' | 'policyVersions', ContentPart>

export type ContentPartName = keyof typeof SITE_CONTENT

/** Every part in one GROQ query: `{"siteSettings": <its query>, …}`, one request for a whole preview page. */
export const ALL_SITE_CONTENT_QUERY = `{${Object.entries(SITE_CONTENT)
  .map(([name, {query}]) => `"${name}": ${query}`)
  .join(',\n')}}`

/** The parameters of every part, for that one request; parts that share a name share its value. */
export const ALL_SITE_CONTENT_PARAMS = Object.assign(
  {},
  ...Object.values(SITE_CONTENT).map(({params}) => params),
) as Record<string, unknown>
