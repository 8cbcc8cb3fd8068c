import {getCollection} from 'astro:content'
import {COMPANY_FACT_KEYS, factText, type CompanyFactKey} from '../../studio/shared/companyFacts'
import {formatFigure, POLICY_FIGURE_KEYS, type PolicyFigureKey} from '../../studio/shared/policyFigures'
import {timeline, type Timeline} from '../../studio/shared/policyVersions'
import type {PolicyId} from '../../studio/shared/siteDocuments'
import {getCompanyFacts, getPolicy, getPolicyFigures} from './entries'
import type {CompanyFacts, Policy, PolicyFigures, PolicyVersion} from './schemas'

/**
 * The moment this build judges every policy's history by: the version in force is the latest
 * one whose date has come. One value for the whole build, so every page agrees; the production
 * server rebuilds when the next version's date arrives (src/server/schedule.ts).
 */
export const BUILD_TIME = new Date()

/** Figures and facts as a text prints them. */
export interface QuoteText {
  figures: Partial<Record<PolicyFigureKey, string>>
  facts: Partial<Record<CompanyFactKey, string>>
}

/** Every figure and fact as the documents give them today: for text that is not versioned. */
export function liveQuotes(figures: PolicyFigures, facts: CompanyFacts): QuoteText {
  return {
    figures: Object.fromEntries(POLICY_FIGURE_KEYS.map((key) => [key, formatFigure(key, figures[key])])),
    facts: Object.fromEntries(COMPANY_FACT_KEYS.map((key) => [key, factText(facts, key)])),
  }
}

/** The figures and facts as a version recorded them. */
export const versionQuotes = (version: PolicyVersion): QuoteText => ({
  figures: Object.fromEntries(version.figures.map(({figure, text}) => [figure, text])),
  facts: Object.fromEntries(version.facts.map(({fact, text}) => [fact, text ?? ''])),
})

/** A policy's text as a page shows it. */
export interface PolicyEdition {
  policy: PolicyId
  title: string
  description: string
  intro: Policy['intro']
  sections: Policy['sections']
  quotes: QuoteText
  /** Absent while the policy has no recorded version: then the published document is shown. */
  version?: PolicyVersion
}

export const versionEdition = (version: PolicyVersion, fallbackDescription: string): PolicyEdition => ({
  policy: version.policy,
  title: version.title,
  description: version.description || fallbackDescription,
  intro: version.intro,
  sections: version.sections,
  quotes: versionQuotes(version),
  version,
})

export interface PolicyHistory extends Timeline<PolicyVersion> {
  policy: PolicyId
  /** What the policy's own page shows: the version in force. */
  inForce: PolicyEdition
}

let allVersions: Promise<PolicyVersion[]> | undefined
const readVersions = () =>
  (allVersions ??= getCollection('policyVersions').then((entries) => entries.map(({data}) => data)))

/** Every recorded version of every policy. */
export const getPolicyVersions = () => readVersions()

/**
 * A policy's history as of this build: every version, the one in force, and those to come.
 * A policy with no version yet shows its published document, with today's figures and facts.
 */
export async function getPolicyHistory(policy: PolicyId, now: Date = BUILD_TIME): Promise<PolicyHistory> {
  const [document, versions] = await Promise.all([getPolicy(policy), readVersions()])
  const history = timeline(
    versions.filter((version) => version.policy === policy),
    now,
  )
  if (history.current)
    return {...history, policy, inForce: versionEdition(history.current, document.description)}
  const [figures, facts] = await Promise.all([getPolicyFigures(), getCompanyFacts()])
  return {
    ...history,
    policy,
    inForce: {
      policy,
      title: document.title,
      description: document.description,
      intro: document.intro,
      sections: document.sections,
      quotes: liveQuotes(figures, facts),
    },
  }
}
