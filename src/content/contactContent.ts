import {POLICY_IDS} from '../../model/siteDocuments'
import type {ContactContent} from '../contact/service'
import type {ContactWords} from '../server/buildData'
import {BUILD_TIME, builtContent, builtContentIn, type SiteContent} from './entries'
import {getPolicyHistory} from './policyHistory'

/** The words of a Contact page as shown, that the contact service records or repeats. */
function contactWords(contact: Awaited<ReturnType<SiteContent['contactPage']>>): ContactWords {
  return {
    consentWording: contact.form.consentLabel,
    ageConfirmationWording: contact.form.ageConfirmationLabel,
    healthDetailsWording: contact.form.healthDetailsLabel,
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

/** What the contact service takes from this build's content (see ContactContent). */
export async function readContactContent(): Promise<ContactContent> {
  const [facts, contact, privacy, figures, settings, offered] = await Promise.all([
    builtContent.companyFacts(),
    builtContent.contactPage(),
    getPolicyHistory(POLICY_IDS.privacy),
    builtContent.policyFigures(),
    builtContent.siteSettings(),
    builtContent.languages(),
  ])
  const englishNames = new Map(settings.languages.map((entry) => [entry.code, entry.englishName] as const))
  // Each language's words as its page shows them: the translation, or English where that is shown.
  const languages = await Promise.all(
    offered.map(async ({code, name}) => {
      const words = contactWords(await builtContentIn(code).contactPage())
      return [code, {englishName: englishNames.get(code) ?? name, ...words}] as const
    }),
  )
  return {
    customerCareEmail: facts.customerCare.email,
    // The version in force; a policy with no recorded version yet is dated by this build.
    privacyPolicyUpdated: privacy.current?.effectiveDate ?? BUILD_TIME.toISOString().slice(0, 10),
    // Every version that has been in force: a visitor may have opened the form under an earlier one.
    privacyPolicyVersions: Object.fromEntries(
      privacy.versions
        .filter((version) => !privacy.upcoming.includes(version))
        .map((version) => [String(version.number), version.effectiveDate]),
    ),
    retentionMonths: figures.contactMessageRetentionMonths,
    ...contactWords(contact),
    languages: Object.fromEntries(languages),
  }
}
