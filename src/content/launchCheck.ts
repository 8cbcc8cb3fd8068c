import {isIP} from 'node:net'
import {sampleFacts, type CompanyFactsDocument} from '../../studio/shared/companyFacts'
import {isReservedDomain, isSampleEmail, isSampleUrl} from '../../studio/shared/samples'

/**
 * The launch check: a site built for its public address must not show sample company facts
 * (addresses on .example, numbers kept for fiction, "(sample)" names). A build for a local or
 * test address may, and lists them so staff know what is left to enter.
 */

/** A sample value found in a published document, in words staff can act on. */
export interface Sample {
  /** The document as Studio's desk names it, e.g. "Company facts". */
  document: string
  /** The field as Studio titles it, e.g. "Grievance Officer → E-mail". */
  field: string
  value: string
}

const LOOPBACK_NAMES = new Set(['localhost', '0.0.0.0', '::', '::1'])

/** Whether SITE_URL is where visitors will read the site: not this machine, a private network or a test name. */
export function isPublicSiteUrl(site: string | undefined): boolean {
  if (!site) return false
  let host: string
  try {
    host = new URL(site).hostname.toLowerCase().replace(/^\[|\]$/g, '')
  } catch {
    return false
  }
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || isReservedDomain(host)) return false
  if (isIP(host) === 4) return !/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.)/.test(host)
  if (isIP(host) === 6) return !/^(fc|fd|fe80)/.test(host)
  return host.includes('.')
}

/** The company facts that are still samples, titled as in Studio. */
export function companyFactSamples(facts: CompanyFactsDocument, document = 'Company facts'): Sample[] {
  return sampleFacts(facts).map(({title, value}) => ({document, field: title, value}))
}

/** Where a link leads, when that is an e-mail or web address on a name reserved for examples. */
function reservedTarget(href: string): boolean {
  if (/^mailto:/i.test(href)) return isSampleEmail(href.slice('mailto:'.length).split('?')[0])
  return isSampleUrl(href)
}

/**
 * Links anywhere else in a document (a mailto: link in a policy, a footer link) that lead to an
 * e-mail or web address on a name reserved for examples, by their path in the document. Example
 * addresses in plain text, such as "name@example.com" in a hint on the form, lead nowhere and pass.
 */
export function reservedLinksIn(document: unknown, title: string): Sample[] {
  const found: Sample[] = []
  const walk = (value: unknown, path: string[]) => {
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, [...path, String(index + 1)]))
    if (typeof value !== 'object' || value === null) return
    for (const [key, child] of Object.entries(value)) {
      if (key === 'href' && typeof child === 'string' && reservedTarget(child)) {
        found.push({document: title, field: [...path, 'link'].join(' → '), value: child})
      } else if (!key.startsWith('_')) walk(child, [...path, key])
    }
  }
  walk(document, [])
  return found
}

const listed = (samples: Sample[]) =>
  samples.map(({document, field, value}) => `  - ${document} → ${field}: ${JSON.stringify(value)}`).join('\n')

export type LaunchVerdict = {ok: true; warning?: string} | {ok: false; error: string}

/** Refuses samples in a build for a public SITE_URL; otherwise passes, with the list as a warning. */
export function judgeSamples(samples: Sample[], site: string | undefined): LaunchVerdict {
  if (samples.length === 0) return {ok: true}
  if (isPublicSiteUrl(site)) {
    return {
      ok: false,
      error:
        `Launch check: this build is for ${site}, a public address, but ${samples.length} company ` +
        `fact${samples.length === 1 ? ' is' : 's are'} still a sample from the bundled dataset. ` +
        `Enter the real value of each in Studio, publish, and build again:\n${listed(samples)}`,
    }
  }
  return {
    ok: true,
    warning:
      `Launch check: ${samples.length} company fact${samples.length === 1 ? ' is' : 's are'} still a sample. ` +
      `That is fine for ${site ?? 'a local build'}, but a build for the public address will refuse ` +
      `them. Enter the real values in Studio before launch:\n${listed(samples)}`,
  }
}
