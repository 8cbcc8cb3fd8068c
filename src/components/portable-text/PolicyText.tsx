import {PortableText, type PortableTextComponents} from '@portabletext/react'
import {formatFigure, type PolicyFigureKey} from '../../../studio/shared/policyFigures'
import type {CompanyFactKey} from '../../../studio/shared/companyFacts'
import {knownParts, POLICY_TEXT} from '../../../studio/shared/portableText'
import type {CompanyFacts, PolicyBody, PolicyFigures} from '../../content/schemas'
import CompanyFact from '../CompanyFact'
import {knownOnly} from './knownOnly'
import {linkMark} from './linkMark'

const known = knownParts(POLICY_TEXT)

interface Props {
  value: PolicyBody
  figures: PolicyFigures
  facts: CompanyFacts
}

/**
 * A policy's rich text, rendered to HTML at build time. Figures come from the one Policy
 * figures document and company facts from the one Company facts document, so every page
 * quotes the same fee, the same number of days and the same Grievance Officer.
 */
export default function PolicyText({value, figures, facts}: Props) {
  const components: PortableTextComponents = {
    types: {
      figureRef: ({value: ref}: {value: {figure: PolicyFigureKey}}) => (
        <span className="figure" data-figure={ref.figure}>
          {formatFigure(ref.figure, figures[ref.figure])}
        </span>
      ),
      factRef: ({value: ref}: {value: {fact: CompanyFactKey}}) => (
        <CompanyFact facts={facts} fact={ref.fact} />
      ),
      grievanceContact: ({value: card}: {value: {note?: string | null}}) => (
        <address className="contact-card">
          {card.note ? <p>{card.note}</p> : null}
          <strong>
            <CompanyFact facts={facts} fact="grievanceOfficerName" />
          </strong>
          , <CompanyFact facts={facts} fact="grievanceOfficerDesignation" />
          <br />
          <CompanyFact facts={facts} fact="grievanceOfficerEmail" />
          <br />
          <CompanyFact facts={facts} fact="grievanceOfficerPhone" />
          <br />
          <span className="contact-card__address">
            <CompanyFact facts={facts} fact="grievanceOfficerAddress" />
          </span>
        </address>
      ),
    },
    marks: {link: linkMark},
    unknownType: () => null,
    unknownMark: ({children}) => <>{children}</>,
  }
  return (
    <PortableText
      value={knownOnly(value, known) as never}
      components={components}
      onMissingComponent={false}
    />
  )
}
