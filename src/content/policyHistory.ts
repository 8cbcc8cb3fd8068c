import {getCollection} from 'astro:content'
import {timeline, type Timeline} from '../../studio/shared/policyVersions'
import type {PolicyId} from '../../studio/shared/siteDocuments'
import {getCompanyFacts, getPolicy, getPolicyFigures} from './entries'
import {liveQuotes, versionQuotes, type QuoteText} from './quotes'
import type {Policy, PolicyVersion} from './schemas'

/**
 * The moment this build judges every policy's history by: the version in force is the latest
 * one whose date has come. One value for the whole build, so every page agrees; the production
 * server rebuilds when the next version's date arrives (src/server/schedule.ts).
 */
export const BUILD_TIME = new Date()

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
