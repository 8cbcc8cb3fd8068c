import {z} from 'astro/zod'
import type * as Results from './sanity.types'
import {BUILD_TIME} from './buildTime'
import {HOME_SECTION_IDS, POLICY_ID_LIST} from '../../model/siteDocuments'
import {EMAIL_PATTERN, factHref, followableHref, isInternationalPhone} from '../../model/addresses'
import {COMPANY_FACT_KEYS, COMPANY_FACTS, PROCESSOR_PURPOSE_KEYS} from '../../model/companyFacts'
import {
  POLICY_TEXT,
  RICH_TEXT,
  TIMELINE_CELL_TEXT,
  TIMELINE_TABLE_HEADINGS,
  type TextDefinition,
} from '../../model/portableText'
import {gstinProblem, hasCompanyForm, isCin, isPinCode} from '../../model/indianIdentifiers'
import {SAMPLE_MARK} from '../../model/samples'
import {TIME_OF_DAY, WEEKDAYS, workingHoursProblem} from '../../model/workingHours'
import {textFieldNames, type TextFields} from '../../model/textFields'
import type {DocumentField, DocumentFields, ListEntryField} from '../../model/documentFields'
import {HOME_PAGE_TEXT} from '../../model/homePageText'
import {
  BOOK_APPOINTMENT_TEXT,
  INTERFACE_TEXT,
  NOT_FOUND_TEXT,
  SITE_SETTINGS_TEXT,
} from '../../model/siteSettingsText'
import {
  ACKNOWLEDGEMENT_TEXT,
  CONTACT_FORM_WORDS,
  CONTACT_PAGE_TEXT,
  GRIEVANCE_BLOCK_TEXT,
  NO_SCRIPT_NOTICES,
  SENT_PAGE_TEXT,
} from '../../model/contactPageText'
import {
  FIGURE_UNIT_KEYS,
  FIGURE_WORD_KEYS,
  POLICY_FIGURE_KEYS,
  type FigureWordKey,
} from '../../model/policyFigures'
import {
  appliesFrom,
  historyWordProblem,
  isCalendarDate,
  POLICY_HISTORY_WORD_KEYS,
  POLICY_HISTORY_WORD_MAX,
  SHORT_NOTICE_REASON_KEYS,
  SUMMARY_MAX,
  VERSION_NOTE_MAX,
} from '../../model/policyVersions'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODE,
  LANGUAGE_SETTINGS,
  LANGUAGE_WORDS,
  languageCodeProblem,
  REVIEW_STATES,
  type ReviewState,
} from '../../model/translations'

/**
 * What the pages need from each query's result. Content that breaks these fails the build with
 * the document id and the field path, so a bad publish never reaches visitors.
 */

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max)
/** The fields of a model table of words (Studio makes its fields from the same table). */
const textShape = <Name extends string>(table: TextFields<Name>) =>
  Object.fromEntries(textFieldNames(table).map((name) => [name, text(table[name].max)])) as Record<
    Name,
    ReturnType<typeof text>
  >
const key = z.string().min(1)
const sitePathOrUrl = z
  .string()
  .refine(
    (href) => followableHref(href) === href,
    'must be a page of this site ("/…") or an http(s), mailto: or tel: address, without spaces or line breaks',
  )

const email = z.string().regex(EMAIL_PATTERN, 'must be an e-mail address such as support@example.com')
const seo = z.object({title: text(70), description: text(200)})

const span = z.object({
  _type: z.literal('span'),
  _key: key,
  text: z.string(),
  marks: z.array(z.string()).default([]),
})
const figureRef = z.object({_type: z.literal('figureRef'), _key: key, figure: z.enum(POLICY_FIGURE_KEYS)})
const factRef = z.object({_type: z.literal('factRef'), _key: key, fact: z.enum(COMPANY_FACT_KEYS)})
const markDef = z.looseObject({_type: z.string(), _key: key, href: z.string().optional()})
// Unknown inline or block types are kept (and rendered as nothing) rather than failing the build:
// a Studio plugin added later must not take the site down. A known type that breaks its schema (a
// figure that does not exist, a block without text) or one out of place is not "unknown": it fails the build.
const unknownIn = (text: TextDefinition) => {
  const knownTypes = ['block', 'span', ...text.inlineObjects, ...text.blockObjects]
  return z.looseObject({
    _type: z
      .string()
      .refine((type) => !knownTypes.includes(type), {message: 'does not match the schema of its type'}),
    _key: key,
  })
}

const block = (text: TextDefinition, inline: z.ZodType) =>
  z.object({
    _type: z.literal('block'),
    _key: key,
    style: z.string().default('normal'),
    listItem: z.enum(text.lists.map(({value}) => value)).optional(),
    level: z.number().int().min(1).optional(),
    markDefs: z.array(markDef).default([]),
    children: z.array(inline).min(1),
  })

const richTextUnknown = unknownIn(RICH_TEXT)
export const richTextSchema = z.array(
  z.union([block(RICH_TEXT, z.union([span, richTextUnknown])), richTextUnknown]),
)
const policyBodyUnknown = unknownIn(POLICY_TEXT)
// A cell of a table of timelines: one line of words with figures in it.
const timelineCell = z
  .array(block(TIMELINE_CELL_TEXT, z.union([span, figureRef])))
  .min(1)
  .max(1)
const timelineTable = z.object({
  _type: z.literal('timelineTable'),
  _key: key,
  ...textShape(TIMELINE_TABLE_HEADINGS),
  rows: z
    .array(z.object({_key: key, event: text(200), latest: timelineCell, usual: timelineCell.nullish()}))
    .min(1),
})
export const policyBodySchema = z.array(
  z.union([
    block(POLICY_TEXT, z.union([span, figureRef, factRef, policyBodyUnknown])),
    z.object({_type: z.literal('grievanceContact'), _key: key, note: z.string().nullish()}),
    timelineTable,
    policyBodyUnknown,
  ]),
)

/** A value the query gives as null when the document has none, read as absent. */
const absent = <Schema extends z.ZodType>(schema: Schema) =>
  schema.nullish().transform((value) => value ?? undefined)

/**
 * A translatable document's language ("en" for the documents at the fixed ids) and, on a
 * translation, its record (model/translations.ts `TranslationRecord`). Whether a page may show a
 * translation is `translationStatus`'s to say, not this schema's: an unreviewed one is valid content.
 */
const translatable = {
  language: z.string().regex(LANGUAGE_CODE).default(DEFAULT_LANGUAGE),
  translation: absent(
    z
      .object({
        translates: z.string().min(1),
        review: z.enum(Object.keys(REVIEW_STATES) as [ReviewState, ...ReviewState[]]),
        reviewedBy: absent(text(120)),
        reviewedOn: absent(z.string().refine(isCalendarDate, 'must be a date such as 2026-11-23')),
      })
      .refine((record) => record.review !== 'reviewed' || (record.reviewedBy && record.reviewedOn), {
        message: 'a reviewed translation needs who reviewed it and when',
      }),
  ),
}

/** The languages Site settings list besides English (model/translations.ts `LANGUAGE_WORDS`). */
const languages = z
  .array(z.object({_key: key, code: z.string(), enabled: z.boolean(), ...textShape(LANGUAGE_WORDS)}))
  .default([])
  .superRefine((list, context) =>
    list.forEach(({code}, index) => {
      const problem = languageCodeProblem(
        code,
        list.map((language) => language.code),
      )
      if (problem)
        context.addIssue({
          code: 'custom',
          path: [index, 'code'],
          message: `${LANGUAGE_SETTINGS.code.title}: ${problem}`,
        })
    }),
  )

const link = z.object({_key: key, label: text(40), href: sitePathOrUrl})
const footerLink = z.object({_key: key, label: text(40), href: sitePathOrUrl.nullish()})

export const siteSettingsSchema = z.object({
  _id: z.string(),
  ...translatable,
  languages,
  ...textShape(SITE_SETTINGS_TEXT),
  navItems: z
    .array(
      z.object({_key: key, label: text(30), sectionId: z.enum(HOME_SECTION_IDS), mobileOnly: z.boolean()}),
    )
    .refine((items) => HOME_SECTION_IDS.every((id) => items.some((item) => item.sectionId === id)), {
      message: `needs one button for each of ${HOME_SECTION_IDS.join(', ')}`,
    }),
  bookAppointment: z.object(textShape(BOOK_APPOINTMENT_TEXT)),
  companyLinks: z.array(link).min(1),
  footerGroups: z
    .array(z.object({_key: key, title: text(40), links: z.array(footerLink).min(1)}))
    .default([]),
  copyrightYear: z.number().int().min(2000).max(2100),
  seo: z.object({titleSuffix: z.string().nullish(), description: text(200)}),
  interfaceText: z.object(textShape(INTERFACE_TEXT)),
  policyHistory: z.object(
    Object.fromEntries(
      POLICY_HISTORY_WORD_KEYS.map((word) => [
        word,
        text(POLICY_HISTORY_WORD_MAX).superRefine((value, context) => {
          const problem = historyWordProblem(word, value)
          if (problem) context.addIssue({code: 'custom', message: problem})
        }),
      ]),
    ) as Record<(typeof POLICY_HISTORY_WORD_KEYS)[number], ReturnType<typeof text>>,
  ),
  /**
   * A translation's words for the units of figures (English has its own in the model). A word
   * missing or wrong is not a reason to fail the build: the policy pages that need it show English,
   * and the build names it (model/policyFigures.ts `figureWordsIn`).
   */
  figureWords: z
    .object(
      Object.fromEntries(FIGURE_WORD_KEYS.map((word) => [word, z.string().nullish()])) as Record<
        FigureWordKey,
        z.ZodOptional<z.ZodNullable<z.ZodString>>
      >,
    )
    .nullish(),
  notFound: z.object(textShape(NOT_FOUND_TEXT)),
})

export const homePageSchema = z.object({
  _id: z.string(),
  seo,
  ...textShape(HOME_PAGE_TEXT),
  sections: z
    .array(
      z.object({
        _key: key,
        sectionId: z.enum(HOME_SECTION_IDS),
        eyebrow: text(40),
        heading: text(90),
        body: text(500),
        items: z.array(z.object({_key: key, title: text(60), text: text(240)})).nullish(),
        cta: z.object({label: text(40), href: sitePathOrUrl}).nullish(),
      }),
    )
    .refine(
      (sections) => HOME_SECTION_IDS.every((id) => sections.filter((s) => s.sectionId === id).length === 1),
      {
        message: `needs exactly one section for each of ${HOME_SECTION_IDS.join(', ')}`,
      },
    ),
})

type EntryValue<Field> = Field extends {kind: 'text'}
  ? string
  : Field extends {kind: 'richText'}
    ? RichText
    : never
type FieldValue<Field> = Field extends {kind: 'list'; entry: infer Entry}
  ? ({_key: string} & {[Name in keyof Entry]: EntryValue<Entry[Name]>})[]
  : EntryValue<Field>

/** A page document as the build gives it to its page: its id, its search words, then its fields. */
export type PageDocument<Fields extends DocumentFields> = {
  _id: string
  seo: z.infer<typeof seo>
} & {[Name in keyof Fields]: FieldValue<Fields[Name]>}

const entryFieldSchema = (field: ListEntryField) =>
  field.kind === 'text' ? text(field.max) : richTextSchema.min(1)

const fieldSchema = (field: DocumentField) =>
  field.kind === 'list'
    ? z
        .array(z.object({_key: key, ...mapFields(field.entry, entryFieldSchema)}))
        .min(field.min)
        .max(field.max)
    : entryFieldSchema(field)

const mapFields = <Field, Schema>(fields: Record<string, Field>, schema: (field: Field) => Schema) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, schema(field)]))

/**
 * The schema of a page document whose fields the model describes (model/documentFields.ts):
 * Studio's fields are made from the same table, with the same limits.
 */
export const pageDocumentSchema = <Fields extends DocumentFields>(fields: Fields) =>
  z.object({_id: z.string(), seo, ...mapFields(fields, fieldSchema)}) as unknown as z.ZodType<
    PageDocument<Fields>
  >

export const contactPageSchema = z.object({
  _id: z.string(),
  ...translatable,
  seo,
  ...textShape(CONTACT_PAGE_TEXT),
  grievance: z.object({...textShape(GRIEVANCE_BLOCK_TEXT), body: policyBodySchema.min(1)}),
  shortNotice: policyBodySchema.min(1),
  privacyNotice: policyBodySchema.min(1),
  form: z.object(textShape(CONTACT_FORM_WORDS)),
  noScriptNotices: z.object(textShape(NO_SCRIPT_NOTICES)),
  sentPage: z.object(textShape(SENT_PAGE_TEXT)),
  acknowledgement: z.object(textShape(ACKNOWLEDGEMENT_TEXT)),
})

const policySections = z.array(z.object({_key: key, heading: text(90), body: policyBodySchema.min(1)})).min(1)

export const policySchema = z.object({
  _id: z.string(),
  ...translatable,
  title: text(80),
  description: text(200),
  intro: policyBodySchema,
  sections: policySections,
  /** A translation's "What changed" summaries, by English version number; none in English. */
  versionSummaries: z.array(z.object({version: z.number().int().min(1), summary: text(SUMMARY_MAX)})),
})

/**
 * A recorded version. Its quotes are checked as text only: a version keeps the words it was
 * published with, even ones today's formats would refuse.
 */
export const policyVersionSchema = z
  .object({
    _id: z.string(),
    policy: z.enum(POLICY_ID_LIST),
    number: z.number().int().min(1),
    effectiveDate: z.string().refine(isCalendarDate, 'must be a date such as 2026-11-23'),
    summary: text(SUMMARY_MAX),
    recordedAt: z.iso.datetime({offset: true}),
    shortNoticeReasons: z.array(z.enum(SHORT_NOTICE_REASON_KEYS)).nullish(),
    shortNoticeLaw: z.string().nullish(),
    /** Set when staff withdrew it before it applied: it never applies, and the history says why. */
    withdrawnAt: z.iso.datetime({offset: true}).nullish(),
    withdrawnNote: text(SUMMARY_MAX).nullish(),
    /** Dated notes of correction staff added after it was recorded, oldest first. */
    notes: z.array(
      z.object({_key: key, addedAt: z.iso.datetime({offset: true}), text: text(VERSION_NOTE_MAX)}),
    ),
    title: text(80),
    description: z.string().nullish(),
    intro: policyBodySchema,
    sections: policySections,
    figures: z.array(z.object({figure: z.enum(POLICY_FIGURE_KEYS), text: z.string()})),
    facts: z.array(z.object({fact: z.enum(COMPANY_FACT_KEYS), text: z.string().nullish()})),
  })
  // Two things Studio's forms never write, refused should they arrive by the API or an import.
  .superRefine((version, context) => {
    // A withdrawal is of a change still to come: one dated after the version applied would make
    // the history say a text in force "never applied", and put the one before back on the page.
    if (version.withdrawnAt && !(new Date(version.withdrawnAt) < appliesFrom(version)))
      context.addIssue({
        code: 'custom',
        path: ['withdrawnAt'],
        message: `must be before the version applied (${appliesFrom(version).toISOString()}): a version in force cannot be withdrawn, only replaced by a new one`,
      })
    // A recorded fact's text becomes a link (factHref): a web address must be https:.
    version.facts.forEach(({fact, text}, index) => {
      const {kind} = COMPANY_FACTS[fact]
      if (text && kind === 'url' && !factHref(kind, text))
        context.addIssue({
          code: 'custom',
          path: ['facts', index, 'text'],
          message: 'must be an https: address, such as https://www.example.com/',
        })
    })
  })

const count = z.number().int().nonnegative()
export const policyFiguresSchema = z.object({
  _id: z.string(),
  cancellationFeePercent: z.number().min(0).max(100),
  refundRequestWindowDays: count,
  refundProcessingWeeks: count.min(1),
  refundUsualBusinessDays: count.min(1),
  serviceChangeWindowHours: count,
  minorAge: count,
  contractAge: count,
  grievanceAcknowledgementHours: count,
  grievanceResolutionMonths: count,
  contactMessageRetentionMonths: count.min(1),
  refundVerificationBusinessDays: count,
  breachReportHours: count,
  policyChangeNoticeDays: count.min(1),
  governingLaw: text(60),
  jurisdictionCity: text(60),
})

// Company facts: the same formats Studio checks, so a value published through the API or an
// import that Studio would refuse still never reaches a page. Samples pass here; the launch check
// (launchCheck.ts) decides whether this build may carry them.
const internationalPhone = z
  .string()
  .refine(isInternationalPhone, 'must be a phone number in international form, such as +91 40 1234 5678')
const postalAddress = z.object({
  streetAddress: text(200),
  city: text(60),
  state: text(60),
  pinCode: z.string().refine(isPinCode, 'must be a six-digit PIN code'),
})
const person = {name: text(80), designation: text(80), email, phone: internationalPhone}

/** A period fact: a whole number and a unit. */
const period = z.object({
  count: z.number().int().min(1),
  unit: z.enum(FIGURE_UNIT_KEYS),
  sample: z.boolean().nullish(),
})

export const companyFactsSchema = z.object({
  _id: z.string(),
  legalName: text(120).refine(
    (name) => hasCompanyForm(name.replace(SAMPLE_MARK, '').trim()),
    'must end with the company form, such as "Private Limited"',
  ),
  cin: z.string().refine((cin) => isCin(cin, BUILD_TIME), 'must be a 21-character CIN'),
  gstin: z
    .string()
    .refine((gstin) => gstinProblem(gstin) === undefined, 'must be a GSTIN with a valid check character'),
  registeredOffice: postalAddress,
  customerCare: z.object({
    email,
    phone: internationalPhone,
    hours: z
      .looseObject({
        fromDay: z.enum(WEEKDAYS),
        toDay: z.enum(WEEKDAYS),
        opens: z.string().regex(TIME_OF_DAY),
        closes: z.string().regex(TIME_OF_DAY),
        sample: z.boolean().nullish(),
      })
      .refine((hours) => !workingHoursProblem(hours), {
        message: 'the closing time must come after the opening',
      }),
  }),
  grievanceOfficer: z.object({...person, postalAddress}),
  privacyContact: z.discriminatedUnion('sameAsGrievanceOfficer', [
    z.object({sameAsGrievanceOfficer: z.literal(true)}),
    z.object({sameAsGrievanceOfficer: z.literal(false), ...person}),
  ]),
  appUrl: z.url({protocol: /^https$/}),
  processors: z
    .array(
      z.object({
        name: text(120),
        purposes: z.array(z.enum(PROCESSOR_PURPOSE_KEYS)).min(1),
        country: text(60),
      }),
    )
    .min(1),
  unverifiedChildDataDeletion: period,
  lastCopyGoneWithin: period,
  clinicDataExportPeriod: period,
  clinicBackupsGoneWithin: period,
  bookingConfirmationWithin: period,
  dataProtectionBoardUrl: z.url({protocol: /^https$/}),
})

export type SiteSettings = z.infer<typeof siteSettingsSchema>
export type HomePage = z.infer<typeof homePageSchema>
export type Policy = z.infer<typeof policySchema>
export type PolicyVersion = z.infer<typeof policyVersionSchema>
export type PolicyFigures = z.infer<typeof policyFiguresSchema>
export type CompanyFacts = z.infer<typeof companyFactsSchema>
export type PolicyBody = z.infer<typeof policyBodySchema>
export type RichText = z.infer<typeof richTextSchema>

/**
 * Every field a schema reads is one its query returns. The type checker (`npm test` runs it)
 * holds each schema against the result types Sanity TypeGen generates from the Studio schema and
 * the queries, so a field renamed in Studio or left out of a query fails here, not on a live page.
 */
type Row<Result> = NonNullable<Result extends readonly (infer Item)[] ? Item : Result>
type Unread<Result, Schema extends z.ZodType> = Exclude<keyof z.input<Schema>, keyof Row<Result>>
/** The fields of an object field of a schema that the query leaves out. */
type UnreadIn<
  Result,
  Schema extends z.ZodObject,
  Field extends keyof Schema['shape'] & keyof Row<Result>,
> = Unread<Row<Result>[Field], Schema['shape'][Field]>
type NothingUnread<Fields extends never> = Fields
export type QueriesFeedTheirSchemas = [
  NothingUnread<Unread<Results.SiteSettingsQueryResult, typeof siteSettingsSchema>>,
  NothingUnread<UnreadIn<Results.SiteSettingsQueryResult, typeof siteSettingsSchema, 'interfaceText'>>,
  NothingUnread<Unread<Results.HomePageQueryResult, typeof homePageSchema>>,
  NothingUnread<Unread<Results.ContactPageQueryResult, typeof contactPageSchema>>,
  NothingUnread<Unread<Row<Results.ContactPageQueryResult>['form'], typeof contactPageSchema.shape.form>>,
  NothingUnread<
    Unread<Row<Results.ContactPageQueryResult>['sentPage'], typeof contactPageSchema.shape.sentPage>
  >,
  NothingUnread<
    Unread<
      Row<Results.ContactPageQueryResult>['acknowledgement'],
      typeof contactPageSchema.shape.acknowledgement
    >
  >,
  NothingUnread<Unread<Results.PoliciesQueryResult, typeof policySchema>>,
  NothingUnread<Unread<Results.PolicyVersionsQueryResult, typeof policyVersionSchema>>,
  NothingUnread<UnreadIn<Results.SiteSettingsQueryResult, typeof siteSettingsSchema, 'policyHistory'>>,
  NothingUnread<Unread<Results.PolicyFiguresQueryResult, typeof policyFiguresSchema>>,
  NothingUnread<Unread<Results.CompanyFactsQueryResult, typeof companyFactsSchema>>,
  NothingUnread<UnreadIn<Results.CompanyFactsQueryResult, typeof companyFactsSchema, 'grievanceOfficer'>>,
]
