import {isIPv6} from 'node:net'

export interface RateLimiter {
  /** Counts an attempt; says how long to wait when the limit is reached. */
  take(key: string, now?: number): {allowed: true} | {allowed: false; retryAfterSeconds: number}
  /** How many visitors' addresses it holds now. */
  readonly addresses: number
}

/**
 * At most `limit` attempts per key in any `windowSeconds`, kept in memory. A visitor's address is
 * forgotten once their window has passed (the Privacy Policy says it is held only while the limit
 * lasts): keys are kept in the order of their last counted attempt, so the expired ones are first.
 */
export function slidingWindowLimiter(limit: number, windowSeconds: number, maxKeys = 10_000): RateLimiter {
  const windowMs = windowSeconds * 1000
  const attempts = new Map<string, number[]>()
  return {
    get addresses() {
      return attempts.size
    },
    take(key, now = Date.now()) {
      for (const [oldest, times] of attempts) {
        if (now - times.at(-1)! < windowMs) break
        attempts.delete(oldest)
      }
      const recent = (attempts.get(key) ?? []).filter((at) => now - at < windowMs)
      if (recent.length >= limit) {
        attempts.set(key, recent)
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000)),
        }
      }
      recent.push(now)
      attempts.delete(key)
      attempts.set(key, recent)
      // Forget the least recently seen addresses first, so memory stays bounded under a flood.
      if (attempts.size > maxKeys) attempts.delete(attempts.keys().next().value!)
      return {allowed: true}
    },
  }
}

/**
 * Who sent a request, for a rate limit: their address, or their IPv6 network (limitKeyOf). Behind
 * our reverse proxy (TRUST_PROXY=1) every request comes from the proxy; it appends the visitor's
 * address to X-Forwarded-For, so the last entry is the one it saw (earlier ones are whatever the
 * visitor claimed).
 */
export function visitorAddressOf(
  forwardedFor: string | null | undefined,
  socketAddress: string,
  trustProxy: boolean,
): string {
  const address = trustProxy ? forwardedFor?.split(',').at(-1)?.trim() || socketAddress : socketAddress
  return limitKeyOf(address)
}

/**
 * What a rate limit counts for an address. An IPv6 host is handed a whole /64 (RFC 4291's
 * smallest subnet, what one home or phone gets), so counting each address would give one visitor
 * 2^64 allowances: an IPv6 address counts as its /64. An IPv4 address, also one written inside
 * IPv6 (::ffff:203.0.113.7), counts as itself.
 */
export function limitKeyOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  const bare = address.split('%', 1)[0]!
  if (!isIPv6(bare)) return address
  const [head = '', tail] = bare.split('::')
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) =>
      // A trailing dotted IPv4 part is two groups (the network half never holds it in a /64).
      group.includes('.') ? ['0', '0'] : [group],
    )
  const front = groups(head)
  const back = groups(tail)
  const all =
    tail === undefined
      ? front
      : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`
}
