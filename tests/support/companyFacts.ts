import type {CompanyFactsDocument} from '../../model/companyFacts'
import {gstinCheckCharacter} from '../../model/indianIdentifiers'
import {PUBLIC_DOMAIN, publicMailbox} from './publicAddress'

/**
 * What a real company would enter in Company facts: the right shapes, and nothing reserved for
 * examples. The company is made up; its facts are shaped like real ones so that no rule for
 * samples may trip on them.
 */
export function realShapedCompanyFacts() {
  const office = {
    _type: 'postalAddress',
    streetAddress: 'Plot 14, Road No. 2,\nBanjara Hills',
    city: 'Hyderabad',
    state: 'Telangana',
    pinCode: '500034',
  }
  return {
    legalName: 'Fixture Test Stays Private Limited',
    cin: 'U86100TG2024PTC187654',
    gstin: `36AABCA1234B1Z${gstinCheckCharacter('36AABCA1234B1Z')}`,
    registeredOffice: office,
    customerCare: {
      email: publicMailbox('care'),
      phone: '+91 40 2345 6789',
      hours: {fromDay: 'monday', toDay: 'saturday', opens: '09:00', closes: '18:00'},
    },
    grievanceOfficer: {
      name: 'Priya Raghavan',
      designation: 'Grievance Officer',
      email: publicMailbox('grievance.officer'),
      phone: '+91 40 2345 6790',
      postalAddress: {...office, streetAddress: '2nd Floor, Plot 14, Road No. 2,\nBanjara Hills'},
    },
    privacyContact: {sameAsGrievanceOfficer: true},
    appUrl: `https://app.${PUBLIC_DOMAIN}/login`,
    // What the test server does: messages in a database on its own machine, no e-mail.
    processors: [
      {
        _key: 'hosting',
        name: 'Deccan Cloud Services Private Limited',
        purposes: ['hosting', 'messageStore', 'backups', 'logs'],
        country: 'India',
      },
      {_key: 'mailbox', name: 'Nimbus Workspace Inc.', purposes: ['mailbox'], country: 'the United States'},
      {
        _key: 'content',
        name: 'Nimbus Content Systems Inc.',
        purposes: ['content'],
        country: 'the United States',
      },
      {
        _key: 'payments',
        name: 'Rupee Pay Services Private Limited',
        purposes: ['payments'],
        country: 'India',
      },
    ],
    unverifiedChildDataDeletion: {_type: 'period', count: 30, unit: 'day'},
    lastCopyGoneWithin: {_type: 'period', count: 35, unit: 'day'},
    clinicDataExportPeriod: {_type: 'period', count: 90, unit: 'day'},
    clinicBackupsGoneWithin: {_type: 'period', count: 35, unit: 'day'},
    bookingConfirmationWithin: {_type: 'period', count: 2, unit: 'businessDay'},
    dataProtectionBoardUrl: 'https://dpb.gov.in/complaints',
  } satisfies CompanyFactsDocument
}
