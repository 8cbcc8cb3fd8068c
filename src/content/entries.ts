import {getEntry} from 'astro:content'
import {SINGLETON_IDS, type PolicyId} from '../../studio/shared/siteDocuments'

/** The loaders guarantee these documents exist; a miss here is a programming error. */
function found<T>(entry: T | undefined, id: string): T {
  if (!entry) throw new Error(`The build has no "${id}" document.`)
  return entry
}

export const getSiteSettings = async () =>
  found(await getEntry('siteSettings', SINGLETON_IDS.siteSettings), SINGLETON_IDS.siteSettings).data
export const getHomePage = async () =>
  found(await getEntry('homePage', SINGLETON_IDS.homePage), SINGLETON_IDS.homePage).data
export const getAboutPage = async () =>
  found(await getEntry('aboutPage', SINGLETON_IDS.aboutPage), SINGLETON_IDS.aboutPage).data
export const getContactPage = async () =>
  found(await getEntry('contactPage', SINGLETON_IDS.contactPage), SINGLETON_IDS.contactPage).data
export const getPolicyFigures = async () =>
  found(await getEntry('policyFigures', SINGLETON_IDS.policyFigures), SINGLETON_IDS.policyFigures).data
export const getPolicy = async (id: PolicyId) => found(await getEntry('policies', id), id).data
export const getCompanyFacts = async () =>
  found(await getEntry('companyFacts', SINGLETON_IDS.companyFacts), SINGLETON_IDS.companyFacts).data
