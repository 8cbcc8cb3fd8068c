import {CaseIcon} from '@sanity/icons/Case'
import {defineField, defineType} from 'sanity'
import {
  COMPANY_FACTS,
  factText,
  type CompanyFactKey,
  type CompanyFactsDocument,
} from '../../../model/companyFacts'
import {entryChoice, quotedDocument} from '../fields'

/**
 * A company fact inside text (the legal name, the Grievance Officer's e-mail). It shows the
 * current value from "Company facts", so staff change a fact once and every page follows. The
 * reference keeps that document from being deleted while text quotes it.
 */
export const factRef = defineType({
  name: 'factRef',
  title: 'Company fact',
  type: 'object',
  icon: CaseIcon,
  fields: [
    defineField({
      name: 'fact',
      title: 'Fact',
      type: 'string',
      description: 'Which fact to show. Its value is edited once, in "Company facts".',
      options: entryChoice(COMPANY_FACTS),
      validation: (rule) => rule.required(),
    }),
    quotedDocument('facts', 'companyFacts'),
  ],
  preview: {
    select: {
      fact: 'fact',
      legalName: 'facts.legalName',
      cin: 'facts.cin',
      gstin: 'facts.gstin',
      registeredOffice: 'facts.registeredOffice',
      customerCare: 'facts.customerCare',
      grievanceOfficer: 'facts.grievanceOfficer',
      privacyContact: 'facts.privacyContact',
      appUrl: 'facts.appUrl',
      processors: 'facts.processors',
      unverifiedChildDataDeletion: 'facts.unverifiedChildDataDeletion',
      lastCopyGoneWithin: 'facts.lastCopyGoneWithin',
      clinicDataExportPeriod: 'facts.clinicDataExportPeriod',
      clinicBackupsGoneWithin: 'facts.clinicBackupsGoneWithin',
      bookingConfirmationWithin: 'facts.bookingConfirmationWithin',
      dataProtectionBoardUrl: 'facts.dataProtectionBoardUrl',
    },
    prepare: ({fact, ...facts}: {fact?: string} & CompanyFactsDocument) => {
      if (!fact || !(fact in COMPANY_FACTS)) return {title: 'Choose a company fact'}
      const key = fact as CompanyFactKey
      return {title: factText(facts, key) || '(not entered yet)', subtitle: COMPANY_FACTS[key].title}
    },
  },
})
