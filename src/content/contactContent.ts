import {POLICY_IDS} from '../../model/siteDocuments'
import type {ContactContent} from '../contact/service'
import {BUILD_TIME, builtContent} from './entries'
import {getPolicyHistory} from './policyHistory'

/** What the contact service takes from this build's content (see ContactContent). */
export async function readContactContent(): Promise<ContactContent> {
  const [facts, contact, privacy, figures] = await Promise.all([
    builtContent.companyFacts(),
    builtContent.contactPage(),
    getPolicyHistory(POLICY_IDS.privacy),
    builtContent.policyFigures(),
  ])
  return {
    customerCareEmail: facts.customerCare.email,
    consentWording: contact.form.consentLabel,
    ageConfirmationWording: contact.form.ageConfirmationLabel,
    healthDetailsWording: contact.form.healthDetailsLabel,
    // The version in force; a policy with no recorded version yet is dated by this build.
    privacyPolicyUpdated: privacy.current?.effectiveDate ?? BUILD_TIME.toISOString().slice(0, 10),
    // Every version that has been in force: a visitor may have opened the form under an earlier one.
    privacyPolicyVersions: Object.fromEntries(
      privacy.versions
        .filter((version) => !privacy.upcoming.includes(version))
        .map((version) => [String(version.number), version.effectiveDate]),
    ),
    retentionMonths: figures.contactMessageRetentionMonths,
    acknowledgement: {...contact.acknowledgement, referenceLabel: contact.form.referenceLabel},
    notStored: contact.noScriptNotices.failed,
    sentPage: {
      title: contact.sentPage.title,
      message: contact.form.successMessage,
      referenceLabel: contact.form.referenceLabel,
      backLabel: contact.sentPage.backLabel,
    },
  }
}
