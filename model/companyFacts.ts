/**
 * The facts only the company can supply (its legal name, registrations, offices and the people
 * visitors may write to), entered once in Studio's "Company facts" and shown wherever the site
 * needs them: footer, Contact page, header, and inside policy text through a company-fact
 * reference. The Studio and the site read the same catalogue, so a fact is titled, formatted and
 * judged a sample the same way in both.
 */
import {
  isReservedDomain,
  isSampleCin,
  isSampleEmail,
  isSampleGstin,
  isSamplePhone,
  isSampleText,
  isSampleUrl,
  SAMPLE_MARK,
} from './samples.ts'
import {formatPeriod, periodWordsNeeded, type PeriodValue} from './periods.ts'
import {
  ENGLISH_FIGURE_WORDS,
  type FigureWordKey,
  type FigureWords,
  type ProcessorWordKey,
} from './policyFigures.ts'
import {fillTemplate} from './templates.ts'
import {formatWorkingHours, type WorkingHours} from './workingHours.ts'

/**
 * What a provider does with personal data for us (a Data Processor's purpose). The contact
 * notice and the Privacy Policy say who does each, and where, from the rows staff enter; the
 * launch check holds the rows against what the server is configured to do. What each does is
 * printed in the page's language: its words are a phrase of the figure words (model/policyFigures.ts).
 */
export const PROCESSOR_PURPOSES = {
  messageStore: {title: 'Message store (keeps contact-form messages)', word: 'processorMessageStore'},
  backups: {title: 'Backups of the message store', word: 'processorBackups'},
  email: {
    title: 'Website e-mail (sends the copy of each message and the acknowledgement)',
    word: 'processorEmail',
  },
  mailbox: {title: 'Mailboxes (customer care, Grievance Officer)', word: 'processorMailbox'},
  content: {title: 'Content (the website’s content management)', word: 'processorContent'},
  hosting: {title: 'Hosting (the website and its server)', word: 'processorHosting'},
  logs: {title: 'Request logs', word: 'processorLogs'},
  payments: {
    title: 'Payments (our app and services: takes payments and sends refunds)',
    word: 'processorPayments',
  },
} as const satisfies Record<string, {title: string; word: ProcessorWordKey}>
export type ProcessorPurpose = keyof typeof PROCESSOR_PURPOSES
export const PROCESSOR_PURPOSE_KEYS = Object.keys(PROCESSOR_PURPOSES) as ProcessorPurpose[]

/** One provider that processes personal data for us: who, for what, and in which country. */
export interface Processor {
  _key?: string
  name?: string | null
  purposes?: readonly string[] | null
  country?: string | null
}

/** The country the notice says is not a transfer abroad. */
export const HOME_COUNTRY = 'India'
export const isHomeCountry = (country: string) => country.trim().toLowerCase() === HOME_COUNTRY.toLowerCase()
const isAbroad = (country: string) => !isHomeCountry(country)

/** What a provider may do with a contact message: where a message is kept and sent. */
export const MESSAGE_PURPOSES: readonly ProcessorPurpose[] = ['messageStore', 'backups', 'email', 'mailbox']

/** What this website's own processors do: payments belong to the app and our services, listed apart. */
export const WEBSITE_PURPOSES = PROCESSOR_PURPOSE_KEYS.filter((purpose) => purpose !== 'payments')

/**
 * A row the bundled dataset ships: a name carrying the "(sample)" mark or a name on a domain
 * reserved for examples ("mail.example"), never a real provider's.
 */
/** Text carrying the sample mark, or a name on a domain reserved for examples. */
const namesSample = (text: string) =>
  isSampleText(text) || text.split(/[\s,;()]+/).some((word) => word.includes('.') && isReservedDomain(word))

export const isSampleProcessor = (row: Processor): boolean => namesSample(row.name ?? '')

const processorsFor = (facts: CompanyFactsDocument, purposes: readonly ProcessorPurpose[]) =>
  (facts.processors ?? []).filter(
    (row) => row.name && row.country && row.purposes?.some((p) => purposes.includes(p as ProcessorPurpose)),
  )

/**
 * "A, in India, which …; and B, in the United States, outside India, which …": one clause per row,
 * in one language's words (English unless given). Names print as staff typed them; India is the
 * phrase's own word, and a country outside India is named in the language when it can be (`countryIn`).
 */
function listProcessors(
  facts: CompanyFactsDocument,
  purposes: readonly ProcessorPurpose[],
  words: FigureWords = ENGLISH_FIGURE_WORDS,
) {
  const and = words.processorAnd
  const clauses = processorsFor(facts, purposes).map((row) => {
    const country = row.country!.trim()
    const where = isAbroad(country)
      ? fillTemplate(words.processorAbroad, {country: countryIn(country, words.language)})
      : words.processorIn
    const name = row.name!.trim()
    // A list for one purpose ("who keeps the request logs") says who and where; the sentence says what.
    if (purposes.length === 1) return `${name}, ${where}`
    const does = purposes
      .filter((purpose) => row.purposes!.includes(purpose))
      .map((purpose) => words[PROCESSOR_PURPOSES[purpose].word])
    return fillTemplate(words.processorClause, {name, where, does: joinAnd(does, ` ${and} `)})
  })
  return clauses.length ? joinAnd(clauses, `; ${and} `, '; ') : undefined
}

function joinAnd(items: string[], last: string, between = ', '): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(between)}${last}${items.at(-1)}`
}

/**
 * A country as staff typed it in a processor row, named in `language` when the text is a country's
 * English name ("the United States" → "संयुक्त राज्य", by the runtime's Unicode data); any other
 * text, and every country in English, prints as typed. Only an exact name maps, so a typo or a
 * region the data does not know is never replaced by a guess.
 */
export function countryIn(country: string, language: string | undefined): string {
  if (!language || language === 'en') return country
  const code = regionCodes().get(englishCountryKey(country))
  const named = code && new Intl.DisplayNames([language], {type: 'region', fallback: 'none'}).of(code)
  return named || country
}

/** Whether a processor row's country is India or a country's English name, which every language can name. */
export const isNamedCountry = (country: string): boolean =>
  isHomeCountry(country) || regionCodes().has(englishCountryKey(country))

const englishCountryKey = (country: string) =>
  country
    .trim()
    .replace(/^the\s+/i, '')
    .toLowerCase()

let regionCodeTable: Map<string, string> | undefined
/** Every two-letter region code by its English name, lower case: "united states" → "US". */
function regionCodes(): Map<string, string> {
  if (regionCodeTable) return regionCodeTable
  const english = new Intl.DisplayNames(['en'], {type: 'region', fallback: 'none'})
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']
  const codes = letters.flatMap((first) => letters.map((second) => first + second))
  regionCodeTable = new Map(
    codes.flatMap((code) => {
      const name = english.of(code)
      return name && name !== 'Unknown Region' ? [[englishCountryKey(name), code] as const] : []
    }),
  )
  return regionCodeTable
}

/**
 * The copies a deleted contact message leaves for a while, as the rows say they exist: backups when
 * a row keeps the message store's backups, the document history when the message store is the
 * content provider's (a content management system keeps every earlier revision of a document:
 * the launch check requires that row when the server keeps messages in Sanity), and deleted items
 * when a row hosts the mailboxes. "backup copies and deleted items", in one language's words.
 */
const MESSAGE_COPIES = [
  {word: 'copyBackups', kept: (doing: Doing) => doing('backups')},
  {word: 'copyHistory', kept: (doing: Doing) => doing('messageStore', 'content')},
  {word: 'copyDeletedItems', kept: (doing: Doing) => doing('mailbox')},
] as const satisfies readonly {word: ProcessorWordKey; kept: (doing: Doing) => boolean}[]

/** Whether one named row does all of these. */
type Doing = (...purposes: ProcessorPurpose[]) => boolean
const doingIn =
  (facts: CompanyFactsDocument): Doing =>
  (...purposes) =>
    (facts.processors ?? []).some(
      (row) => row.name?.trim() && purposes.every((purpose) => row.purposes?.includes(purpose)),
    )

const messageCopyWords = (facts: CompanyFactsDocument) => {
  const doing = doingIn(facts)
  return MESSAGE_COPIES.filter(({kept}) => kept(doing)).map(({word}) => word)
}

function listMessageCopies(facts: CompanyFactsDocument, words: FigureWords = ENGLISH_FIGURE_WORDS) {
  const copies = messageCopyWords(facts).map((word) => words[word])
  return copies.length ? joinAnd(copies, ` ${words.processorAnd} `) : undefined
}

/**
 * "India and the United States": the countries where the rows for these purposes keep or send
 * data, each once, India first, named in the page's language; the short notice at the contact form
 * says where a message is kept from the same rows as the full notice.
 */
function listCountries(
  facts: CompanyFactsDocument,
  purposes: readonly ProcessorPurpose[],
  words: FigureWords = ENGLISH_FIGURE_WORDS,
) {
  const countries = [...new Set(processorsFor(facts, purposes).map((row) => row.country!.trim()))].sort(
    (a, b) => Number(isAbroad(a)) - Number(isAbroad(b)),
  )
  const named = countries.map((country) => countryIn(country, words.language))
  return named.length ? joinAnd(named, ` ${words.processorAnd} `) : undefined
}

/** The words a list of processors needs in a language: where, the joining word, and what each does. */
function processorWordsNeeded(
  facts: CompanyFactsDocument,
  purposes: readonly ProcessorPurpose[],
): FigureWordKey[] {
  const rows = processorsFor(facts, purposes)
  if (rows.length === 0) return []
  const listed = purposes.filter((purpose) => rows.some((row) => row.purposes!.includes(purpose)))
  return [
    'processorIn',
    'processorAbroad',
    'processorAnd',
    ...(purposes.length > 1
      ? (['processorClause', ...listed.map((purpose) => PROCESSOR_PURPOSES[purpose].word)] as const)
      : []),
  ]
}

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
  customerCare?: {email?: string | null; phone?: string | null; hours?: WorkingHours | null} | null
  grievanceOfficer?: (Person & {postalAddress?: PostalAddress | null}) | null
  privacyContact?: (Person & {sameAsGrievanceOfficer?: boolean | null}) | null
  appUrl?: string | null
  processors?: readonly Processor[] | null
  /** How soon data about a child that no parent or guardian has confirmed is deleted: "within 30 days". */
  unverifiedChildDataDeletion?: PeriodValue
  /** How soon after a message is deleted its last copy (`deletedMessageCopies`) is gone. */
  lastCopyGoneWithin?: PeriodValue
  /** How long after a clinic subscription ends the clinic can still export its data: "90 days". */
  clinicDataExportPeriod?: PeriodValue
  /** How soon after clinic data is deleted its backup copies are gone: "35 days". */
  clinicBackupsGoneWithin?: PeriodValue
  /** How soon after payment we confirm a booking, or treat it as cancelled by us: "2 business days". */
  bookingConfirmationWithin?: PeriodValue
  /** The Data Protection Board of India's complaint address, as the company's lawyer confirms it. */
  dataProtectionBoardUrl?: string | null
}

/** How a fact is shown and how a sample of it is recognised. */
export type FactKind =
  'text' | 'address' | 'email' | 'phone' | 'url' | 'cin' | 'gstin' | 'processors' | 'period' | 'hours'

export interface FactDefinition {
  /** As staff see it in Studio, with its group: "Grievance Officer → E-mail". */
  title: string
  kind: FactKind
  /** As printed, in one language's words for a period (English unless given); other facts print as entered. */
  read: (facts: CompanyFactsDocument, words?: FigureWords) => string | undefined
  /** A period fact's value as stored (model/periods.ts). */
  period?: (facts: CompanyFactsDocument) => PeriodValue
  /** A list of processors: the purposes it lists. */
  purposes?: readonly ProcessorPurpose[]
  /** The words of a language that printing it needs, beyond a period's and a list of processors'. */
  wordsNeeded?: (facts: CompanyFactsDocument) => FigureWordKey[]
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

/** The company's period facts: the stored number and unit, printed in the page's words. */
type PeriodFactKey = {
  [K in keyof CompanyFactsDocument]-?: NonNullable<CompanyFactsDocument[K]> extends NonNullable<PeriodValue>
    ? K
    : never
}[keyof CompanyFactsDocument]

const periodFact = (title: string, key: PeriodFactKey): FactDefinition => ({
  title,
  kind: 'period',
  read: (facts, words) => text(formatPeriod(facts[key], words)),
  period: (facts) => facts[key],
})

/** A list of the processors for these purposes, in the page's words. */
const processorFact = (title: string, purposes: readonly ProcessorPurpose[]): FactDefinition => ({
  title,
  kind: 'processors',
  purposes,
  read: (facts, words) => listProcessors(facts, purposes, words),
})

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
    kind: 'hours',
    read: (f, words = ENGLISH_FIGURE_WORDS) =>
      formatWorkingHours(f.customerCare?.hours, {
        phrase: words.workingHours,
        language: words.language ?? 'en',
        sampleMark: words.sampleMark,
      }),
    wordsNeeded: (f) => ['workingHours', ...(f.customerCare?.hours?.sample ? (['sampleMark'] as const) : [])],
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
  messageProcessors: processorFact(
    'Data processors → who keeps and sends contact messages',
    MESSAGE_PURPOSES,
  ),
  messageCountries: {
    title: 'Data processors → the countries where contact messages are kept and sent',
    kind: 'processors',
    read: (facts, words) => listCountries(facts, MESSAGE_PURPOSES, words),
    wordsNeeded: (facts) => (processorsFor(facts, MESSAGE_PURPOSES).length > 1 ? ['processorAnd'] : []),
  },
  dataProcessors: processorFact('Data processors → all, with what each does', WEBSITE_PURPOSES),
  emailProcessors: processorFact('Data processors → who sends the website’s e-mail', ['email']),
  paymentProcessors: processorFact('Data processors → who takes payments and sends refunds', ['payments']),
  requestLogProcessors: processorFact('Data processors → who keeps the request logs', ['logs']),
  deletedMessageCopies: {
    title: 'Data processors → the copies a deleted message leaves (backups, document history, deleted items)',
    kind: 'processors',
    read: (facts, words) => listMessageCopies(facts, words),
    wordsNeeded: (facts) => {
      const copies = messageCopyWords(facts)
      return copies.length > 1 ? ['processorAnd', ...copies] : copies
    },
  },
  unverifiedChildDataDeletion: periodFact(
    'Unconfirmed data about a child deleted within',
    'unverifiedChildDataDeletion',
  ),
  lastCopyGoneWithin: periodFact('Last copy of a deleted message gone within', 'lastCopyGoneWithin'),
  clinicDataExportPeriod: periodFact(
    'Clinic data can be exported after a subscription ends for',
    'clinicDataExportPeriod',
  ),
  clinicBackupsGoneWithin: periodFact(
    'Backups of deleted clinic data gone within',
    'clinicBackupsGoneWithin',
  ),
  bookingConfirmationWithin: periodFact(
    'A paid booking is confirmed (or treated as cancelled by us) within',
    'bookingConfirmationWithin',
  ),
  dataProtectionBoardUrl: {
    title: 'Data Protection Board of India → complaint address',
    kind: 'url',
    read: (f) => text(f.dataProtectionBoardUrl),
  },
} satisfies Record<string, FactDefinition>

export type CompanyFactKey = keyof typeof COMPANY_FACTS

export const COMPANY_FACT_KEYS = Object.keys(COMPANY_FACTS) as CompanyFactKey[]

/**
 * A fact as visitors read it, a period in the page's words (English unless given); an empty string
 * when staff have not entered it.
 */
export const factText = (
  facts: CompanyFactsDocument,
  key: CompanyFactKey,
  words: FigureWords = ENGLISH_FIGURE_WORDS,
): string => (COMPANY_FACTS[key] as FactDefinition).read(facts, words) ?? ''

/** The facts printed as periods. */
export const PERIOD_FACT_KEYS = COMPANY_FACT_KEYS.filter((key) => COMPANY_FACTS[key].kind === 'period')

/** The words of a language that printing these facts needs: the units of their periods, the sample mark, and the processor list's phrases. */
export const factWordsNeeded = (
  facts: CompanyFactsDocument,
  keys: readonly CompanyFactKey[],
): FigureWordKey[] => [
  ...periodWordsNeeded(keys.map((key) => (COMPANY_FACTS[key] as FactDefinition).period?.(facts))),
  ...keys.flatMap((key) => {
    const {purposes, wordsNeeded} = COMPANY_FACTS[key] as FactDefinition
    return [...(purposes ? processorWordsNeeded(facts, purposes) : []), ...(wordsNeeded?.(facts) ?? [])]
  }),
]

const SAMPLE_TESTS: Record<FactKind, (value: string) => boolean> = {
  text: isSampleText,
  // Judged as printed in English: a typed period's sample flag prints the "(sample)" mark.
  period: isSampleText,
  hours: isSampleText,
  address: isSampleText,
  email: isSampleEmail,
  phone: isSamplePhone,
  url: isSampleUrl,
  cin: isSampleCin,
  gstin: isSampleGstin,
  // The rows are judged one by one (sampleFacts); their printed list is a sample if any row is.
  processors: namesSample,
}

/** Whether a fact's value (a postal address as its object or its printed line) is a sample. */
export function isSampleFact(kind: FactKind, value: unknown): boolean {
  const printed =
    kind === 'address' && typeof value === 'object' ? formatAddress(value as PostalAddress) : value
  return typeof printed === 'string' && printed !== '' && SAMPLE_TESTS[kind](printed)
}

/**
 * The mark a fact's printed value needs after it: the sample mark, in the text's language, when the
 * value is a sample by its shape alone but does not say so. A sample identifier, phone number or
 * address on a reserved domain reads like a real one (a well-formed GSTIN, a Hyderabad landline),
 * so a visitor must never take it for the company's. A name, an address or a period is a sample
 * only by carrying the mark, and a list of processors is judged row by row in its names, so those
 * need none. The page and the readable text of a notice (the consent record) both print it.
 */
export function sampleMarkAfter(key: CompanyFactKey, text: string, sampleMark: string = SAMPLE_MARK): string {
  const {kind} = COMPANY_FACTS[key] as FactDefinition
  const unmarked = !isSampleText(text) && !text.includes(sampleMark)
  return kind !== 'processors' && unmarked && isSampleFact(kind, text) ? sampleMark : ''
}

/** A fact's printed value as plain text, followed by the mark it needs (`sampleMarkAfter`). */
export function withSampleMark(key: CompanyFactKey, text: string, sampleMark?: string): string {
  const mark = sampleMarkAfter(key, text, sampleMark)
  return mark ? `${text} ${mark}` : text
}

export interface SampleFact {
  /** The fact, or `processors` for a row of the Data processors table. */
  key: CompanyFactKey | 'processors'
  title: string
  value: string
}

/** How staff find a row of the table: "Data processors → row 2". */
export const processorRowTitle = (index: number) => `Data processors → row ${index + 1}`

/**
 * Every fact that is still a sample. A fact shown twice (the Grievance Officer answering questions
 * about personal data too) is listed once, under the field staff edit; the processors are listed
 * by row, not by the sentences made from them.
 */
export function sampleFacts(facts: CompanyFactsDocument): SampleFact[] {
  const samePerson = facts.privacyContact?.sameAsGrievanceOfficer !== false
  const single: SampleFact[] = COMPANY_FACT_KEYS.filter(
    (key) => !(samePerson && key.startsWith('privacyContact')) && COMPANY_FACTS[key].kind !== 'processors',
  )
    .map((key) => ({key, title: COMPANY_FACTS[key].title, value: factText(facts, key)}))
    .filter(({key, value}) => isSampleFact(COMPANY_FACTS[key].kind, value))
  const rows: SampleFact[] = (facts.processors ?? []).flatMap((row, index) =>
    isSampleProcessor(row)
      ? [
          {
            key: 'processors',
            title: processorRowTitle(index),
            value: `${row.name ?? ''}, ${row.country ?? ''}`,
          },
        ]
      : [],
  )
  return [...single, ...rows]
}

/** Consumer Protection (E-Commerce) Rules 2020 r.4: customer care and the Grievance Officer on Indian numbers. */
export const INDIAN_PHONE_RULE =
  'Give an Indian number (+91): the E-Commerce Rules ask for customer care and the Grievance Officer to be reachable on one.'

export const SAMPLE_WARNING =
  'This is a sample from the bundled dataset, not a fact about the company. Replace it before the site goes live: a build for the public address refuses samples.'

/** A period's sample is replaced by entering the company's period and turning its sample mark off. */
export const PERIOD_SAMPLE_WARNING =
  'This is a sample from the bundled dataset, not the company’s period: pages show it marked "(sample)" and a build for the public address refuses it. Enter the company’s period and turn off "Sample from the bundled dataset".'
