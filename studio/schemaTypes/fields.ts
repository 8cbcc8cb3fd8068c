import {defineArrayMember, defineField, type ArrayRule, type FieldDefinition} from 'sanity'
import {DOCUMENT_TITLES, SINGLETON_IDS} from '../../model/siteDocuments'
import {textFieldNames, type TextField, type TextFields} from '../../model/textFields'
import {DEFAULT_LANGUAGE, LANGUAGE_FIELD, REVIEW_STATES, type ReviewState} from '../../model/translations'
import {linkHref} from './rules'

/**
 * Fields that stand in several schema types, built one way. Each still takes the words the editor
 * reads (title and description) from where it is used.
 */

type Group = string | string[]

/** A document without a language is English: the fixed documents came before translations. */
export const isEnglish = (language: unknown) => !language || language === DEFAULT_LANGUAGE

/** Words visitors read, required and no longer than the page has room for. */
export function textField(name: string, {title, description, max, rows}: TextField, group?: Group) {
  return rows
    ? defineField({
        name,
        title,
        description,
        group,
        type: 'text',
        rows,
        validation: (rule) => rule.required().max(max),
      })
    : defineField({
        name,
        title,
        description,
        group,
        type: 'string',
        validation: (rule) => rule.required().max(max),
      })
}

/** A field for each row of a model table, in its order. */
export const textFields = (table: TextFields, group?: Group) =>
  textFieldNames(table).map((name) => textField(name, table[name], group))

/** The field of one row of a model table, for a row placed among other fields or in a group of its own. */
export const textFieldOf = <Table extends TextFields>(
  table: Table,
  name: keyof Table & string,
  group?: Group,
) => textField(name, table[name], group)

/** A required object: a group of fields shown together, such as the words of one block. */
export const requiredObject = (
  name: string,
  words: {title: string; description: string; group?: Group},
  fields: FieldDefinition[],
) => defineField({name, ...words, type: 'object', fields, validation: (rule) => rule.required()})

/** A page's words for search results and link previews. */
export const seoField = (group?: Group) =>
  defineField({
    name: 'seo',
    title: 'Search and sharing',
    type: 'seo',
    group,
    description: 'What search engines and link previews show for this page.',
    validation: (rule) => rule.required(),
  })

/** Where a link goes: a page of this site or a web, e-mail or phone address. */
export const hrefField = (description: string, {required}: {required: boolean}) =>
  defineField({
    name: 'href',
    title: 'Address',
    type: 'url',
    description,
    validation: required ? (rule) => linkHref(rule).required() : linkHref,
  })

/** A list of one type, in the order visitors see it. */
export const listField = (
  name: string,
  type: string,
  words: {title: string; description: string; group?: Group},
  validation: (rule: ArrayRule<unknown[]>) => ArrayRule<unknown[]>,
) => defineField({name, ...words, type: 'array', of: [defineArrayMember({type})], validation})

/** A choice of one entry of a model table (a figure, a company fact), listed by its title. */
export const entryChoice = <Key extends string>(table: Record<Key, {title: string}>) => ({
  list: (Object.keys(table) as Key[]).map((value) => ({value, title: table[value].title})),
})

/**
 * The fixed document an inline object quotes from, set automatically. The reference keeps that
 * document from being deleted while text quotes it.
 */
export const quotedDocument = (name: string, type: keyof typeof SINGLETON_IDS) =>
  defineField({
    name,
    title: `${DOCUMENT_TITLES[type]} document`,
    type: 'reference',
    to: [{type}],
    description: `Always the one "${DOCUMENT_TITLES[type]}" document; set automatically.`,
    initialValue: {_ref: SINGLETON_IDS[type]},
    hidden: true,
    readOnly: true,
    validation: (rule) => rule.required(),
  })

/**
 * The fields a translatable document carries besides its words: its language, which the
 * translation plugin writes, and, on a translation, what it translates and its review.
 */
export const translationFields = () => [
  defineField({
    name: LANGUAGE_FIELD,
    title: 'Language',
    type: 'string',
    description: 'Set by the Translations menu.',
    readOnly: true,
    hidden: true,
  }),
  defineField({
    name: 'translation',
    title: 'Translation',
    type: 'translationRecord',
    description:
      'Which English text this translates and who reviewed it. The public site shows a translation only once it is reviewed and of the current English text; until then it shows the English page with a line in this language saying so.',
    hidden: ({document}) => isEnglish(document?.[LANGUAGE_FIELD]),
    validation: (rule) =>
      rule.custom((record, context) =>
        isEnglish(context.document?.[LANGUAGE_FIELD]) || record
          ? true
          : 'Say what this translates and its review.',
      ),
  }),
]

/** A translatable document in staff's lists: its language and review under its title. */
export const translatablePreview = (fixedTitle?: string) => ({
  select: {title: 'title', language: LANGUAGE_FIELD, review: 'translation.review'},
  prepare: ({title, language, review}: {title?: string; language?: string; review?: ReviewState}) => ({
    title: fixedTitle ?? title,
    subtitle: isEnglish(language)
      ? 'English'
      : `${language} · ${review ? REVIEW_STATES[review] : 'Review not recorded'}`,
  }),
})
