/**
 * The business figures the policies quote. Staff change a figure once in "Policy figures" and
 * every policy sentence that references it through a figure reference follows. The site and the
 * Studio preview format a figure with the same function, so what an editor sees is what visitors read.
 */
export type FigureValue = number | string | undefined

export interface FigureDefinition {
  title: string
  description: string
  format: (value: FigureValue) => string
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
/** "one month", "12 months": a single month reads as a word, as in the rules that set the period. */
const months = (n: number) => (n === 1 ? 'one month' : `${n} months`)
const asNumber = (value: FigureValue) => (typeof value === 'number' ? value : Number.NaN)

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
    format: (v) => plural(asNumber(v), 'day', 'days'),
  },
  refundProcessingWeeks: {
    title: 'Refund deadline (weeks)',
    description:
      'The longest an approved refund takes to reach the customer: after verification, or after a cancellation before the service starts or by us. A promise of "at most", never a waiting time. Shown as "5 weeks".',
    format: (v) => plural(asNumber(v), 'week', 'weeks'),
  },
  refundUsualBusinessDays: {
    title: 'Usual refund time (business days)',
    description:
      'How long a refund usually takes to reach the customer, said as "usually within"; never a minimum. Shown as "15 business days".',
    format: (v) => plural(asNumber(v), 'business day', 'business days'),
  },
  serviceChangeWindowHours: {
    title: 'Service change window (hours after purchase)',
    description:
      'A customer may change a service until this many hours after purchase or until work begins, whichever is earlier. Shown as "12 hours".',
    format: (v) => plural(asNumber(v), 'hour', 'hours'),
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
    format: (v) => plural(asNumber(v), 'hour', 'hours'),
  },
  grievanceResolutionMonths: {
    title: 'Grievance resolved within (months)',
    description:
      'Every complaint, and every request about personal data, is resolved within this many months (the IT Rules 2011 and E-Commerce Rules 2020 allow at most one). Shown as "one month".',
    format: (v) => months(asNumber(v)),
  },
  contactMessageRetentionMonths: {
    title: 'Contact messages kept for (months)',
    description:
      'Messages sent through the contact form are deleted this many months after they arrive. Shown as "12 months".',
    format: (v) => months(asNumber(v)),
  },
  refundVerificationBusinessDays: {
    title: 'Refund verification time (business days)',
    description:
      'The longest time verification of a refund request takes once it is complete with any documents we asked for. Shown as "10 business days".',
    format: (v) => plural(asNumber(v), 'business day', 'business days'),
  },
  breachReportHours: {
    title: 'Breach report to the Board within (hours)',
    description:
      'A detailed report of a personal data breach reaches the Data Protection Board within this many hours of learning of it (DPDP Rules 2025 allow at most 72). Shown as "72 hours".',
    format: (v) => plural(asNumber(v), 'hour', 'hours'),
  },
  policyChangeNoticeDays: {
    title: 'Notice of a policy change (days)',
    description:
      'A change to a policy is announced at least this many days before it applies. Studio refuses an earlier date unless the change takes away no right and adds no purpose, or the law requires it, and the reason is shown with the version. Shown as "30 days".',
    format: (v) => plural(asNumber(v), 'day', 'days'),
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

export function formatFigure(key: PolicyFigureKey, value: FigureValue): string {
  return POLICY_FIGURES[key].format(value)
}
