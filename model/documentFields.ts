/**
 * The fields of a page's document, described once. A document kind whose fields are a table of
 * these (a row of `SINGLETONS` in model/siteDocuments.ts with `fields`) needs nothing else written
 * for its content: Studio's schema type (studio/schemaTypes/pageDocument.ts), the GROQ query
 * (`pageDocumentQuery` below), the zod schema the build checks it with (src/content/schemas.ts),
 * its content collection, Studio's desk entry and Presentation's locations all come from the row.
 *
 * Every page document also has its words for search results and link previews (`seo`), so a
 * table never lists them.
 */
import type {TextField} from './textFields.ts'

/** Words visitors read: a heading, a label, a sentence or two (model/textFields.ts). */
export interface TextDocumentField extends TextField {
  kind: 'text'
}

/** Formatted text: paragraphs, headings, lists and links (Studio's `richText` type). Never empty. */
export interface RichTextDocumentField {
  kind: 'richText'
  title: string
  description: string
}

/** A field of an entry of a list: words, or formatted text. */
export type ListEntryField = TextDocumentField | RichTextDocumentField

/** A list of entries of the same fields, in the order visitors see them (questions and answers). */
export interface ListDocumentField {
  kind: 'list'
  title: string
  description: string
  /** The fields of each entry, in the order Studio shows them. */
  entry: Record<string, ListEntryField>
  /** Which of the entry's text fields names the entry in Studio's list. */
  entryTitle: string
  /** At least this many entries, at most that many. */
  min: number
  max: number
}

export type DocumentField = TextDocumentField | RichTextDocumentField | ListDocumentField

/** A document's fields by name, in the order Studio shows them. */
export type DocumentFields = Record<string, DocumentField>

/** The words for search results every page document has: `seo{title, description}`. */
const SEO_PROJECTION = 'seo{title, description}'

const projectedField = (name: string, field: DocumentField): string =>
  field.kind === 'list' ? `${name}[]{_key, ${Object.keys(field.entry).join(', ')}}` : name

/** The GROQ projection of a document with these fields: its id, its search words, then each field. */
export const projectionOf = (fields: DocumentFields): string =>
  `{\n  _id,\n  ${[SEO_PROJECTION, ...Object.entries(fields).map(([name, field]) => projectedField(name, field))].join(',\n  ')}\n}`

/**
 * The query for the page document at a fixed id. Like every singleton's query it names its id
 * `$<id>Id` (src/content/queries.ts), so that all of them can run in one request.
 */
export const pageDocumentQuery = (id: string, fields: DocumentFields): string =>
  `*[_id == $${id}Id][0]${projectionOf(fields)}`

/** The field Studio shows as the document's name in its lists: its first text field. */
export const titleFieldOf = (fields: DocumentFields): string | undefined =>
  Object.entries(fields).find(([, field]) => field.kind === 'text')?.[0]
