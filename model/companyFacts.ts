/**
 * The facts only the company can supply (its legal name, registrations, offices and the people
 * visitors may write to), entered once in Studio's "Company facts" and shown wherever the site
 * needs them: footer, Contact page, header, and inside policy text through a company-fact
 * reference. The Studio and the site read the same catalogue, so a fact is titled, formatted and
 * judged a sample the same way in both.
 */
import {
  isSampleCin,
  isSampleEmail,
  isSampleGstin,
  isSamplePhone,
  isSampleText,
  isSampleUrl,
} from './samples.ts'

export interface PostalAddress {
  streetAddress?: string | null
  city?: string | null
  state?: string | null
  pinCode?: string | null
}

interface Person {
  name?: string | null
  designation?: string | null
  email?: string | null
  phone?: string | null
}

export interface CompanyFactsDocument {
  legalName?: string | null
  cin?: string | null
  gstin?: string | null
  registeredOffice?: PostalAddress | null
  customerCare?: {email?: string | null; phone?: string | null; hours?: string | null} | null
  grievanceOfficer?: (Person & {postalAddress?: PostalAddress | null}) | null
  privacyContact?: (Person & {sameAsGrievanceOfficer?: boolean | null}) | null
  appUrl?: string | null
}

/** How a fact is shown and how a sample of it is recognised. */
export type FactKind = 'text' | 'address' | 'email' | 'phone' | 'url' | 'cin' | 'gstin'

export interface FactDefinition {
  /** As staff see it in Studio, with its group: "Grievance Officer → E-mail". */
  title: string
  kind: FactKind
  read: (facts: CompanyFactsDocument) => string | undefined
}

/** One line, as it is printed: "Street, City, State 500001, India". */
export function formatAddress(address: PostalAddress | null | undefined): string | undefined {
  if (!address) return undefined
  const street = (address.streetAddress ?? '')
    .split('\n')
    .map((line) => line.trim().replace(/,$/, ''))
    .filter(Boolean)
  const place = [address.state, address.pinCode].filter(Boolean).join(' ')
  const parts = [...street, address.city, place].filter(Boolean)
  return parts.length ? `${parts.join(', ')}, India` : undefined
}

const text = (value: string | null | undefined) => (value ? value : undefined)

/** The person who answers questions about personal data: the Grievance Officer unless another is named. */
const privacyContact = (facts: CompanyFactsDocument): Person =>
  facts.privacyContact?.sameAsGrievanceOfficer === false
    ? facts.privacyContact
    : (facts.grievanceOfficer ?? {})

export const COMPANY_FACTS = {
  legalName: {title: 'Legal name', kind: 'text', read: (f) => text(f.legalName)},
  cin: {title: 'CIN', kind: 'cin', read: (f) => text(f.cin)},
  gstin: {title: 'GSTIN', kind: 'gstin', read: (f) => text(f.gstin)},
  registeredOffice: {
    title: 'Registered office',
    kind: 'address',
    read: (f) => formatAddress(f.registeredOffice),
  },
  customerCareEmail: {
    title: 'Customer care → E-mail',
    kind: 'email',
    read: (f) => text(f.customerCare?.email),
  },
  customerCarePhone: {
    title: 'Customer care → Phone',
    kind: 'phone',
    read: (f) => text(f.customerCare?.phone),
  },
  customerCareHours: {
    title: 'Customer care → Working hours',
    kind: 'text',
    read: (f) => text(f.customerCare?.hours),
  },
  grievanceOfficerName: {
    title: 'Grievance Officer → Name',
    kind: 'text',
    read: (f) => text(f.grievanceOfficer?.name),
  },
  grievanceOfficerDesignation: {
    title: 'Grievance Officer → Designation',
    kind: 'text',
    read: (f) => text(f.grievanceOfficer?.designation),
  },
  grievanceOfficerEmail: {
    title: 'Grievance Officer → E-mail',
    kind: 'email',
    read: (f) => text(f.grievanceOfficer?.email),
  },
  grievanceOfficerPhone: {
    title: 'Grievance Officer → Phone',
    kind: 'phone',
    read: (f) => text(f.grievanceOfficer?.phone),
  },
  grievanceOfficerAddress: {
    title: 'Grievance Officer → Postal address',
    kind: 'address',
    read: (f) => formatAddress(f.grievanceOfficer?.postalAddress),
  },
  privacyContactName: {
    title: 'Questions about personal data → Name',
    kind: 'text',
    read: (f) => text(privacyContact(f).name),
  },
  privacyContactDesignation: {
    title: 'Questions about personal data → Designation',
    kind: 'text',
    read: (f) => text(privacyContact(f).designation),
  },
  privacyContactEmail: {
    title: 'Questions about personal data → E-mail',
    kind: 'email',
    read: (f) => text(privacyContact(f).email),
  },
  privacyContactPhone: {
    title: 'Questions about personal data → Phone',
    kind: 'phone',
    read: (f) => text(privacyContact(f).phone),
  },
  appUrl: {title: 'App address (Login link)', kind: 'url', read: (f) => text(f.appUrl)},
} satisfies Record<string, FactDefinition>

export type CompanyFactKey = keyof typeof COMPANY_FACTS

export const COMPANY_FACT_KEYS = Object.keys(COMPANY_FACTS) as CompanyFactKey[]

/** A fact as visitors read it; an empty string when staff have not entered it. */
export const factText = (facts: CompanyFactsDocument, key: CompanyFactKey): string =>
  COMPANY_FACTS[key].read(facts) ?? ''

const SAMPLE_TESTS: Record<FactKind, (value: string) => boolean> = {
  text: isSampleText,
  address: isSampleText,
  email: isSampleEmail,
  phone: isSamplePhone,
  url: isSampleUrl,
  cin: isSampleCin,
  gstin: isSampleGstin,
}

/** Whether a fact's value (a postal address as its object or its printed line) is a sample. */
export function isSampleFact(kind: FactKind, value: unknown): boolean {
  const printed =
    kind === 'address' && typeof value === 'object' ? formatAddress(value as PostalAddress) : value
  return typeof printed === 'string' && printed !== '' && SAMPLE_TESTS[kind](printed)
}

export interface SampleFact {
  key: CompanyFactKey
  title: string
  value: string
}

/**
 * Every fact that is still a sample. A fact shown twice (the Grievance Officer answering questions
 * about personal data too) is listed once, under the field staff edit.
 */
export function sampleFacts(facts: CompanyFactsDocument): SampleFact[] {
  const samePerson = facts.privacyContact?.sameAsGrievanceOfficer !== false
  return COMPANY_FACT_KEYS.filter((key) => !(samePerson && key.startsWith('privacyContact')))
    .map((key) => ({key, title: COMPANY_FACTS[key].title, value: factText(facts, key)}))
    .filter(({key, value}) => isSampleFact(COMPANY_FACTS[key].kind, value))
}

export const SAMPLE_WARNING =
  'This is a sample from the bundled dataset, not a fact about the company. Replace it before the site goes live: a build for the public address refuses samples.'
