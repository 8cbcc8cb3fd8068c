import type {RateLimiter} from './rateLimit.ts'

/** How often the log hears how many posts were abandoned: a flood of resets is one line a minute. */
const ABANDONED_REPORT_EVERY_MS = 60_000

/**
 * What the service does with a post whose sender went away before its message arrived: it counts
 * for the sender's rate limit like any post (when their address is known), so resetting a
 * connection is no way around the limit; and the log hears of such posts in one line a minute at
 * most, so a flood of resets cannot fill it.
 */
export function abandonedPosts({
  limiter,
  now,
  log,
}: {
  /** The limiter the service's posts count against: the same one, so an abandoned post uses an allowance. */
  limiter: RateLimiter
  now: () => Date
  log: (line: string) => void
}): (clientKey?: string) => void {
  let unreported = 0
  let reportedAt = -Infinity
  return (clientKey) => {
    const at = now().getTime()
    if (clientKey) limiter.take(clientKey, at)
    unreported++
    if (at - reportedAt < ABANDONED_REPORT_EVERY_MS) return
    log(
      `${unreported === 1 ? 'A contact post was' : `${unreported} contact posts were`} ` +
        `abandoned by the sender before the message arrived${reportedAt === -Infinity ? '' : ' in the last minute or more'}; ` +
        'each counts for its rate limit. The next such line comes a minute from now at the soonest.',
    )
    unreported = 0
    reportedAt = at
  }
}
