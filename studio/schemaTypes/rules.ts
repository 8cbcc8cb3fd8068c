import type {UrlRule} from 'sanity'
import {followableHref} from '../../model/addresses'

/**
 * A link a visitor can follow: a page of this site ("/about-us") or a web address, e-mail or
 * phone link. Anything else (javascript:, data:) is refused here and again by the site.
 */
export const linkHref = (rule: UrlRule) =>
  rule.uri({scheme: ['http', 'https', 'mailto', 'tel'], allowRelative: true}).custom((href) => {
    if (!href || followableHref(href) === href) return true
    return 'Use a page of this site starting with a single "/" (such as /contact-us), or a full https://, mailto: or tel: address, without spaces or line breaks around it.'
  })
