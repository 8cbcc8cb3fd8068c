import {COMPANY_FACT_KEYS, factText, type CompanyFactKey} from '../../model/companyFacts'
import {
  formatFigure,
  POLICY_FIGURE_KEYS,
  type FigureWords,
  type PolicyFigureKey,
} from '../../model/policyFigures'
import {recordedQuotes} from '../../model/policyDiff'
import type {CompanyFacts, PolicyFigures, PolicyVersion} from './schemas'

/** Figures and facts as a text prints them. */
export interface QuoteText {
  figures: Partial<Record<PolicyFigureKey, string>>
  facts: Partial<Record<CompanyFactKey, string>>
  /** The mark after a sample fact in the text's language; "(sample)" when not given (a recorded version is English). */
  sampleMark?: string
}

/**
 * Every figure and fact as the documents give them today: for text that is not versioned. Figures
 * and period facts read in the page's words (English unless given).
 */
export function liveQuotes(figures: PolicyFigures, facts: CompanyFacts, words?: FigureWords): QuoteText {
  return {
    figures: Object.fromEntries(
      POLICY_FIGURE_KEYS.map((key) => [key, formatFigure(key, figures[key], words)]),
    ),
    facts: Object.fromEntries(COMPANY_FACT_KEYS.map((key) => [key, factText(facts, key, words)])),
    sampleMark: words?.sampleMark,
  }
}

/** The figures and facts as a version recorded them. */
export const versionQuotes = (version: PolicyVersion): QuoteText => recordedQuotes(version)
