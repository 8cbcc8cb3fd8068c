import {describe, expect, it} from 'vitest'
import {limitKeyOf, slidingWindowLimiter, visitorAddressOf} from '../../../src/contact/rateLimit'

const SECOND = 1000
const T0 = Date.parse('2026-03-01T10:00:00Z')
const at = (seconds: number) => T0 + seconds * SECOND

describe('the rate limit: at most `limit` posts from one address in any window', () => {
  it('allows three posts in a minute and refuses the fourth, saying how long until the first one expires', () => {
    const limiter = slidingWindowLimiter(3, 60)
    expect(limiter.take('203.0.113.7', at(0))).toEqual({allowed: true})
    expect(limiter.take('203.0.113.7', at(10))).toEqual({allowed: true})
    expect(limiter.take('203.0.113.7', at(20))).toEqual({allowed: true})
    expect(limiter.take('203.0.113.7', at(25))).toEqual({allowed: false, retryAfterSeconds: 35})
  })

  it('rounds the wait up to whole seconds, and never asks for less than one', () => {
    const limiter = slidingWindowLimiter(1, 60)
    limiter.take('203.0.113.7', at(0))
    expect(limiter.take('203.0.113.7', at(0.5))).toEqual({allowed: false, retryAfterSeconds: 60})
    expect(limiter.take('203.0.113.7', at(59.999))).toEqual({allowed: false, retryAfterSeconds: 1})
  })

  it('slides: each post frees its place exactly one window after it was made', () => {
    const limiter = slidingWindowLimiter(2, 60)
    limiter.take('203.0.113.7', at(0))
    limiter.take('203.0.113.7', at(30))
    expect(limiter.take('203.0.113.7', at(59)).allowed).toBe(false)
    expect(limiter.take('203.0.113.7', at(60)).allowed).toBe(true)
    // The post at 30 s still holds its place until 90 s.
    expect(limiter.take('203.0.113.7', at(89))).toEqual({allowed: false, retryAfterSeconds: 1})
    expect(limiter.take('203.0.113.7', at(90)).allowed).toBe(true)
  })

  it('does not count refused posts, so retrying while limited does not lengthen the wait', () => {
    const limiter = slidingWindowLimiter(1, 60)
    limiter.take('203.0.113.7', at(0))
    for (const second of [1, 10, 30, 59]) expect(limiter.take('203.0.113.7', at(second)).allowed).toBe(false)
    expect(limiter.take('203.0.113.7', at(60)).allowed).toBe(true)
  })

  it('counts each address on its own', () => {
    const limiter = slidingWindowLimiter(1, 60)
    expect(limiter.take('203.0.113.7', at(0)).allowed).toBe(true)
    expect(limiter.take('203.0.113.7', at(1)).allowed).toBe(false)
    expect(limiter.take('198.51.100.9', at(1)).allowed).toBe(true)
  })

  it('keeps at most maxKeys addresses, forgetting the one whose last allowed post is oldest', () => {
    const limiter = slidingWindowLimiter(2, 60, 2)
    limiter.take('a', at(0))
    limiter.take('b', at(1))
    limiter.take('a', at(2))
    // A third address pushes out "b", the least recently seen; "a" is still remembered.
    limiter.take('c', at(3))
    expect(limiter.take('a', at(4)).allowed).toBe(false)
    // Remembered, "b" would have had one place left; forgotten, it has both.
    expect(limiter.take('b', at(4)).allowed).toBe(true)
    expect(limiter.take('b', at(4)).allowed).toBe(true)
  })

  it('forgets an address once its window has passed, as the Privacy Policy says: held only while the limit lasts', () => {
    const limiter = slidingWindowLimiter(2, 60)
    limiter.take('203.0.113.1', at(0))
    limiter.take('203.0.113.2', at(30))
    expect(limiter.addresses).toBe(2)
    // A minute after the first address's last post, the next visitor's post sweeps it away.
    limiter.take('203.0.113.3', at(60))
    expect(limiter.addresses).toBe(2)
    limiter.take('203.0.113.3', at(95))
    expect(limiter.addresses).toBe(1)
  })
})

// Issue 37: behind the proxy, 2001:db8:1:2::101 to ::115 each had their own ten posts.
describe('the rate limit over IPv6: one /64 is one visitor', () => {
  it('refuses the eleventh post from one /64 whichever of its addresses sends it', () => {
    const limiter = slidingWindowLimiter(10, 600)
    const allowed = Array.from({length: 21}, (_, n) => {
      const address = `2001:db8:1:2::${(0x101 + n).toString(16)}`
      return limiter.take(visitorAddressOf(address, '127.0.0.1', true), at(n)).allowed
    })
    expect(allowed.filter(Boolean)).toHaveLength(10)
    // The next /64 is someone else.
    expect(limiter.take(visitorAddressOf('2001:db8:1:3::1', '127.0.0.1', true), at(30)).allowed).toBe(true)
  })

  it.each([
    ['2001:db8:1:2::101', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['203.0.113.7', '203.0.113.7'],
  ])('counts %s as %s', (address, key) => expect(limitKeyOf(address)).toBe(key))
})
