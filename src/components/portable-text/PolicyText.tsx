import {Fragment} from 'react'
import {PortableText, type PortableTextComponents} from '@portabletext/react'
import type {PolicyFigureKey} from '../../../model/policyFigures'
import type {CompanyFactKey} from '../../../model/companyFacts'
import {GRIEVANCE_CARD_FACTS} from '../../../model/policyVersions'
import type {TimelineCell, TimelineTable} from '../../../model/timelineTable'
import {knownParts, POLICY_TEXT} from '../../../model/portableText'
import type {QuoteText} from '../../content/quotes'
import type {PolicyBody} from '../../content/schemas'
import {QuotedFact} from '../CompanyFact'
import {knownOnly} from './knownOnly'
import {linkMarkIn} from './linkMark'
import {DEFAULT_LANGUAGE} from '../../../model/translations'

const known = knownParts(POLICY_TEXT)

interface Props {
  value: PolicyBody
  /**
   * The figures and facts the text quotes: today's, from the one Policy figures and Company
   * facts documents, or those a policy version recorded. Every page in effect today quotes the
   * same fee and the same Grievance Officer; an earlier version keeps what it said.
   */
  quotes: QuoteText
  /** The page's language ("en" if not given): links to pages the site has in every language lead to that language's. */
  language?: string
}

/** A policy's rich text, rendered to HTML at build time. */
export default function PolicyText({value, quotes, language = DEFAULT_LANGUAGE}: Props) {
  const fact = (key: CompanyFactKey) => (
    <QuotedFact fact={key} text={quotes.facts[key] ?? ''} sampleMark={quotes.sampleMark} />
  )
  const [name, designation, email, phone, address] = GRIEVANCE_CARD_FACTS.map(fact)
  const figure = (key: PolicyFigureKey) => (
    <span className="figure" data-figure={key}>
      {quotes.figures[key] ?? ''}
    </span>
  )
  // A cell of a table of timelines: its words, with each figure as the text around it prints one.
  const cell = (value: TimelineCell) =>
    (value ?? [])
      .flatMap(({children}) => children)
      .map((child, index) =>
        child._type === 'figureRef' ? (
          <Fragment key={index}>{figure(child.figure!)}</Fragment>
        ) : (
          <Fragment key={index}>{child.text}</Fragment>
        ),
      )
  const components: PortableTextComponents = {
    types: {
      figureRef: ({value: ref}: {value: {figure: PolicyFigureKey}}) => figure(ref.figure),
      factRef: ({value: ref}: {value: {fact: CompanyFactKey}}) => fact(ref.fact),
      timelineTable: ({value: table}: {value: TimelineTable}) => (
        <div className="timeline-table">
          <table>
            <thead>
              <tr>
                <th scope="col">{table.eventHeading}</th>
                <th scope="col">{table.latestHeading}</th>
                <th scope="col">{table.usualHeading}</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row._key}>
                  <th scope="row">{row.event}</th>
                  <td>{cell(row.latest)}</td>
                  <td>{cell(row.usual)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ),
      grievanceContact: ({value: card}: {value: {note?: string | null}}) => (
        <address className="contact-card">
          {card.note ? <p>{card.note}</p> : null}
          <strong>{name}</strong>, {designation}
          <br />
          {email}
          <br />
          {phone}
          <br />
          <span className="contact-card__address">{address}</span>
        </address>
      ),
    },
    marks: {link: linkMarkIn(language)},
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
