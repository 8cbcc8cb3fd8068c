import type {StringRule, UrlRule} from 'sanity'

/** An e-mail address a visitor's mail program can open: one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** An international phone number as it is printed: +, digits, spaces, brackets and dashes. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{6,19}$/

export const requiredEmail = (rule: StringRule) =>
  rule
    .required()
    .regex(EMAIL_PATTERN, {name: 'e-mail address'})
    .error('Enter an e-mail address such as support@example.com.')

export const requiredPhone = (rule: StringRule) =>
  rule
    .required()
    .regex(PHONE_PATTERN, {name: 'phone number'})
    .error('Enter a phone number with its country code, such as +91 40 4000 0000.')

/** Only https: visitors reach the app host from abroad, often on public Wi-Fi. */
export const httpsUrl = (rule: UrlRule) => rule.uri({scheme: ['https']}).error('Use a full https:// address.')

/**
 * A link a visitor can follow: a page of this site ("/about-us") or a web address, e-mail or
 * phone link. Anything else (javascript:, data:) is refused here and again by the site.
 */
export const linkHref = (rule: UrlRule) =>
  rule.uri({scheme: ['http', 'https', 'mailto', 'tel'], allowRelative: true}).custom((href) => {
    if (!href || /^(https?:|mailto:|tel:)/i.test(href)) return true
    // "//host" and "/\host" lead to another website, not to a page of this one.
    if (/^\/(?![/\\])/.test(href)) return true
    return 'A page of this site must start with a single "/", for example /contact-us.'
  })
