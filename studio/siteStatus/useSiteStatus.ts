import {useCallback, useSyncExternalStore} from 'react'
import {readSiteStatus, type SiteAnswer} from '../../model/siteStatus'

/**
 * How often Studio asks the site what it shows. A publish goes live in seconds, and staff wait for
 * "live" after each: the answer is a small JSON the server holds in memory, so asking every 2 s
 * costs nothing, and while a build is under way every second, so "live" shows within about a
 * second of it.
 */
const ASK_EVERY_MS = 2_000
const ASK_WHILE_BUILDING_MS = 1_000

/** One site's answer, asked for as long as anything on screen shows it. */
interface SitePoll {
  answer?: SiteAnswer
  readonly listeners: Set<() => void>
  timer?: ReturnType<typeof setTimeout>
  stopped: boolean
}

// Every badge, banner and the Live site tool show the same answer: one request per site, however
// many of them are on screen, rather than one each.
const polls = new Map<string, SitePoll>()

function follow(origin: string, listener: () => void): () => void {
  let poll = polls.get(origin)
  if (!poll) {
    const started: SitePoll = {listeners: new Set(), stopped: false}
    const ask = async () => {
      const next = await readSiteStatus(origin, fetch)
      if (started.stopped) return
      started.answer = next
      for (const told of started.listeners) told()
      const building = next.ok && next.status.lastAttempt.state === 'building'
      started.timer = setTimeout(() => void ask(), building ? ASK_WHILE_BUILDING_MS : ASK_EVERY_MS)
    }
    polls.set(origin, started)
    void ask()
    poll = started
  }
  const followed = poll
  followed.listeners.add(listener)
  return () => {
    followed.listeners.delete(listener)
    if (followed.listeners.size > 0) return
    followed.stopped = true
    clearTimeout(followed.timer)
    polls.delete(origin)
  }
}

/**
 * What the site at `origin` says it shows (GET /api/site-status), asked again every few seconds
 * while anything shows it; undefined until the first answer.
 */
export function useSiteStatus(origin: string): SiteAnswer | undefined {
  const subscribe = useCallback((listener: () => void) => follow(origin, listener), [origin])
  return useSyncExternalStore(subscribe, () => polls.get(origin)?.answer)
}
