import {PortableText, type PortableTextComponents} from '@portabletext/react'
import {formatFigure, type PolicyFigureKey} from '../../../studio/schemaTypes/policyFigureCatalogue'
import type {PolicyBody, PolicyFigures, SiteSettings} from '../../content/schemas'
import {knownOnly} from './knownOnly'
import {linkMark} from './linkMark'

// What the Studio's policyBody field offers (studio/schemaTypes/objects/policyBody.ts).
const known = {
  types: ['grievanceContact'],
  inline: ['figureRef'],
  styles: ['normal', 'h3'],
  decorators: ['strong', 'em'],
  annotations: ['link'],
}

interface Props {
  value: PolicyBody
  figures: PolicyFigures
  grievanceOfficer: SiteSettings['grievanceOfficer']
}

/**
 * A policy's rich text, rendered to HTML at build time. Figures come from the one Policy
 * figures document, so every policy quotes the same fee or number of days.
 */
export default function PolicyText({value, figures, grievanceOfficer}: Props) {
  const components: PortableTextComponents = {
    types: {
      figureRef: ({value: ref}: {value: {figure: PolicyFigureKey}}) => (
        <span className="figure" data-figure={ref.figure}>
          {formatFigure(ref.figure, figures[ref.figure])}
        </span>
      ),
      grievanceContact: ({value: card}: {value: {note?: string | null}}) => (
        <address className="contact-card">
          {card.note ? <p>{card.note}</p> : null}
          <strong>{grievanceOfficer.name}</strong>
          <br />
          <a href={`mailto:${grievanceOfficer.email}`}>{grievanceOfficer.email}</a>
          <br />
          <span className="contact-card__address">{grievanceOfficer.address}</span>
          {grievanceOfficer.hours ? (
            <>
              <br />
              {grievanceOfficer.hours}
            </>
          ) : null}
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
