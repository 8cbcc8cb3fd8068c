import {factHref} from '../../model/addresses'
import {COMPANY_FACTS, factText, type CompanyFactKey} from '../../model/companyFacts'
import type {CompanyFacts} from '../content/schemas'

/**
 * A company fact as visitors meet it, in the footer, on the Contact page and inside policy text:
 * e-mail addresses and phone numbers are links. Rendered at build time; no client script.
 */
export default function CompanyFact({facts, fact}: {facts: CompanyFacts; fact: CompanyFactKey}) {
  return <QuotedFact fact={fact} text={factText(facts, fact)} />
}

/** A fact as a text quotes it: today's value, or the one an earlier policy version recorded. */
export function QuotedFact({fact, text}: {fact: CompanyFactKey; text: string}) {
  const href = factHref(COMPANY_FACTS[fact].kind, text)
  return href ? (
    <a className="fact" data-fact={fact} href={href}>
      {text}
    </a>
  ) : (
    <span className="fact" data-fact={fact}>
      {text}
    </span>
  )
}
