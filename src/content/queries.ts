import {defineQuery} from 'groq'

/**
 * Every GROQ query the site runs, once each. Both content backends (the Content Lake and the
 * bundled dataset) run these exact strings; `npm run typegen` derives their result types.
 * Each query feeds one content collection and runs once per build.
 *
 * Ids are parameters, given with each query (src/content/siteContent.ts) from the tables in
 * model/siteDocuments.ts: a singleton's query names its id `$<id>Id` (`$siteSettingsId`), so that
 * every part can run in one request; the policies' queries take `$policyIds`.
 *
 * A page document whose fields the model describes (the About page) has no query here: its
 * query is made from its row (`pageDocumentQuery`, model/documentFields.ts).
 */

/**
 * A translatable document's language (a document without one is English: the fixed documents
 * came before translations) and, on a translation, what it translates and its review. Run with a
 * translation's id, the same queries give the translation.
 */
const translatable = `"language": coalesce(language, "en"), translation{translates, review, reviewedBy, reviewedOn}`

export const siteSettingsQuery = defineQuery(`*[_id == $siteSettingsId][0]{
  _id,
  ${translatable},
  "languages": coalesce(languages, [])[]{_key, code, "enabled": coalesce(enabled, false), name, englishName, notTranslatedLine, sampleLine, englishTextLink},
  companyName,
  tagline,
  loginLabel,
  navItems[]{_key, label, sectionId, "mobileOnly": coalesce(mobileOnly, false)},
  bookAppointment{label, subject},
  companyLinksTitle,
  companyLinks[]{_key, label, href},
  footerGroups[]{_key, title, links[]{_key, label, href}},
  comingSoonLabel,
  copyrightYear,
  seo{titleSuffix, description},
  interfaceText{skipToContent, mainNavigation, menu, contents, rightsReserved, homeLink, registeredOffice, cin, gstin, workingHours},
  policyHistory,
  figureWords,
  notFound{title, body}
}`)

export const homePageQuery = defineQuery(`*[_id == $homePageId][0]{
  _id,
  seo{title, description},
  heading,
  line,
  badge,
  sections[]{_key, sectionId, eyebrow, heading, body, items[]{_key, title, text}, cta{label, href}}
}`)

export const contactPageQuery = defineQuery(`*[_id == $contactPageId][0]{
  _id,
  ${translatable},
  seo{title, description},
  title,
  intro,
  reachUsHeading,
  reachUsText,
  fullNoticeLabel,
  grievance{heading, body},
  shortNotice,
  privacyNotice,
  form,
  noScriptNotices{invalid, rateLimited, failed},
  sentPage{title, backLabel},
  acknowledgement{subject, body}
}`)

export const policiesQuery = defineQuery(`*[_type == "policy" && _id in $policyIds] | order(_id asc){
  _id,
  ${translatable},
  title,
  description,
  "intro": coalesce(intro, []),
  sections[]{_key, heading, body},
  "versionSummaries": coalesce(versionSummaries, [])[]{version, summary}
}`)

/** Every recorded version of every policy, oldest first. */
export const policyVersionsQuery =
  defineQuery(`*[_type == "policyVersion" && policy in $policyIds] | order(policy asc, number asc){
  _id,
  policy,
  number,
  effectiveDate,
  summary,
  recordedAt,
  shortNoticeReasons,
  shortNoticeLaw,
  withdrawnAt,
  withdrawnNote,
  "notes": coalesce(notes, [])[]{_key, addedAt, text},
  title,
  description,
  "intro": coalesce(intro, []),
  sections[]{_key, heading, body},
  "figures": coalesce(figures, [])[]{figure, text},
  "facts": coalesce(facts, [])[]{fact, text}
}`)

export const policyFiguresQuery = defineQuery(`*[_id == $policyFiguresId][0]{
  _id,
  cancellationFeePercent,
  refundRequestWindowDays,
  refundProcessingWeeks,
  refundUsualBusinessDays,
  serviceChangeWindowHours,
  minorAge,
  contractAge,
  grievanceAcknowledgementHours,
  grievanceResolutionMonths,
  contactMessageRetentionMonths,
  refundVerificationBusinessDays,
  breachReportHours,
  policyChangeNoticeDays,
  governingLaw,
  jurisdictionCity
}`)

const postalAddressFields = `{streetAddress, city, state, pinCode}`

export const companyFactsQuery = defineQuery(`*[_id == $companyFactsId][0]{
  _id,
  legalName,
  cin,
  gstin,
  registeredOffice${postalAddressFields},
  customerCare{email, phone, hours},
  grievanceOfficer{name, designation, email, phone, postalAddress${postalAddressFields}},
  privacyContact{"sameAsGrievanceOfficer": coalesce(sameAsGrievanceOfficer, true), name, designation, email, phone},
  appUrl,
  processors[]{name, purposes, country},
  unverifiedChildDataDeletion,
  lastCopyGoneWithin,
  clinicDataExportPeriod,
  clinicBackupsGoneWithin,
  bookingConfirmationWithin,
  dataProtectionBoardUrl
}`)

/**
 * The documents with these ids, whole, and every policy version: the launch check passes every
 * site document's id, and a version may quote a sample fact.
 */
export const launchCheckQuery = defineQuery(`*[_id in $ids || _type == "policyVersion"]`)
