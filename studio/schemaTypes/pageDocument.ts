import {defineArrayMember, defineField, defineType, type FieldDefinition} from 'sanity'
import {titleFieldOf, type DocumentField, type ListEntryField} from '../../model/documentFields'
import {pageDocumentFields, SINGLETONS, type PageDocumentId} from '../../model/siteDocuments'
import {DESK_ICONS} from '../structure/icons'
import {seoField, textField} from './fields'

/**
 * The Studio type of a page document whose fields the model describes (model/documentFields.ts):
 * the same names, words and limits the build's schema checks (src/content/schemas.ts).
 */

const richTextField = (name: string, {title, description}: {title: string; description: string}) =>
  defineField({
    name,
    title,
    description,
    type: 'richText',
    validation: (rule) => rule.required().min(1),
  })

const entryField = (name: string, field: ListEntryField): FieldDefinition =>
  field.kind === 'text' ? textField(name, field) : richTextField(name, field)

function documentField(name: string, field: DocumentField): FieldDefinition {
  if (field.kind !== 'list') return entryField(name, field)
  return defineField({
    name,
    title: field.title,
    description: field.description,
    type: 'array',
    of: [
      defineArrayMember({
        type: 'object',
        name: `${name}Entry`,
        fields: Object.entries(field.entry).map(([entryName, entry]) => entryField(entryName, entry)),
        preview: {select: {title: field.entryTitle}},
      }),
    ],
    validation: (rule) => rule.required().min(field.min).max(field.max),
  })
}

/** The schema type of a page document, by its id (its id is its type). */
export function pageDocumentType(id: PageDocumentId) {
  const fields = pageDocumentFields(id)
  const title = titleFieldOf(fields)
  return defineType({
    name: id,
    title: SINGLETONS[id].title,
    type: 'document',
    icon: DESK_ICONS[SINGLETONS[id].icon],
    fields: [seoField(), ...Object.entries(fields).map(([name, field]) => documentField(name, field))],
    preview: title ? {select: {title}} : {prepare: () => ({title: SINGLETONS[id].title})},
  })
}
