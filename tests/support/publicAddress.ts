/**
 * A name that stands for "an address the public reads", and is no company's: the site's public
 * address in tests, and the domain of the real-shaped e-mail addresses tests enter as a company's.
 *
 * It is under परीक्षा ("test" in Hindi, `xn--11b5bs3a9aj6g`), one of the eleven IDN test top-level
 * domains IANA keeps on its list of reserved domains: they were in the root only for the 2007
 * IDN evaluation and are held back since, so no one can register a name under them. The
 * reserved names that model/samples.ts knows (.example, .test, example.com…) would not do: a
 * build for them is not public, which is the point of these tests (model/publicAddress.ts
 * `isPublicSiteUrl`). A public IP literal would do too, but only IANA's own, and those change
 * hands with hosting. Written in its ASCII form, as `new URL` and every message print it.
 */
export const PUBLIC_DOMAIN = 'company.xn--11b5bs3a9aj6g'

/** The site's public address in tests: a build for it refuses samples. */
export const PUBLIC_SITE_URL = `https://www.${PUBLIC_DOMAIN}`

/** An e-mail address at the public domain, e.g. `care@company.xn--11b5bs3a9aj6g`. */
export const publicMailbox = (name: string) => `${name}@${PUBLIC_DOMAIN}`
