/**
 * A period a Company fact states ("within 30 days"): a whole number and a unit, entered by staff as
 * such, and printed in the page's language with the same words as Policy figures.
 */
import {
  counted,
  ENGLISH_FIGURE_WORDS,
  FIGURE_UNITS,
  isFigureUnit,
  unitWordsNeeded,
  type FigureUnit,
  type FigureWordKey,
  type FigureWords,
} from './policyFigures.ts'

/** A period as the dataset holds it. `sample`: the bundled dataset's value, not yet the company's. */
export interface Period {
  _type?: 'period'
  count?: number | null
  unit?: string | null
  sample?: boolean | null
}

/** A period fact as stored, or not entered yet. */
export type PeriodValue = Period | null | undefined

/** A period with both parts entered correctly: what can be printed in any language. */
export const isCompletePeriod = (value: PeriodValue): value is Period & {count: number; unit: FigureUnit} =>
  typeof value === 'object' &&
  value !== null &&
  typeof value.count === 'number' &&
  Number.isInteger(value.count) &&
  value.count > 0 &&
  isFigureUnit(value.unit)

/** What is wrong with a period as staff entered it, in their words; undefined when fine or empty. */
export function periodProblem(value: PeriodValue): string | undefined {
  if (value === null || value === undefined) return undefined
  const {count, unit} = value
  if (count === null || count === undefined) return unit ? 'Enter the number of the period.' : undefined
  if (!Number.isInteger(count) || count < 1) return 'Enter a whole number of 1 or more.'
  if (!unit) return 'Choose the unit the number counts: days, business days, weeks, months or hours.'
  if (!isFigureUnit(unit)) return `"${unit}" is not a unit: choose one from the list.`
  return undefined
}

/**
 * A period as a page prints it, in one language's words (English unless given): "30 days",
 * "30 दिन", "30 days (sample)". An incomplete period prints nothing, as a fact not entered does.
 */
export function formatPeriod(value: PeriodValue, words: FigureWords = ENGLISH_FIGURE_WORDS): string {
  if (!isCompletePeriod(value)) return ''
  const period = counted(value.unit, value.count, words)
  return value.sample ? `${period} ${words.sampleMark}` : period
}

/** The words of a language that printing these periods needs: each unit's, and the sample mark. */
export function periodWordsNeeded(values: readonly PeriodValue[]): FigureWordKey[] {
  const complete = values.filter(isCompletePeriod)
  const marks: FigureWordKey[] = complete.some((period) => period.sample) ? ['sampleMark'] : []
  return [...unitWordsNeeded(complete.map((period) => period.unit)), ...marks]
}

/** The unit choices as Studio lists them. */
export const PERIOD_UNIT_CHOICES = Object.entries(FIGURE_UNITS).map(([value, title]) => ({value, title}))
