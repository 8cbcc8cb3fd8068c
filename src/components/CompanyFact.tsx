import {factHref} from '../../model/addresses'
import {COMPANY_FACTS, factText, sampleMarkAfter, type CompanyFactKey} from '../../model/companyFacts'
import type {CompanyFacts} from '../content/schemas'

interface MarkProps {
  /**
   * The sample mark in the page's language ("(sample)" unless given): printed after a value that is
   * a sample by its shape alone, such as a CIN numbered 000000 or a phone number that rings no one.
   */
  sampleMark?: string
}

/**
 * A company fact as visitors meet it, in the footer, on the Contact page and inside policy text:
 * e-mail addresses and phone numbers are links. Rendered at build time; no client script.
 */
export default function CompanyFact({
  facts,
  fact,
  sampleMark,
}: {facts: CompanyFacts; fact: CompanyFactKey} & MarkProps) {
  return <QuotedFact fact={fact} text={factText(facts, fact)} sampleMark={sampleMark} />
}

/**
 * A fact as a text quotes it: today's value, or the one an earlier policy version recorded, with
 * the sample mark after a value that is a sample but does not say so (model/companyFacts.ts).
 */
export function QuotedFact({fact, text, sampleMark}: {fact: CompanyFactKey; text: string} & MarkProps) {
  const mark = sampleMarkAfter(fact, text, sampleMark)
  const href = factHref(COMPANY_FACTS[fact].kind, text)
  const value = href ? (
    <a className="fact" data-fact={fact} href={href}>
      {text}
    </a>
  ) : (
    <span className="fact" data-fact={fact}>
      {text}
    </span>
  )
  return mark ? (
    <>
      {value} <span className="sample-mark">{mark}</span>
    </>
  ) : (
    value
  )
}
