/**
 * Where the server may send a browser: a path on this site, and nowhere else. Every redirect the
 * server answers (the trailing-slash rule, leaving and entering staff preview) takes its Location
 * from here, so an address a visitor or an attacker wrote can never lead off the site.
 */

/** A base no real request comes from: a candidate that resolves to another origin is elsewhere. */
const SITE = 'http://site.invalid'

/**
 * Browsers read "/\host" as "//host", and drop tabs and line breaks before reading an address
 * ("/\t/host" is "//host" too); control characters have no place in a path of ours either.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the purpose
const UNSAFE_CHARACTER = /[\u0000-\u001F\u007F\\]/
const startsOffSite = (path: string) => path.startsWith('//')

/**
 * The path, query and fragment a browser may be sent to for `candidate`, normalised as a browser
 * would ("/a/../b" is "/b"); `undefined` when it is not a path on this site. The check runs on
 * the candidate and again on the normalised result, since "/x/..//evil.example" only becomes
 * "//evil.example" once its dots are resolved. Linear in the length of the candidate.
 */
export function sitePath(candidate: string | null | undefined): string | undefined {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return undefined
  if (startsOffSite(candidate) || UNSAFE_CHARACTER.test(candidate)) return undefined
  let url: URL
  try {
    url = new URL(candidate, SITE)
  } catch {
    return undefined
  }
  const path = `${url.pathname}${url.search}${url.hash}`
  if (url.origin !== SITE || startsOffSite(url.pathname) || UNSAFE_CHARACTER.test(path)) return undefined
  return path
}

/** `sitePath`, or the home page when the candidate is not a path on this site. */
export function sitePathOrHome(candidate: string | null | undefined): string {
  return sitePath(candidate) ?? '/'
}
