import {POLICY_IDS} from '../../studio/shared/siteDocuments'
import type {ContactContent} from '../contact/service'
import {getCompanyFacts, getContactPage, getPolicy, getPolicyFigures} from './entries'

/** What the contact service takes from this build's content (see ContactContent). */
export async function readContactContent(): Promise<ContactContent> {
  const [facts, contact, privacy, figures] = await Promise.all([
    getCompanyFacts(),
    getContactPage(),
    getPolicy(POLICY_IDS.privacy),
    getPolicyFigures(),
  ])
  return {
    customerCareEmail: facts.customerCare.email,
    consentWording: contact.form.consentLabel,
    privacyPolicyUpdated: privacy.lastUpdated,
    retentionMonths: figures.contactMessageRetentionMonths,
  }
}
