import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {DEFAULT_BUNDLED_DATASET} from '../../src/config/index.ts'
import {readNdjson, type SanityDocumentLike} from './queryApiStandIn.ts'
import {
  earliestWithNotice,
  indiaToday,
  planPolicyPublish,
  planWithdrawal,
  POLICY_VERSION_TYPE,
  type ChangeNote,
  type PolicyVersionDocument,
  type PolicyWording,
} from '../../model/policyVersions.ts'
import type {PolicyId} from '../../model/siteDocuments.ts'

/**
 * A language added to Site settings and turned on, with nothing translated into it yet: adding it
 * must leave every other language as it was. Its lines are a test's, not content.
 */
export const TAMIL = {
  _key: 'ta',
  _type: 'siteLanguage',
  code: 'ta',
  name: 'தமிழ்',
  englishName: 'Tamil',
  enabled: true,
  notTranslatedLine: 'இந்தப் பக்கத்தின் தமிழ் மொழிபெயர்ப்பு இன்னும் தயாராகவில்லை, அதனால் ஆங்கில உரை காட்டப்படுகிறது.',
  sampleLine: 'இது மாதிரி மொழிபெயர்ப்பு, இன்னும் மதிப்பாய்வு செய்யப்படவில்லை. ஆங்கில உரையே செல்லும்.',
  englishTextLink: 'ஆங்கில உரையைப் படிக்கவும்',
}

/** A fresh deep copy of the bundled dataset, to change without touching the file. */
export function bundledDocuments(): SanityDocumentLike[] {
  return readNdjson(DEFAULT_BUNDLED_DATASET)
}

export function documentById(documents: SanityDocumentLike[], id: string): Record<string, any> {
  const found = documents.find((document) => document._id === id)
  if (!found) throw new Error(`No document ${id} in the dataset`)
  return found
}

/**
 * The moment the dataset was last recorded: its newest policy version's. Its translations were
 * made against the texts in force then, so a test that judges them needs this moment, not today:
 * a version announced in the data takes effect later, and the translations then turn stale.
 */
export function recordedAt(documents: SanityDocumentLike[]): Date {
  const times = documents
    .filter((document) => document._type === POLICY_VERSION_TYPE)
    .map((document) => Date.parse(String(document.recordedAt)))
  if (times.length === 0) throw new Error('The dataset records no policy version.')
  return new Date(Math.max(...times))
}

/** Writes documents as an export file in a temporary folder and returns its path. */
export function writeNdjson(documents: SanityDocumentLike[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'dataset-')), 'production.ndjson')
  writeFileSync(path, documents.map((document) => JSON.stringify(document)).join('\n') + '\n')
  return path
}

/**
 * Publishes a change to a policy as Studio's publish action does: edits the policy document and
 * records the version the change makes, with the staff's date (today in India unless given),
 * summary and, for a date sooner than the notice period, the reason. Returns the new version.
 */
export function publishPolicyChange(
  documents: SanityDocumentLike[],
  policy: PolicyId,
  edit: (policy: Record<string, any>) => void,
  note: Pick<ChangeNote, 'summary'> & Partial<ChangeNote>,
  now = new Date(),
): PolicyVersionDocument {
  const draft = documentById(documents, policy)
  edit(draft)
  const plan = planPolicyPublish({
    policy,
    draft: draft as PolicyWording,
    versions: documents.filter((document) => document._type === POLICY_VERSION_TYPE) as never,
    figures: documentById(documents, 'policyFigures'),
    facts: documentById(documents, 'companyFacts'),
    note: {effectiveDate: indiaToday(now), ...note},
    now,
  })
  if (!plan.ok) throw new Error(plan.problems.join(' '))
  if (plan.versions.length !== 1) throw new Error(`Publishing ${policy} changed nothing.`)
  // A copy: the version must not share the policy's sections, which a later edit changes.
  const version = structuredClone(plan.versions[0]!)
  documents.push({...version})
  return version
}

/**
 * Withdraws the changes announced for a policy as Studio's "Withdraw announced change" does: marks
 * each withdrawn with the time and reason, and puts the policy's text back to the version in force.
 * Returns the withdrawn versions.
 */
export function withdrawAnnouncedChange(
  documents: SanityDocumentLike[],
  policy: PolicyId,
  reason: string,
  now = new Date(),
): PolicyVersionDocument[] {
  const versions = documents.filter((document) => document._type === POLICY_VERSION_TYPE)
  const plan = planWithdrawal({
    versions: versions as never as PolicyVersionDocument[],
    policy,
    note: reason,
    now,
  })
  if (!plan.ok) throw new Error(plan.problems.join(' '))
  for (const withdrawn of plan.withdrawn) Object.assign(documentById(documents, withdrawn._id), withdrawn)
  const {title, intro, sections} = plan.inForce
  Object.assign(documentById(documents, policy), structuredClone({title, intro, sections}))
  return plan.withdrawn
}

/** Noon in India on a day of November 2026. */
const novemberNoon = (day: number) => new Date(Date.UTC(2026, 10, day, 6, 30))

/**
 * The bundled dataset with a Privacy Policy history the test makes through Studio's publishing:
 * versions 2 to 7 correct section 1's heading, each at once on its own day from 17 to 22
 * November 2026, and version 8, published on 25 November, is announced for 26 December 2026 with
 * full notice. Tests of withdrawing and of schedules read this history, not the sample's.
 */
export function withAnnouncedPrivacyChange(documents = bundledDocuments()): SanityDocumentLike[] {
  const retitle = (mark: string) => (policy: Record<string, any>) => {
    policy.sections[0].heading = `${String(policy.sections[0].heading).replace(/ \(.*\)$/, '')} (${mark})`
  }
  for (let number = 2; number <= 7; number++) {
    const now = novemberNoon(15 + number)
    publishPolicyChange(
      documents,
      'privacyPolicy',
      retitle(`revision ${number}`),
      {summary: `Section 1's heading, revision ${number}.`, shortNoticeReasons: ['correction']},
      now,
    )
  }
  publishPolicyChange(
    documents,
    'privacyPolicy',
    retitle('announced'),
    {summary: "Section 1's heading, announced ahead.", effectiveDate: '2026-12-26'},
    novemberNoon(25),
  )
  return documents
}

/**
 * The bundled dataset with a change of the Privacy Policy announced now, through Studio's
 * publishing, for the first day its notice allows: section 1's heading, marked "(announced)". For
 * tests that need an announced Privacy change on any day the clock says.
 */
export function withPrivacyChangeAnnounced(
  documents = bundledDocuments(),
  now = new Date(),
): SanityDocumentLike[] {
  const notice = Number(documentById(documents, 'policyFigures').policyChangeNoticeDays)
  publishPolicyChange(
    documents,
    'privacyPolicy',
    (policy) => {
      policy.sections[0].heading = `${policy.sections[0].heading} (announced)`
    },
    {
      summary: "Section 1's heading, announced ahead.",
      effectiveDate: earliestWithNotice({now, latest: true, noticeDays: notice})!,
    },
    now,
  )
  return documents
}
