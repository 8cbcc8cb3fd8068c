import type {APIRoute} from 'astro'
import {Feed} from 'feed'
import {builtContent} from '../content/entries'
import {getPolicyHistories} from '../content/policyHistory'
import {formatDate, indiaDay} from '../lib/dates'
import {feedText} from '../lib/feedText'
import {fillTemplate} from '../../model/templates'
import {POLICY_FEED_PATH, policyChangesPath, policyHistoryPath, policyVersionPath} from '../../model/routes'
import {effectiveWord, notesAsShown, summaryAsShown} from '../../model/policyVersions'
import {formatHistoryDay} from '../../model/dates'
import {copyrightYears} from '../../model/copyright'
import {DEFAULT_LANGUAGE} from '../../model/translations'

/**
 * An Atom feed of every policy change, upcoming ones included, so that a lawyer or a partner can
 * follow the changes in a feed reader. Each entry is one version: its permanent address is its
 * id, its link is the differences it made (the text itself for a first version). A version
 * withdrawn before it applied says so, and is updated at its withdrawal, so readers see it again;
 * likewise a version staff added a note of correction to, which the entry shows after its summary.
 */
/** The feed is in English, the language staff write summaries in. */
const FEED_LANGUAGE = DEFAULT_LANGUAGE

export const GET: APIRoute = async ({site}) => {
  const [settings, histories] = await Promise.all([builtContent.siteSettings(), getPolicyHistories()])
  const words = settings.policyHistory
  const entries = histories
    .flatMap((history) =>
      history.versions.map((version, index) => ({
        policy: history.policy,
        history,
        version,
        first: index === 0,
        // Its last news: its announcement, its withdrawal, or a note of correction added to it.
        changedAt: [version.recordedAt, version.withdrawnAt, ...version.notes.map(({addedAt}) => addedAt)]
          .filter((moment): moment is string => Boolean(moment))
          .reduce((latest, moment) => (new Date(moment) > new Date(latest) ? moment : latest)),
      })),
    )
    .sort((a, b) => b.changedAt.localeCompare(a.changedAt))
  const url = (path: string) => new URL(path, site).href
  const updated = entries[0] ? new Date(entries[0].changedAt) : new Date(0)
  const feed = new Feed({
    id: url(POLICY_FEED_PATH),
    title: `${settings.companyName}: ${words.feedTitle}`,
    description: settings.seo.description,
    link: url('/'),
    language: 'en-IN',
    updated,
    generator: false,
    feedLinks: {atom: url(POLICY_FEED_PATH)},
    author: {name: settings.companyName, link: url('/')},
    copyright: `© ${copyrightYears(settings.copyrightYear, builtContent.now)} ${settings.companyName}`,
  })
  for (const {policy, history, version, first, changedAt} of entries) {
    // A version still to come "takes effect"; the time is given when two versions shared its day.
    const effective = fillTemplate(words[effectiveWord(history, version)], {
      date: formatHistoryDay(history.from.get(version.number)!, words.dayAndTime),
    })
    const announced = fillTemplate(words.announcedOn, {date: formatDate(indiaDay(version.recordedAt))})
    const withdrawal = version.withdrawnAt
      ? fillTemplate(words.withdrawnOn, {
          announced: formatDate(indiaDay(version.recordedAt)),
          withdrawn: formatDate(indiaDay(version.withdrawnAt)),
        })
      : undefined
    feed.addItem({
      id: url(policyVersionPath(policy, version.number)),
      title: feedText(
        `${version.title} · ${fillTemplate(words.version, {number: version.number})} · ${withdrawal ? words.statusWithdrawn : effective}`,
      ),
      link: url(
        first ? policyVersionPath(policy, version.number) : policyChangesPath(policy, version.number),
      ),
      date: new Date(changedAt),
      published: new Date(version.recordedAt),
      // A note of correction staff added later follows the summary it corrects.
      description: feedText(
        [
          withdrawal
            ? `${withdrawal} ${words.withdrawnBecause} ${version.withdrawnNote} ${summaryAsShown(version, words, FEED_LANGUAGE)}`
            : `${effective}. ${announced}. ${summaryAsShown(version, words, FEED_LANGUAGE)}`,
          ...notesAsShown(version, words, FEED_LANGUAGE),
        ].join(' '),
      ),
      category: [{name: version.title, term: policy, scheme: url(policyHistoryPath(policy))}],
    })
  }
  return new Response(feed.atom1(), {headers: {'content-type': 'application/atom+xml; charset=utf-8'}})
}
