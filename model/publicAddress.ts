import {BlockList, isIP} from 'node:net'
import {isReservedDomain} from './samples.ts'

// Whether an address is where the public reads the site, or this machine, a private network or a
// name kept for tests: a public SITE_URL turns the launch check on, and makes the server warn when
// no one is e-mailed about messages (src/contact/startReport.ts).

/** Addresses that never reach the public: loopback, private networks, and ranges kept for documentation. */
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')

/** Names that only resolve inside a network (RFC 6762, RFC 8375, ICANN's .internal). */
const LOCAL_SUFFIXES = ['.local', '.home.arpa', '.internal', '.lan', '.intranet']

/** An IPv6 address that carries an IPv4 one (::ffff:127.0.0.1 is written ::ffff:7f00:1). */
function embeddedIpv4(host: string): string | undefined {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host)
  if (!match) return undefined
  const [high, low] = [parseInt(match[1], 16), parseInt(match[2], 16)]
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/** Whether SITE_URL is where visitors will read the site: not this machine, a private network or a test name. */
export function isPublicSiteUrl(site: string | undefined): boolean {
  let host: string
  try {
    host = new URL(site ?? '').hostname.toLowerCase().replace(/^\[|\]$/g, '')
  } catch {
    return false
  }
  const ipv4 = isIP(host) === 4 ? host : embeddedIpv4(host)
  if (ipv4) return !NOT_PUBLIC.check(ipv4, 'ipv4')
  if (isIP(host) === 6) return !NOT_PUBLIC.check(host, 'ipv6')
  if (host === 'localhost' || host.endsWith('.localhost') || isReservedDomain(host)) return false
  return host.includes('.') && !LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))
}
