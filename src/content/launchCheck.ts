import type {Loader} from 'astro/loaders'
import {
  DOCUMENT_TITLES,
  documentTitle,
  POLICY_ID_LIST,
  POLICY_VERSION_TYPE,
  SINGLETON_IDS,
} from '../../model/siteDocuments'
import {
  COMPANY_FACTS,
  factText,
  INDIAN_PHONE_RULE,
  isHomeCountry,
  isSampleFact,
  MESSAGE_PURPOSES,
  type ProcessorPurpose,
  sampleFacts,
  type CompanyFactKey,
  type CompanyFactsDocument,
} from '../../model/companyFacts'
import {
  changesPolicy,
  latestVersion,
  noticeBreaches,
  noticeDaysIn,
  quotedKeys,
  quotesFor,
  type PolicyVersionDocument,
  type PolicyWording,
} from '../../model/policyVersions'
import {isPublicSiteUrl} from '../../model/publicAddress'
import {isIndianPhone, isSampleEmail, isSampleUrl} from '../../model/samples'
import {PAGE_KINDS, sitePages} from '../../model/routes'
import {
  pathIn,
  isTranslatedType,
  translationStatus,
  wordsDigest,
  type TranslationRecord,
  type TranslationStatus,
} from '../../model/translations'
import {figureWordTitles} from '../../model/policyFigures'
import {dateLocale, writesDatesIn} from '../../model/dates'
import {
  figureWordsLacking,
  languageFigureWords,
  type SettingsTranslation,
} from '../../model/translatedFigures'
import {currentEnglishText, offeredLanguages, upcomingEnglishTexts} from './languages'
import {TRANSLATION_DOCUMENTS_QUERY, TRANSLATION_PARAMS} from './siteContent'
import type {ContentSource} from '../lib/contentSource'
import type {ContactConfig} from '../config/index.ts'

/**
 * The launch check: a site built for its public address must not show sample company facts
 * (addresses on .example, numbers kept for fiction, "(sample)" names) or link to addresses that
 * can belong to no one. A build for a local or test address may, and lists them so staff know
 * what is left to enter.
 */

/** Whether SITE_URL is public decides whether the launch check refuses samples (model/publicAddress.ts). */
export {isPublicSiteUrl}

/** A sample value found in a published document, in words staff can act on. */
export interface Sample {
  /** The document as Studio's desk names it, e.g. "Company facts". */
  document: string
  /** Where in the document, as Studio titles it, e.g. "Grievance Officer → E-mail". */
  field: string
  value: string
}

/** The company facts that are still samples, titled as in Studio. */
export function companyFactSamples(facts: CompanyFactsDocument): Sample[] {
  const document = DOCUMENT_TITLES[SINGLETON_IDS.companyFacts]
  return sampleFacts(facts).map(({title, value}) => ({document, field: title, value}))
}

/** Where a link leads, when that is an e-mail or web address on a name reserved for examples. */
function reservedTarget(href: string): boolean {
  if (/^mailto:/i.test(href)) return isSampleEmail(href.slice('mailto:'.length).split('?')[0])
  return isSampleUrl(href)
}

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null

/** How staff find an array item in Studio: "section 3 “Your Rights”", "paragraph 2". */
function itemLabel(field: string, item: unknown, index: number): string | undefined {
  if (field === 'markDefs' || field === 'children') return undefined
  if (field === 'sections') {
    const heading = isNode(item) && typeof item.heading === 'string' ? ` “${item.heading}”` : ''
    return `section ${index + 1}${heading}`
  }
  if (field === 'body') return `paragraph ${index + 1}`
  if (field === 'intro') return `At a glance, paragraph ${index + 1}`
  return `${field} ${index + 1}`
}

/**
 * Links anywhere in a document (a mailto: link in a policy, a footer link) that lead to an e-mail
 * or web address on a name reserved for examples. Example addresses in plain text, such as
 * "name@example.com" in a hint on the form, lead nowhere and pass.
 */
export function reservedLinksIn(document: unknown, title: string): Sample[] {
  const found: Sample[] = []
  const walk = (node: Node, where: string[]) => {
    for (const [field, child] of Object.entries(node)) {
      if (field.startsWith('_')) continue
      if (field === 'href' && typeof child === 'string') {
        if (reservedTarget(child))
          found.push({document: title, field: [...where, 'link'].join(' → '), value: child})
      } else if (Array.isArray(child)) {
        child.forEach((item, index) => {
          const label = itemLabel(field, item, index)
          if (isNode(item)) walk(item, label ? [...where, label] : where)
        })
      } else if (isNode(child)) {
        walk(child, [...where, field])
      }
    }
  }
  if (isNode(document)) walk(document, [])
  return found
}

/** Where a sample in a policy version is: the facts it quoted when it was recorded. */
const QUOTED_FACTS = 'Company facts as quoted'

/**
 * The sample company facts a policy version quotes, as one line per version. A version is never
 * edited, so a sample history (the bundled dataset's) is deleted before launch (docs/operating.md,
 * "Before launch").
 */
export function versionFactSamples(version: Node, title: string): Sample[] {
  const quoted = Array.isArray(version.facts) ? version.facts.filter(isNode) : []
  const samples = quoted.flatMap(({fact, text}) => {
    const definition = COMPANY_FACTS[fact as CompanyFactKey]
    return definition && typeof text === 'string' && isSampleFact(definition.kind, text) ? [text] : []
  })
  if (samples.length === 0) return []
  const more = samples.length > 1 ? ` and ${samples.length - 1} more` : ''
  return [{document: title, field: QUOTED_FACTS, value: `${samples[0]}${more}`}]
}

const VERSION_ADVICE =
  'A policy version is never edited: delete the sample versions and record real ones as the ' +
  'docs/operating.md says under "Before launch".'
const advice = (samples: Sample[]) =>
  samples.some((sample) => sample.field === QUOTED_FACTS) ? `\n${VERSION_ADVICE}` : ''

/** How a build message names a document: as Studio's desk does, or "Privacy Policy, version 2". */
function named(document: Node): string {
  const id = String(document._id)
  const policy = String(document.policy)
  if (document._type === POLICY_VERSION_TYPE)
    return `${documentTitle(policy) ?? policy}, version ${String(document.number)}`
  return documentTitle(id) ?? id
}

/** Every sample in the documents the site is built from: company facts, and links anywhere. */
export function samplesIn(documents: readonly Node[]): Sample[] {
  return documents.flatMap((document) => {
    const id = String(document._id)
    const title = named(document)
    const facts =
      id === SINGLETON_IDS.companyFacts
        ? companyFactSamples(document as CompanyFactsDocument)
        : document._type === POLICY_VERSION_TYPE
          ? versionFactSamples(document, title)
          : []
    return [...facts, ...reservedLinksIn(document, title)]
  })
}

const listed = (samples: Sample[]) =>
  samples.map(({document, field, value}) => `  - ${document} → ${field}: ${JSON.stringify(value)}`).join('\n')

const counted = (samples: Sample[]) =>
  samples.length === 1 ? 'one value that is a sample' : `${samples.length} values that are samples`

/**
 * What Company facts must hold before launch besides real values: customer care on an Indian
 * number, and a Data processors table that matches what this server does with a message (the
 * notice and the Privacy Policy are written from it, so a public build must not say one thing
 * while the server does another). One sentence per problem, saying what to change.
 */
export function companyFactProblems(
  facts: CompanyFactsDocument,
  /** What the server does with a message: where it keeps it, and whether it e-mails it (SMTP_URL). */
  contact: {mail?: object; store: {kind: ContactConfig['store']['kind']}},
  /** The English words of the contact form's first box; left out, the box is not checked. */
  consentLabel?: string,
): string[] {
  const rows = facts.processors ?? []
  const doing = (...purposes: ProcessorPurpose[]) =>
    rows.some((row) => purposes.every((purpose) => row.purposes?.includes(purpose)))
  const problems: string[] = []
  if (!doing('messageStore'))
    problems.push(
      'no row keeps the messages (tick “Message store” on the row of the provider that keeps them).',
    )
  else if (contact.store.kind === 'sqlite' && !doing('messageStore', 'hosting'))
    problems.push(
      'the server keeps messages in a database on its own machine (no SANITY_API_WRITE_TOKEN), so the hosting provider’s row must also be the message store’s.',
    )
  else if (contact.store.kind === 'sqlite' && doing('messageStore', 'content'))
    problems.push(
      'the server keeps messages in a database on its own machine, but the content provider’s row is also the message store’s, so the notice names a document history of messages that does not exist: untick “Message store” on that row (a provider that also hosts the server gets a row of its own for that).',
    )
  else if (contact.store.kind === 'sanity' && !doing('messageStore', 'content'))
    problems.push(
      'the server keeps messages in the Sanity project (SANITY_API_WRITE_TOKEN is set), so the content provider’s row must also be the message store’s.',
    )
  if (contact.mail && !doing('email'))
    problems.push('the server e-mails each message (SMTP_URL is set), but no row is the e-mail provider’s.')
  if (!contact.mail && doing('email'))
    problems.push(
      'a row says each message is e-mailed, but the server sends no e-mail (SMTP_URL is not set): untick “E-mail”, or set SMTP_URL.',
    )
  if (!doing('logs'))
    problems.push('no row keeps the request logs (tick “Request logs” on that provider’s row).')
  if (!doing('mailbox'))
    problems.push('no row hosts the mailboxes (tick “Mailboxes” on the row of the provider that hosts them).')
  for (const country of messageCountriesAbroad(facts))
    if (consentLabel !== undefined && !mentions(consentLabel, country))
      problems.push(
        `a message is kept or sent in ${country}, but the contact form’s first box (Contact page → Consent box) does not name it: the box is the visitor’s consent to that transfer.`,
      )
  const samePerson = facts.privacyContact?.sameAsGrievanceOfficer !== false
  const phones: [string, string | null | undefined][] = [
    ['Customer care → Phone', facts.customerCare?.phone],
    ['Grievance Officer → Phone', facts.grievanceOfficer?.phone],
    ['Questions about personal data → Phone', samePerson ? undefined : facts.privacyContact?.phone],
  ]
  for (const [field, phone] of phones)
    if (phone && !isIndianPhone(phone))
      problems.push(`${field} ${JSON.stringify(phone)} is not an Indian number. ${INDIAN_PHONE_RULE}`)
  return problems
}

/** The countries outside India where a contact message is kept or sent, as the table names them. */
function messageCountriesAbroad(facts: CompanyFactsDocument): string[] {
  const rows = (facts.processors ?? []).filter((row) =>
    row.purposes?.some((purpose) => MESSAGE_PURPOSES.includes(purpose as ProcessorPurpose)),
  )
  const abroad = rows
    .map((row) => row.country?.trim() ?? '')
    .filter((country) => country && !isHomeCountry(country))
  return [...new Set(abroad)]
}

/** "the United States" is named by a box that says "United States". */
const mentions = (text: string, country: string) =>
  text.toLowerCase().includes(country.toLowerCase().replace(/^the\s+/, ''))

/** The English Contact page's first box, as published. */
function consentLabelIn(documents: readonly Node[]): string | undefined {
  const page = documents.find((document) => document._id === SINGLETON_IDS.contactPage)
  const label = (page?.form as {consentLabel?: unknown} | undefined)?.consentLabel
  return typeof label === 'string' ? label : undefined
}

const listedFactProblems = (problems: readonly string[]) =>
  problems.length === 0
    ? ''
    : `\nCompany facts that a public build refuses (Data processors must match what this server does):\n${problems.map((p) => `  - ${p}`).join('\n')}`

/** "a, b and c". */
const joined = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

export type LaunchVerdict = {ok: true; warning?: string} | {ok: false; error: string}

/** What a translation problem says: which document, in which language, and why. */
const STATUS_WORDS: Record<Exclude<TranslationStatus, 'shown'>, string> = {
  missing: 'there is no translation',
  stale: 'it translates an older English text',
  upcoming: 'it translates an announced version, and is shown from the day that version applies',
  awaitingReview: 'it awaits review',
  sample: 'it is a sample translation',
  figureWordsMissing: 'it quotes figures or Company fact periods this language has no words for',
}

/** A translation a public build cannot launch with: a sample. */
export interface TranslationProblem {
  /** The translation's id. */
  document: string
  language: string
  status: 'sample'
}

const listedTranslations = (problems: readonly TranslationProblem[]) =>
  problems.length === 0
    ? ''
    : `\nTranslations a public build cannot show (a sample translation is deleted, or replaced and reviewed):\n` +
      problems
        .map(({document, language, status}) => `  - ${document} (${language}): ${STATUS_WORDS[status]}`)
        .join('\n')

/**
 * Refuses samples, translations that cannot be shown, and Company facts that do not fit the law
 * or the server (companyFactProblems), in a build for a public SITE_URL; otherwise passes, with the list as a warning.
 */
export function judgeSamples(
  samples: Sample[],
  site: string | undefined,
  translations: readonly TranslationProblem[] = [],
  facts: readonly string[] = [],
): LaunchVerdict {
  if (samples.length === 0 && translations.length === 0 && facts.length === 0) return {ok: true}
  const found = [
    samples.length === 0 ? '' : `holds ${counted(samples)}, which can belong to no one`,
    translations.length === 0 ? '' : 'has translations it cannot show',
    facts.length === 0 ? '' : 'has Company facts that do not fit the law or this server',
  ].filter(Boolean)
  const what = joined(found)
  const details =
    listed(samples) + advice(samples) + listedTranslations(translations) + listedFactProblems(facts)
  if (isPublicSiteUrl(site)) {
    return {
      ok: false,
      error:
        `Launch check: this build is for ${site}, a public address, but the published content still ` +
        `${what}. Enter the company's real value for each in Studio, publish, and ` +
        `build again:\n${details}`,
    }
  }
  return {
    ok: true,
    warning:
      `Launch check: the content ${what}. ` +
      `That is fine for ${site ?? 'a local build'}, but a build for the public address refuses them. ` +
      `Enter the real values in Studio before launch:\n${details}`,
  }
}

/** A translation document as the launch check reads it: whole, with the id of what it translates. */
export type TranslationDocument = Node & {
  _id: string
  language: string
  englishId: string
  translation?: TranslationRecord
}

/**
 * Each page in each language Site settings turn on, with whose words it shows: a translation's
 * status as this build judges it. A page whose document is not translated (home, About) shows
 * English, `missing`.
 */
export function translationVerdicts(
  documents: readonly Node[],
  translations: readonly TranslationDocument[],
  {publicBuild, now}: {publicBuild: boolean; now: Date},
) {
  const byId = (id: string) => documents.find((document) => document._id === id)
  const versions = documents.filter(
    (document) => document._type === POLICY_VERSION_TYPE,
  ) as unknown as PolicyVersionDocument[]
  // The route table's pages in every language whose address names no version, each with the
  // document its text is (a policy's history and versions follow the policy's verdict).
  const pages = sitePages({languages: [], versions: []})
    .filter(({target}) => PAGE_KINDS[target.page].everyLanguage)
    .map(({target, englishPath}) => {
      const [document] = PAGE_KINDS[target.page].documents(target)
      return {
        path: englishPath,
        id: document!.id,
        translated: isTranslatedType(document!.type),
      }
    })
  const english = (id: string) =>
    currentEnglishText(id, {versions, now, digest: () => wordsDigest(byId(id) ?? {})})
  const facts = (byId(SINGLETON_IDS.companyFacts) ?? {}) as CompanyFactsDocument
  const judge = (id: string, language: string) => {
    const translation = translations.find((doc) => doc.englishId === id && doc.language === language)
    const upcomingEnglish = upcomingEnglishTexts(id, {versions, now})
    const verdict = translationStatus(translation?.translation, english(id), {publicBuild, upcomingEnglish})
    // As the pages judge (src/content/entries.ts): figures must read in the language's words.
    const figureWords = wordsOf(language)
    const lacking =
      verdict.show && translation ? figureWordsLacking(translation, figureWords.missing, facts) : []
    if (lacking.length > 0)
      return {
        translation,
        status: 'figureWordsMissing' as const,
        show: false,
        lacking,
        wordsUsable: figureWords.usable,
      }
    return {translation, ...verdict, lacking, wordsUsable: figureWords.usable}
  }
  const wordsOf = (language: string) =>
    languageFigureWords(
      translations.find(
        (doc) => doc.englishId === SINGLETON_IDS.siteSettings && doc.language === language,
      ) as SettingsTranslation | undefined,
      {publicBuild},
    )
  return offeredLanguages(byId(SINGLETON_IDS.siteSettings)).map((language) => ({
    language,
    settings: judge(SINGLETON_IDS.siteSettings, language.code),
    pages: pages.map(({path, id, translated}) => ({
      path: pathIn(language.code, path),
      id,
      ...(translated
        ? judge(id, language.code)
        : {translation: undefined, status: 'missing' as const, show: false, lacking: [], wordsUsable: true}),
    })),
  }))
}

/**
 * What a public build refuses: every sample translation. A translation that is missing, stale or
 * awaiting review never stops a build (an English comma must not hold back a policy switch): its
 * page shows English with the language's line, and the build names it (`fallbackWarnings`).
 */
export function translationProblems(translations: readonly TranslationDocument[]): TranslationProblem[] {
  return translations
    .filter((translation) => translation.translation?.review === 'sample')
    .map(({_id, language}) => ({document: _id, language, status: 'sample'}))
}

/** One warning per page and language that shows English: what the build fell back on. */
export function fallbackWarnings(
  documents: readonly Node[],
  translations: readonly TranslationDocument[],
  options: {publicBuild: boolean; now: Date},
): string[] {
  return translationVerdicts(documents, translations, options).flatMap(({language, settings, pages}) => {
    const named = `${language.name} (${language.code})`
    const header = settings.show
      ? []
      : [
          `${named}: the header, menu and footer are shown in English: ${STATUS_WORDS[settings.status as 'missing']}.`,
        ]
    const dates = writesDatesIn(language.code)
      ? []
      : [
          `${named}: this server has no month names for ${dateLocale(language.code)}, so its pages write dates in figures (23/11/2026).`,
        ]
    return [
      ...header,
      ...dates,
      ...pages
        .filter(({show}) => !show)
        .map(
          ({path, id, status, translation, lacking, wordsUsable}) =>
            `${named}: ${path} shows the English ${documentTitle(id) ?? id} with the line that it is not translated: ` +
            `${STATUS_WORDS[status as 'missing']}${translation ? ` (translation ${translation._id})` : ''}` +
            (lacking.length === 0
              ? '.'
              : wordsUsable
                ? `. Missing in Site settings (${language.code}) › Policy dates and figures: ${figureWordTitles(lacking)}.`
                : `. Those words come from the Site settings translation (${language.code}), which this build does not show: there is none, or it awaits review.`),
        ),
    ]
  })
}

/**
 * Policies whose published text, or a figure or fact it quotes, differs from their latest version:
 * published without Studio's publish action (through the API, the CLI or an import), so no version
 * was recorded and the pages keep showing the latest one. One warning each, saying what to do.
 */
export function unrecordedChanges(documents: readonly Node[]): string[] {
  const byId = (id: string) => documents.find((document) => document._id === id)
  const versions = documents.filter(
    (document) => document._type === POLICY_VERSION_TYPE,
  ) as unknown as PolicyVersionDocument[]
  const figures = byId(SINGLETON_IDS.policyFigures) ?? {}
  const facts = (byId(SINGLETON_IDS.companyFacts) ?? {}) as CompanyFactsDocument
  return POLICY_ID_LIST.flatMap((id) => {
    const policy = byId(id) as PolicyWording | undefined
    const latest = latestVersion(versions, id)
    if (!policy || !latest || !changesPolicy(latest, policy, quotesFor(policy, figures, facts))) return []
    return [
      `${DOCUMENT_TITLES[id]}: the published text, or a figure or fact it quotes, differs from version ` +
        `${latest.number}, which its pages keep showing. It was published without recording a version: ` +
        'in Studio, use “Record a version…” on it (or on the figures or facts changed), with the date ' +
        'and a summary of the change, to put it live.',
    ]
  })
}

/**
 * Company facts that a policy or the Contact page quotes but that read empty, so a sentence would
 * show a gap: for example the website's e-mail provider, which the Privacy Policy names as the
 * sender of the acknowledgement, when no row sends e-mail (SMTP_URL not set). One warning each,
 * naming the fact and the texts, saying what to do.
 */
export function emptyQuotedFacts(documents: readonly Node[]): string[] {
  const facts = (documents.find((document) => document._id === SINGLETON_IDS.companyFacts) ??
    {}) as CompanyFactsDocument
  const texts = documents.filter(
    (document) =>
      POLICY_ID_LIST.includes(document._id as never) || document._id === SINGLETON_IDS.contactPage,
  )
  const quotedBy = new Map<CompanyFactKey, string[]>()
  for (const text of texts)
    for (const fact of quotedKeys(text).facts)
      if (factText(facts, fact) === '') quotedBy.set(fact, [...(quotedBy.get(fact) ?? []), named(text)])
  return [...quotedBy].map(
    ([fact, titles]) =>
      `${titles.join(', ')} quote${titles.length === 1 ? 's' : ''} the Company fact “${COMPANY_FACTS[fact].title}”, ` +
      'which is empty, so the sentence shows a gap: enter it in Company facts, or reword that sentence ' +
      'and record a version.',
  )
}

/**
 * Every recorded version announced with less notice than the rule allows and no reason for it
 * (model/policyVersions.ts `noticeBreaches`), as one message that fails any build, local or public:
 * the history readers rely on must keep the promise the Terms make.
 */
export function noticeProblem(documents: readonly Node[]): string | undefined {
  const versions = documents.filter(
    (document) => document._type === POLICY_VERSION_TYPE,
  ) as unknown as PolicyVersionDocument[]
  const figures = documents.find((document) => document._id === SINGLETON_IDS.policyFigures) ?? {}
  const breaches = noticeBreaches(versions, noticeDaysIn(figures))
  if (breaches.length === 0) return undefined
  return (
    'Notice check: a policy change must be announced at least the notice period (Policy figures), in clear days ' +
    'counted from the day after it is announced, ' +
    `before it applies, unless it records why it may apply sooner:\n${breaches.map((line) => `  - ${line}`).join('\n')}`
  )
}

/**
 * One request for every document the site is built from (`query`, run with their ids), whole,
 * and every translation with the id of what it translates.
 */
export async function readSiteDocuments(content: ContentSource, query: string) {
  const answer = (await content.fetch(
    `{"documents": ${query}, "translations": ${TRANSLATION_DOCUMENTS_QUERY}}`,
    {
      ids: Object.keys(DOCUMENT_TITLES),
      ...TRANSLATION_PARAMS,
    },
  )) as {documents?: unknown; translations?: unknown} | null
  const documents = Array.isArray(answer?.documents) ? answer.documents.filter(isNode) : []
  const translations = (
    Array.isArray(answer?.translations) ? answer.translations.filter(isNode) : []
  ) as TranslationDocument[]
  return {documents, translations}
}

/** The command that prints the launch check's list whole (scripts/launchCheck.ts). */
export const LAUNCH_CHECK_COMMAND = 'npm run launch-check'

/** What the launch check finds in the content, as a build and `LAUNCH_CHECK_COMMAND` say it. */
export interface LaunchReport {
  /** What fails this build, whole: a late notice, or anything a public build refuses. */
  error?: string
  /** What staff must do now, whole in every build: a policy published without its version. */
  actNow: string[]
  /** What to settle before launch (samples, translations, facts) and pages shown in English. */
  list: string[]
  /** The list in one line for a build's log, with the command that prints it whole. */
  summary?: string
}

/** "1 page", "8 pages", or nothing for none. */
const some = (count: number, one: string, many: string) =>
  count === 0 ? [] : [count === 1 ? `1 ${one}` : `${count} ${many}`]

/** The launch check over every document the site is built from, judged together. */
export function launchReport(
  documents: readonly Node[],
  translations: readonly TranslationDocument[],
  {
    site,
    contact,
    now,
  }: {site: string | undefined; contact: Parameters<typeof companyFactProblems>[1]; now: Date},
): LaunchReport {
  const notice = noticeProblem(documents)
  if (notice) return {error: notice, actNow: [], list: []}
  const samples = samplesIn([...documents, ...translations])
  const facts = (documents.find((document) => document._id === SINGLETON_IDS.companyFacts) ??
    {}) as CompanyFactsDocument
  const problems = {
    translations: translationProblems(translations),
    facts: companyFactProblems(facts, contact, consentLabelIn(documents)),
  }
  const verdict = judgeSamples(samples, site, problems.translations, problems.facts)
  if (!verdict.ok) return {error: verdict.error, actNow: [], list: []}
  const fallbacks = fallbackWarnings(documents, translations, {publicBuild: isPublicSiteUrl(site), now})
  const list = [...(verdict.warning ? [verdict.warning] : []), ...fallbacks]
  const refused = [
    ...some(samples.length, 'sample value', 'sample values'),
    ...some(problems.translations.length, 'sample translation', 'sample translations'),
    ...some(problems.facts.length, 'Company fact to correct', 'Company facts to correct'),
  ]
  const found = [
    ...(refused.length === 0 ? [] : [`${joined(refused)}, which a build for the public address refuses`]),
    ...some(
      fallbacks.length,
      'place shown in English, untranslated',
      'places shown in English, untranslated',
    ),
  ]
  return {
    actNow: [...unrecordedChanges(documents), ...emptyQuotedFacts(documents)],
    list,
    summary:
      list.length === 0 ? undefined : `Launch check: ${found.join('; ')}. The list: ${LAUNCH_CHECK_COMMAND}`,
  }
}

/**
 * The launch check as a content collection: one query for every document the site is built
 * from, judged together, so a refused build lists every sample at once; a build that passes says
 * what remains in one line (the list is `LAUNCH_CHECK_COMMAND`'s). The collection holds each
 * document's revision, and for a translation of a language turned on whether its page shows it:
 * what the server reports as live once this build is (src/pages/server-data/live-content.json.ts),
 * so Studio can tell staff whether their publish is on the site. Ids and revisions only.
 */
export function launchCheckLoader(
  content: ContentSource,
  query: string,
  contact: Parameters<typeof companyFactProblems>[1],
  now: Date,
): Loader {
  return {
    name: 'launch-check',
    async load({store, logger, config}) {
      const {documents, translations} = await readSiteDocuments(content, query)
      const report = launchReport(documents, translations, {site: config.site, contact, now})
      if (report.error) throw new Error(report.error)
      for (const warning of report.actNow) logger.warn(warning)
      if (report.summary) logger.warn(report.summary)
      const publicBuild = isPublicSiteUrl(config.site)
      const shown = shownTranslations(translationVerdicts(documents, translations, {publicBuild, now}))
      store.clear()
      for (const document of [...documents, ...translations]) {
        const id = String(document._id)
        const translation = shown.get(id)
        store.set({id, data: {rev: String(document._rev ?? ''), ...(translation ? {translation} : {})}})
      }
    },
  }
}

function shownTranslations(verdicts: ReturnType<typeof translationVerdicts>) {
  const shown = new Map<string, {language: string; status: TranslationStatus}>()
  for (const {language, pages} of verdicts)
    for (const {translation, status} of pages)
      if (translation) shown.set(translation._id, {language: language.code, status})
  return shown
}
