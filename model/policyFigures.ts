/**
 * The business figures the policies quote. Staff change a figure once in "Policy figures" and
 * every policy sentence that references it through a figure reference follows. The site and the
 * Studio preview format a figure with the same function, so what an editor sees is what visitors read.
 *
 * A figure with a unit ("12 months") reads in the page's language: each language's Site settings
 * translation gives the words of each unit (`FIGURE_WORDS`), for one and for any other number, as
 * templates with `{n}` where the number goes. English words are fixed here, not in Site settings:
 * a recorded policy version prints its figures in English, and changing those words would change
 * the legal text without recording a version.
 */
import {templateProblem} from './templates.ts'

export type FigureValue = number | string | undefined

/** The units a figure may be counted in. */
export type FigureUnit = 'day' | 'week' | 'businessDay' | 'hour' | 'month'

/** The units as staff choose them for a period (a Company fact "within 30 days"), in Studio's order. */
export const FIGURE_UNITS = {
  day: 'Days',
  businessDay: 'Business days',
  week: 'Weeks',
  month: 'Months',
  hour: 'Hours',
} as const satisfies Record<FigureUnit, string>
export const FIGURE_UNIT_KEYS = Object.keys(FIGURE_UNITS) as FigureUnit[]
export const isFigureUnit = (unit: unknown): unit is FigureUnit =>
  typeof unit === 'string' && unit in FIGURE_UNITS

export interface FigureDefinition {
  title: string
  description: string
  /** Counted in a unit whose words each language gives; without one, the figure prints as it is. */
  unit?: FigureUnit
  /** How a figure without a unit prints ("20%", "18", "Hyderabad"). */
  format?: (value: FigureValue) => string
}

/** One word of a unit (or the sample mark, or a phrase of the data processor list), for staff: its title, and the English as the example. */
interface FigureWord {
  unit?: FigureUnit
  /**
   * For the number 1, for any other number, the mark after a sample value (no number), or a phrase
   * of the list of data processors, with the values it places.
   */
  count: 'one' | 'other' | 'mark' | 'phrase'
  /** The unit as staff read it: "Months". */
  unitTitle: string
  title: string
  english: string
  /** A phrase's values, each written in braces where it goes. */
  placeholders?: readonly string[]
  /** What the phrase says, for staff. */
  says?: string
}

/**
 * The phrases that print the list of data processors (Company facts) in a sentence: "A, in India,
 * which keeps …; and B, in the United States, outside India, which …". A notice in Hindi or Telugu
 * must say who does what, and where, in that language. Providers' names print as staff entered
 * them in Company facts; a country outside India is named in the language where it can be.
 */
const PROCESSORS = 'Data processors'
const processorPhrase = (says: string, english: string, placeholders: readonly string[] = []) =>
  ({
    count: 'phrase',
    unitTitle: PROCESSORS,
    title: `${PROCESSORS}: ${says}`,
    english,
    placeholders,
    says,
  }) as const

export const PROCESSOR_WORDS = {
  processorClause: processorPhrase(
    'one provider, where it is, and what it does',
    '{name}, {where}, which {does}',
    ['name', 'where', 'does'],
  ),
  // A provider in India: the country is this phrase's own word, in the page's language.
  processorIn: processorPhrase('where a provider in India is', 'in India'),
  processorAbroad: processorPhrase('where a provider outside India is', 'in {country}, outside India', [
    'country',
  ]),
  processorAnd: processorPhrase('the word joining the last two items of a list', 'and'),
  processorMessageStore: processorPhrase(
    'what the message store does',
    'keeps contact-form messages in our message store',
  ),
  processorBackups: processorPhrase(
    'what the backups of the message store do',
    'keeps the backups of our message store',
  ),
  processorEmail: processorPhrase(
    'what the website’s e-mail does',
    'sends the e-mailed copy of each message and the acknowledgement',
  ),
  processorMailbox: processorPhrase(
    'what the mailboxes do',
    'hosts our mailboxes, where the e-mailed copies and the e-mails you send us are kept',
  ),
  processorContent: processorPhrase('what content management does', 'holds the content of our website'),
  processorHosting: processorPhrase('what hosting does', 'hosts our website and its server'),
  processorLogs: processorPhrase('what the request logs do', 'keeps the logs of requests to our website'),
  processorPayments: processorPhrase('what payments do', 'takes payments and sends refunds'),
  // The copies a deleted message leaves for a while, each named only when a row says it exists
  // (model/companyFacts.ts `deletedMessageCopies`): "backup copies and deleted items".
  copyBackups: processorPhrase(
    'the backup copies a deleted message leaves (a row keeps backups)',
    'backup copies',
  ),
  copyHistory: processorPhrase(
    'the document history a deleted message leaves (the content provider keeps the messages)',
    'our message store’s document history',
  ),
  copyDeletedItems: processorPhrase(
    'the deleted items a deleted message leaves in the mailboxes (a row hosts them)',
    'deleted items',
  ),
} as const satisfies Record<string, FigureWord>
export type ProcessorWordKey = keyof typeof PROCESSOR_WORDS

const unitWords = (unit: FigureUnit, name: string, one: string, other: string) =>
  ({
    [`${unit}One`]: {unit, count: 'one', unitTitle: name, title: `${name}: for 1`, english: one},
    [`${unit}Other`]: {
      unit,
      count: 'other',
      unitTitle: name,
      title: `${name}: for any other number`,
      english: other,
    },
  }) as Record<`${typeof unit}${'One' | 'Other'}`, FigureWord>

/**
 * The words of each unit as Site settings translations hold them (field `figureWords`), in the
 * order Studio lists them. English: "one month" reads as a word, as in the rules that set the period.
 */
export const FIGURE_WORDS = {
  ...unitWords('month', 'Months', 'one month', '{n} months'),
  ...unitWords('week', 'Weeks', '{n} week', '{n} weeks'),
  ...unitWords('day', 'Days', '{n} day', '{n} days'),
  ...unitWords('businessDay', 'Business days', '{n} business day', '{n} business days'),
  ...unitWords('hour', 'Hours', '{n} hour', '{n} hours'),
  // A Company fact period still holding the bundled dataset's sample reads "30 days (sample)": the
  // mark follows it in the page's language, so a sample is never mistaken for the company's word.
  sampleMark: {
    count: 'mark',
    unitTitle: 'Sample periods',
    title: 'Mark after a sample period',
    english: '(sample)',
  },
  ...PROCESSOR_WORDS,
  // Customer care's working hours (Company facts), the days named in the page's language.
  workingHours: {
    count: 'phrase',
    unitTitle: 'Working hours',
    title: 'Working hours: the days and times customer care answers',
    english: '{from} to {to}, {opens}–{closes} IST',
    placeholders: ['from', 'to', 'opens', 'closes'],
    says: 'the first and last day customer care answers, and its opening and closing times in India',
  },
} as const satisfies Record<string, FigureWord>

export type FigureWordKey = keyof typeof FIGURE_WORDS
export const FIGURE_WORD_KEYS = Object.keys(FIGURE_WORDS) as FigureWordKey[]
/** The longest a unit's words may be. */
const FIGURE_WORD_MAX = 40
/** The longest a phrase of the processor list may be: what a provider does is a clause. */
const PHRASE_MAX = 200
export const figureWordMax = (key: FigureWordKey): number =>
  (FIGURE_WORDS[key] as FigureWord).count === 'phrase' ? PHRASE_MAX : FIGURE_WORD_MAX

/**
 * The words of every unit in one language, and the language's code where it is not English: a
 * country in the list of data processors is named in it (model/companyFacts.ts `countryIn`).
 */
export type FigureWords = Record<FigureWordKey, string> & {readonly language?: string}

/** English, the site's own language: the fallback, and the words recorded versions print. */
export const ENGLISH_FIGURE_WORDS = Object.fromEntries(
  FIGURE_WORD_KEYS.map((key) => [key, FIGURE_WORDS[key].english]),
) as FigureWords

/** The only placeholder of a unit's words. */
const NUMBER = 'n'

/** What is wrong with a unit's words as staff typed them, in their words; undefined when fine. */
export function figureWordProblem(key: FigureWordKey, words: string | undefined): string | undefined {
  if (!words?.trim()) return undefined
  const {count, placeholders = []} = FIGURE_WORDS[key] as FigureWord
  // The sample mark counts nothing: no number goes in it. A phrase places its own values.
  if (count === 'mark' || count === 'phrase') return templateProblem(words, placeholders, placeholders)
  // For 1 the number may be a word ("one month", "एक महीने"); any other number needs its place.
  return templateProblem(words, count === 'one' ? [] : [NUMBER], [NUMBER])
}

/** The staff description of one unit's words, with the English as the example. */
export function figureWordDescription(key: FigureWordKey): string {
  const {count, english, placeholders = [], says} = FIGURE_WORDS[key] as FigureWord
  if (count === 'phrase')
    return `In this language: ${says}, as the contact notice and the Privacy Policy print it from the Data processors of Company facts, e.g. "${english}" in English.${placeholders.length ? ` Write ${placeholders.map((name) => `{${name}}`).join(', ')} where ${placeholders.length === 1 ? 'that value goes' : 'those values go'}.` : ''}`
  if (count === 'mark')
    return `In this language: the mark after a Company fact period that is still a sample from the bundled dataset, e.g. "${english}" in English. Only staff's builds show samples.`
  return count === 'one'
    ? `How the number 1 of this unit reads in this language's policy sentences, e.g. "${english}" in English. Write {n} where the number goes, or the number as a word.`
    : `How any other number of this unit reads in this language's policy sentences, e.g. "${english}" in English. Write {n} where the number goes, in the form the sentences need around it.`
}

/** What staff lose while one of a language's words is missing, as Studio tells them. */
export function figureWordMissingEffect(key: FigureWordKey): string {
  const {count, unitTitle} = FIGURE_WORDS[key] as FigureWord
  if (count === 'phrase')
    return 'Missing: until it is filled, a page in this language that prints it from our data processors (the contact notice, the Privacy Policy) is shown in English.'
  return count === 'mark'
    ? 'Missing: until it is filled, a page in this language that quotes a Company fact period still marked as a sample is shown in English (staff builds only: the public site refuses samples).'
    : `Missing: until it is filled, a policy in this language that counts in ${unitTitle.toLowerCase()} is shown in English.`
}

const asNumber = (value: FigureValue) => (typeof value === 'number' ? value : Number.NaN)

/** A count in a unit, in one language's words: "12 months", "एक महीने". */
export function counted(unit: FigureUnit, n: number, words: FigureWords): string {
  const template = words[`${unit}${n === 1 ? 'One' : 'Other'}`]
  return template.replaceAll(`{${NUMBER}}`, String(n))
}

export const POLICY_FIGURES = {
  cancellationFeePercent: {
    title: 'Cancellation processing fee (%)',
    description:
      'Share of the fee kept when a cancellation is accepted before the service starts. Shown as "20%".',
    format: (v) => `${asNumber(v)}%`,
  },
  refundRequestWindowDays: {
    title: 'Refund request window (days)',
    description:
      'How many days after payment, or after the completion notice, a customer may ask for a refund. Shown as "30 days".',
    unit: 'day',
  },
  refundProcessingWeeks: {
    title: 'Refund deadline (weeks)',
    description:
      'The longest an approved refund takes to reach the customer: after verification, or after a cancellation before the service starts or by us. A promise of "at most", never a waiting time. Shown as "5 weeks".',
    unit: 'week',
  },
  refundUsualBusinessDays: {
    title: 'Usual refund time (business days)',
    description:
      'How long a refund usually takes to reach the customer, said as "usually within"; never a minimum. Shown as "15 business days".',
    unit: 'businessDay',
  },
  serviceChangeWindowHours: {
    title: 'Service change window (hours after purchase)',
    description:
      'A customer may change a service until this many hours after purchase or until work begins, whichever is earlier. Shown as "12 hours".',
    unit: 'hour',
  },
  minorAge: {
    title: 'Age of consent for personal data (years)',
    description:
      'Below this age we do not collect personal data without the consent of a parent or guardian. Shown as "18".',
    format: (v) => String(asNumber(v)),
  },
  contractAge: {
    title: 'Minimum age to book (years)',
    description:
      'The age from which a person may open an account or make a booking on their own (able to enter a contract). Shown as "18".',
    format: (v) => String(asNumber(v)),
  },
  grievanceAcknowledgementHours: {
    title: 'Grievance acknowledged within (hours)',
    description:
      'Every complaint to the Grievance Officer is acknowledged within this many hours (E-Commerce Rules 2020 allow at most 48). Shown as "48 hours".',
    unit: 'hour',
  },
  grievanceResolutionMonths: {
    title: 'Grievance resolved within (months)',
    description:
      'Every complaint, and every request about personal data, is resolved within this many months (the IT Rules 2011 and E-Commerce Rules 2020 allow at most one). Shown as "one month".',
    unit: 'month',
  },
  contactMessageRetentionMonths: {
    title: 'Contact messages kept for (months)',
    description:
      'Messages sent through the contact form are deleted this many months after they arrive. Shown as "12 months".',
    unit: 'month',
  },
  refundVerificationBusinessDays: {
    title: 'Refund verification time (business days)',
    description:
      'The longest time verification of a refund request takes once it is complete with any documents we asked for. Shown as "10 business days".',
    unit: 'businessDay',
  },
  breachReportHours: {
    title: 'Breach report to the Board within (hours)',
    description:
      'A detailed report of a personal data breach reaches the Data Protection Board within this many hours of learning of it (DPDP Rules 2025 allow at most 72). Shown as "72 hours".',
    unit: 'hour',
  },
  policyChangeNoticeDays: {
    title: 'Notice of a policy change (days)',
    description:
      'A change to a policy is announced at least this many days before it applies. Studio refuses an earlier date unless the change takes away no right and adds no purpose, or the law requires it, and the reason is shown with the version. Shown as "30 days".',
    unit: 'day',
  },
  governingLaw: {
    title: 'Governing law',
    description: 'The state and country whose laws govern our terms, e.g. "Telangana, India".',
    format: (v) => String(v ?? ''),
  },
  jurisdictionCity: {
    title: 'Courts at',
    description: 'The city whose courts hear disputes, e.g. "Hyderabad".',
    format: (v) => String(v ?? ''),
  },
} satisfies Record<string, FigureDefinition>

export type PolicyFigureKey = keyof typeof POLICY_FIGURES

export const POLICY_FIGURE_KEYS = Object.keys(POLICY_FIGURES) as PolicyFigureKey[]

/**
 * A figure as a text prints it, in the words of one language (English unless given): "12 months",
 * "12 महीने", "20%".
 */
export function formatFigure(
  key: PolicyFigureKey,
  value: FigureValue,
  words: FigureWords = ENGLISH_FIGURE_WORDS,
): string {
  const figure: FigureDefinition = POLICY_FIGURES[key]
  if (figure.unit) return counted(figure.unit, asNumber(value), words)
  return figure.format ? figure.format(value) : String(value ?? '')
}

/** The words a text quoting these figures needs: the words of each unit they are counted in. */
export function figureWordsNeeded(keys: readonly PolicyFigureKey[]): FigureWordKey[] {
  return unitWordsNeeded(keys.map((key) => (POLICY_FIGURES[key] as FigureDefinition).unit))
}

/** The words of these units. */
export function unitWordsNeeded(units: readonly (FigureUnit | undefined)[]): FigureWordKey[] {
  return FIGURE_WORD_KEYS.filter((word) => {
    const {unit} = FIGURE_WORDS[word] as FigureWord
    return unit !== undefined && units.includes(unit)
  })
}

/**
 * A language's words for every unit, from its Site settings translation (`given`), and the words
 * it lacks or gets wrong (`missing`). In `words` a missing one holds the English, only so that
 * English text can be printed with them: a page that claims the language must not carry English
 * mid-sentence, so a translation that needs a missing word is not shown (model/translatedFigures.ts).
 */
export function figureWordsIn(given: Partial<Record<string, string | null>> | null | undefined): {
  words: FigureWords
  missing: FigureWordKey[]
} {
  const missing = FIGURE_WORD_KEYS.filter(
    (key) => !given?.[key]?.trim() || figureWordProblem(key, given[key] ?? undefined),
  )
  const words = Object.fromEntries(
    FIGURE_WORD_KEYS.map((key) => [
      key,
      missing.includes(key) ? ENGLISH_FIGURE_WORDS[key] : given![key]!.trim(),
    ]),
  ) as FigureWords
  return {words, missing}
}

/** Words named as staff find them in Studio: "Months: for 1". */
export const figureWordTitles = (keys: readonly FigureWordKey[]) =>
  keys.map((key) => `"${FIGURE_WORDS[key].title}"`).join(', ')
