import {PAGE_DOCUMENT_IDS, SITE_DOCUMENT_TYPES} from '../../model/siteDocuments'
import {contactMessage} from './documents/contactMessage'
import {policy} from './documents/policy'
import {policyVersion} from './documents/policyVersion'
import {factRef} from './objects/factRef'
import {figureRef} from './objects/figureRef'
import {footerGroup} from './objects/footerGroup'
import {footerLink} from './objects/footerLink'
import {grievanceContact} from './objects/grievanceContact'
import {timelineTable} from './objects/timelineTable'
import {homeSection} from './objects/homeSection'
import {navItem} from './objects/navItem'
import {policyBody} from './objects/policyBody'
import {policySection} from './objects/policySection'
import {period} from './objects/period'
import {postalAddress} from './objects/postalAddress'
import {requiredLink} from './objects/requiredLink'
import {richText} from './objects/richText'
import {seo} from './objects/seo'
import {siteLanguage} from './objects/siteLanguage'
import {translationRecord} from './objects/translationRecord'
import {pageDocumentType} from './pageDocument'
import {companyFacts} from './singletons/companyFacts'
import {contactPage} from './singletons/contactPage'
import {homePage} from './singletons/homePage'
import {policyFigures} from './singletons/policyFigures'
import {siteSettings} from './singletons/siteSettings'

export const schemaTypes = [
  siteSettings,
  homePage,
  // The About page, and any page document whose fields the model describes: made from its row.
  ...PAGE_DOCUMENT_IDS.map(pageDocumentType),
  contactPage,
  policyFigures,
  companyFacts,
  policy,
  policyVersion,
  contactMessage,
  seo,
  footerLink,
  requiredLink,
  footerGroup,
  navItem,
  homeSection,
  figureRef,
  factRef,
  period,
  postalAddress,
  grievanceContact,
  timelineTable,
  policyBody,
  policySection,
  richText,
  siteLanguage,
  translationRecord,
]

/** The site's own documents all have fixed ids: no "create new", no duplicate, no delete. */
export const FIXED_ID_TYPES = new Set<string>(SITE_DOCUMENT_TYPES)

/** Written by the website only. */
export const READ_ONLY_TYPES = new Set<string>([contactMessage.name])

/** Recorded by the publish actions; never edited or deleted, so the public record stays whole. */
export const IMMUTABLE_TYPES = new Set<string>([policyVersion.name])
