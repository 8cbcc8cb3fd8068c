import {shortNoticeAsShown, type PolicyHistoryWord, type ShortNoticeRecord} from '../../model/policyVersions'
import {DEFAULT_LANGUAGE} from '../../model/translations'
import type {Policy} from './schemas'

/** A policy translation's "What changed" summaries, by English version number. */
export const translatedSummaries = (policy: Pick<Policy, 'versionSummaries'>): ReadonlyMap<number, string> =>
  new Map(policy.versionSummaries.map(({version, summary}) => [version, summary]))

/**
 * A version's "What changed" summary as a page shows it: the translation's when it has one,
 * else staff's English words, marked English (`lang`) on a page in another language; the reason
 * for short notice follows in the history words the page shows, its list joined in the language
 * of those words (`wordsIn`): English ones on a Hindi page that falls back to English read
 * "a and b", never "a और b".
 */
export function changeSummary(
  version: {number: number; summary: string} & ShortNoticeRecord,
  words: Record<PolicyHistoryWord, string>,
  {
    language,
    wordsIn,
    translated,
  }: {language: string; wordsIn: string; translated: ReadonlyMap<number, string>},
): {summary: string; lang?: string; after: string} {
  const reason = shortNoticeAsShown(version, words, wordsIn)
  const after = reason ? ` ${reason}` : ''
  const own = translated.get(version.number)
  if (own !== undefined) return {summary: own, after}
  return language === DEFAULT_LANGUAGE
    ? {summary: version.summary, after}
    : {summary: version.summary, lang: DEFAULT_LANGUAGE, after}
}
