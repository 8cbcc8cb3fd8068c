import {defineField, defineType} from 'sanity'
import {LANGUAGE_SETTINGS, LANGUAGE_WORDS, languageCodeProblem} from '../../../model/translations'
import {textFields} from '../fields'

/** A language the site offers besides English: its code, its names and the two lines it needs. */
export const siteLanguage = defineType({
  name: 'siteLanguage',
  title: 'Language',
  type: 'object',
  fields: [
    defineField({
      name: 'code',
      ...LANGUAGE_SETTINGS.code,
      type: 'string',
      validation: (rule) =>
        rule.custom((code: string | undefined, context) => {
          const list = (context.document?.languages ?? []) as {code?: string}[]
          return (
            languageCodeProblem(
              code,
              list.map((language) => language.code),
            ) ?? true
          )
        }),
    }),
    ...textFields(LANGUAGE_WORDS),
    defineField({
      name: 'enabled',
      ...LANGUAGE_SETTINGS.enabled,
      type: 'boolean',
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: {name: 'name', englishName: 'englishName', code: 'code', enabled: 'enabled'},
    prepare: ({name, englishName, code, enabled}) => ({
      title: `${englishName ?? code} (${name ?? '…'})`,
      subtitle: `/${code ?? '?'}/ · ${enabled ? 'turned on' : 'off'}`,
    }),
  },
})
