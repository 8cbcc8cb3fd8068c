import type {StringRule, UrlRule} from 'sanity'
import {EMAIL_PATTERN, followableHref, PHONE_PATTERN} from './patterns'

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
    if (!href || followableHref(href) === href) return true
    return 'Use a page of this site starting with a single "/" (such as /contact-us), or a full https://, mailto: or tel: address, without spaces or line breaks around it.'
  })
