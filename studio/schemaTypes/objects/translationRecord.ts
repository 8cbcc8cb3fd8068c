import {defineField, defineType, type ValidationContext} from 'sanity'
import {REVIEW_STATES, type ReviewState, type TranslationRecord} from '../../../model/translations'

type RecordField = keyof TranslationRecord

/** Required once the translation is marked reviewed: a review names who and when. */
const neededOnceReviewed =
  (what: string) =>
  (value: unknown, context: ValidationContext): true | string =>
    (context.parent as Partial<TranslationRecord> | undefined)?.review === 'reviewed' && !value
      ? `A reviewed translation needs ${what}.`
      : true

/**
 * What a translation records about itself: the English text it translates and its review. A
 * public build shows a translation only once it is reviewed and translates the current English text.
 */
export const translationRecord = defineType({
  name: 'translationRecord',
  title: 'Translation',
  type: 'object',
  fields: [
    defineField({
      name: 'translates' satisfies RecordField,
      title: 'Translates English text',
      type: 'string',
      description:
        'Which English text this translates, filled in by "Mark as reviewed" in the document\'s menu: for a policy, the number of the English version in force (e.g. "4"); for other pages, a fingerprint of the English words as published. When the English text changes, the badge says Stale and this translation is no longer shown on the public site until it is brought up to date and reviewed again.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'review' satisfies RecordField,
      title: 'Review',
      type: 'string',
      description:
        'A "sample" is a draft translation made to show the layout, never checked by a person who reads both languages: it is never shown on the public site. Mark it reviewed only once a named person who reads both English and this language has checked it against the English text, sentence by sentence.',
      options: {
        list: (Object.keys(REVIEW_STATES) as ReviewState[]).map((value) => ({
          value,
          title: REVIEW_STATES[value],
        })),
        layout: 'radio',
      },
      initialValue: 'awaitingReview' satisfies ReviewState,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'reviewedBy' satisfies RecordField,
      title: 'Reviewed by',
      type: 'string',
      description:
        'The full name of the person who checked this translation against the English text: someone who reads both languages well, for legal text someone who understands it too. A name, never a role or a team.',
      validation: (rule) => rule.custom(neededOnceReviewed('the name of who reviewed it')),
    }),
    defineField({
      name: 'englishRev' satisfies RecordField,
      title: 'English revision reviewed',
      type: 'string',
      readOnly: true,
      description:
        'Filled in by "Mark as reviewed" for pages other than policies: which revision of the English document was reviewed against, so Studio can show what changed in English since.',
    }),
    defineField({
      name: 'reviewedOn' satisfies RecordField,
      title: 'Reviewed on',
      type: 'date',
      description: 'The day the review was finished.',
      validation: (rule) => rule.custom(neededOnceReviewed('the day it was reviewed')),
    }),
  ],
})
