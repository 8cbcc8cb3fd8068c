import {getEntry} from 'astro:content'
import {POLICY_IDS, SINGLETON_IDS, type PolicyId} from '../../studio/schemaTypes/documentIds'

/** The loaders guarantee these documents exist; a miss here is a programming error. */
async function required<T>(entry: Promise<{data: T} | undefined>, what: string): Promise<T> {
  const found = await entry
  if (!found) throw new Error(`The build has no "${what}" document.`)
  return found.data
}

export const getSiteSettings = () => required(getEntry('siteSettings', SINGLETON_IDS.siteSettings), 'siteSettings')
export const getHomePage = () => required(getEntry('homePage', SINGLETON_IDS.homePage), 'homePage')
export const getAboutPage = () => required(getEntry('aboutPage', SINGLETON_IDS.aboutPage), 'aboutPage')
export const getContactPage = () => required(getEntry('contactPage', SINGLETON_IDS.contactPage), 'contactPage')
export const getPolicyFigures = () =>
  required(getEntry('policyFigures', SINGLETON_IDS.policyFigures), 'policyFigures')
export const getPolicy = (id: PolicyId) => required(getEntry('policies', id), id)

export {POLICY_IDS}
