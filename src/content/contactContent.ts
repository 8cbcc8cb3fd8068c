import {readableParagraphs} from '../../model/policyDiff'
import {POLICY_IDS} from '../../model/siteDocuments'
import {DEFAULT_LANGUAGE} from '../../model/translations'
import {shownConsent, type ShownConsent} from '../contact/consent'
import type {ContactData, ContactWords} from '../contact/buildContent'
import {BUILD_TIME} from './buildTime'
import {builtContent, builtContentIn, type SiteContent} from './entries'
import {getPolicyHistory} from './policyHistory'
import {liveQuotes} from './quotes'

/** The words of a Contact page as shown, that the contact service repeats. */
function contactWords(contact: Awaited<ReturnType<SiteContent['contactPage']>>): ContactWords {
  return {
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

/**
 * What the Contact page in `language` shows beside its form, read from `content` as the page
 * reads it: the page sends its digest, and the build's data lists every page's (ShownConsent).
 */
export async function consentShownOn(content: SiteContent, language: string): Promise<ShownConsent> {
  const [contact, privacy, figures, facts, shown] = await Promise.all([
    content.contactPage(),
    getPolicyHistory(POLICY_IDS.privacy, content),
    content.policyFigures(),
    content.companyFacts(),
    content.shownIn('contactPage'),
  ])
  // Figures, periods and the processor list in the words of the page's text, as the page prints them.
  const words = shown.language === language ? (await content.figureWords()).words : undefined
  return shownConsent({
    language,
    privacyVersion: privacy.current?.number ?? null,
    // A policy with no recorded version yet is dated by this build.
    privacyPolicyUpdated: privacy.current?.effectiveDate ?? BUILD_TIME.toISOString().slice(0, 10),
    // Both layers as the page prints them, with today's figures and facts (ContactPage.astro): the
    // short notice beside the boxes, then the full notice one click away.
    notice: [contact.shortNotice, contact.privacyNotice]
      .flatMap((layer) => readableParagraphs(layer, liveQuotes(figures, facts, words)))
      .join('\n\n'),
    labels: contact.form,
  })
}

/** What the contact service takes from this build's content (see ContactContent), but the sent pages. */
export async function readContactContent(): Promise<ContactData> {
  const [facts, contact, figures, settings, offered] = await Promise.all([
    builtContent.companyFacts(),
    builtContent.contactPage(),
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
  const shown = await Promise.all([
    consentShownOn(builtContent, DEFAULT_LANGUAGE),
    ...offered.map(({code}) => consentShownOn(builtContentIn(code), code)),
  ])
  return {
    customerCareEmail: facts.customerCare.email,
    shown,
    retentionMonths: figures.contactMessageRetentionMonths,
    ...contactWords(contact),
    languages: Object.fromEntries(languages),
  }
}
