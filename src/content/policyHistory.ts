import {changesPolicy, quotesFor, timeline, type Timeline} from '../../model/policyVersions'
import type {FigureWords} from '../../model/policyFigures'
import {POLICY_ID_LIST, SINGLETON_IDS, type PolicyId} from '../../model/siteDocuments'
import {DEFAULT_LANGUAGE} from '../../model/translations'
import {builtContent, type SiteContent} from './entries'
import type {PageRoute} from './pageRoute'
import {liveQuotes, versionQuotes, type QuoteText} from './quotes'
import type {Policy, PolicyVersion} from './schemas'

/** A policy's text as a page shows it. */
export interface PolicyEdition {
  policy: PolicyId
  title: string
  description: string
  intro: Policy['intro']
  sections: Policy['sections']
  quotes: QuoteText
  /** Absent while the policy has no recorded version, or in a preview of unpublished changes. */
  version?: PolicyVersion
}

/** A version as a page shows it, under the search description the page is given. */
export const versionEdition = (version: PolicyVersion, description: string): PolicyEdition => ({
  policy: version.policy,
  title: version.title,
  description,
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

/** Every recorded version of every policy, as the build read them. */
export const getPolicyVersions = () => builtContent.policyVersions()

/**
 * A policy's history: every version, the one in force, and those to come. A policy with no
 * version yet shows its published document, with today's figures and facts. A preview shows the
 * document as staff are editing it, with their draft figures and facts, unless it says exactly
 * what the version in force says.
 */
export async function getPolicyHistory(
  policy: PolicyId,
  content: SiteContent = builtContent,
): Promise<PolicyHistory> {
  const [document, versions] = await Promise.all([content.policy(policy), content.policyVersions()])
  const history = timeline(
    versions.filter((version) => version.policy === policy),
    content.now,
  )
  const current = history.current
  // A translation shown in another language translates the version in force (model/translations.ts):
  // its words, with today's figures and facts, under that version's dates.
  if (
    content.language !== DEFAULT_LANGUAGE &&
    (await content.shownIn(policy)).language === content.language
  ) {
    const inForce = await liveEdition(content, policy, document, (await content.figureWords()).words)
    return {...history, policy, inForce: current ? {...inForce, version: current} : inForce}
  }
  // The search description is not policy text: a change to it records no version, so the page
  // in force takes it from the document.
  if (current && !content.preview)
    return {...history, policy, inForce: versionEdition(current, document.description)}
  const [figures, facts] = await Promise.all([content.policyFigures(), content.companyFacts()])
  const unchanged = current && !changesPolicy(current, document, quotesFor(document, figures, facts))
  const inForce: PolicyEdition =
    current && unchanged
      ? versionEdition(current, document.description)
      : await liveEdition(content, policy, document)
  return {...history, policy, inForce}
}

/** The document's own words, with today's figures and facts, in its language's words (English unless given). */
async function liveEdition(
  content: SiteContent,
  policy: PolicyId,
  document: Policy,
  figureWords?: FigureWords,
): Promise<PolicyEdition> {
  const [figures, facts] = await Promise.all([content.policyFigures(), content.companyFacts()])
  return {
    policy,
    title: document.title,
    description: document.description,
    intro: document.intro,
    sections: document.sections,
    quotes: liveQuotes(figures, facts, figureWords),
  }
}

/** Every policy's history, in the order of the policies table. */
export const getPolicyHistories = (content: SiteContent = builtContent) =>
  Promise.all(POLICY_ID_LIST.map((policy) => getPolicyHistory(policy, content)))

/**
 * What a page of a policy reads: its history, and the site's words around it in the language of
 * its text (English around English text on a page in another language). The one place the
 * policy pages take their history words from.
 */
export async function getPolicyPageContent(
  policy: PolicyId,
  {content, shownContent}: Pick<PageRoute, 'content' | 'shownContent'>,
) {
  const [history, settings, wordsShown] = await Promise.all([
    getPolicyHistory(policy, content),
    shownContent.siteSettings(),
    shownContent.shownIn(SINGLETON_IDS.siteSettings),
  ])
  // Dates go in the language of the words around them (Site settings as this page shows them),
  // never Hindi dates inside English words.
  return {history, settings, words: settings.policyHistory, wordsIn: wordsShown.language}
}
