/**
 * Words staff write in Studio and a page shows: a heading, a label, a sentence or two. A table of
 * these is read twice, by the Studio (a field for each row, titled and explained for the editor)
 * and by the site's content schema (the same names, the same limits), so the two cannot disagree.
 */
export interface TextField {
  /** The field's name in Studio. */
  title: string
  /** For the editor: where the words appear, and an example where one helps. */
  description: string
  /** The most characters the page has room for. */
  max: number
  /** The height of Studio's box, for text of more than one line; a one-line field has none. */
  rows?: number
}

/** Rows of words by field name, in the order Studio lists them. */
export type TextFields<Name extends string = string> = Record<Name, TextField>

/** A table's field names, in its order. */
export const textFieldNames = <Name extends string>(table: TextFields<Name>) => Object.keys(table) as Name[]
