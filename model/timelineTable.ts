/**
 * A table of timelines inside a policy (studio/schemaTypes/objects/timelineTable.ts): each event,
 * the latest day and the usual time, the periods as Policy figures. The page, the record of a
 * version's differences and the word count read a cell the same way.
 */
import type {PolicyFigureKey} from './policyFigures.ts'

interface CellChild {
  _type: string
  text?: string
  figure?: PolicyFigureKey
}
/** A cell: one line of words with figures in it. */
export type TimelineCell = readonly {children: readonly CellChild[]}[] | null | undefined

export interface TimelineTable {
  _type: 'timelineTable'
  _key: string
  eventHeading: string
  latestHeading: string
  usualHeading: string
  rows: readonly {_key: string; event: string; latest: TimelineCell; usual?: TimelineCell}[]
}

/** A cell as a reader sees it, its figures printed as `figures` gives them. */
export const cellText = (cell: TimelineCell, figures: Partial<Record<PolicyFigureKey, string>>): string =>
  (cell ?? [])
    .flatMap(({children}) => children)
    .map((child) => (child._type === 'figureRef' ? (figures[child.figure!] ?? '') : (child.text ?? '')))
    .join('')

/** Each row as one line: "event: latest (usual)", for the record of differences and the word count. */
export const rowLines = (
  table: Pick<TimelineTable, 'rows'>,
  figures: Partial<Record<PolicyFigureKey, string>>,
): string[] =>
  table.rows.map((row) => {
    const usual = cellText(row.usual, figures)
    return `${row.event}: ${cellText(row.latest, figures)}${usual ? ` (${usual})` : ''}`
  })
