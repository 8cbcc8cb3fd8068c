import type {ArrayRule, StringRule, UrlRule} from 'sanity'
import {followableHref} from '../../model/addresses'
import {HOME_SECTION_IDS} from '../../model/siteDocuments'

/**
 * A link a visitor can follow: a page of this site ("/about-us") or a web address, e-mail or
 * phone link. Anything else (javascript:, data:) is refused here and again by the site.
 */
export const linkHref = (rule: UrlRule) =>
  rule.uri({scheme: ['http', 'https', 'mailto', 'tel'], allowRelative: true}).custom((href) => {
    if (!href || followableHref(href) === href) return true
    return 'Use a page of this site starting with a single "/" (such as /contact-us), or a full https://, mailto: or tel: address, without spaces or line breaks around it.'
  })

/** A required value in a fixed format, and what to tell the editor when it is not in it. */
export const requiredFormat =
  (matches: (value: string) => boolean, explanation: string) => (rule: StringRule) =>
    rule.required().custom((value: string | undefined) => (!value || matches(value) ? true : explanation))

/**
 * One item for each home-page section, as the header buttons need: names what is missing
 * ("Add a section for: cities.") or that one is there twice.
 */
export const oneForEachSection = (missingLead: string, twice: string) => (rule: ArrayRule<unknown[]>) =>
  rule.required().custom((items: {sectionId?: string}[] | undefined) => {
    const ids = (items ?? []).map((item) => item.sectionId)
    const missing = HOME_SECTION_IDS.filter((id) => !ids.includes(id))
    if (missing.length) return `${missingLead}: ${missing.join(', ')}.`
    if (new Set(ids).size !== ids.length) return twice
    return true
  })
