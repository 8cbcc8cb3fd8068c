import {evaluate, parse} from 'groq-js'
import {describe, expect, it, vi} from 'vitest'
import {POLICY_IDS} from '../../../model/siteDocuments'
import {wordsDigest} from '../../../model/translations'
import {
  currentEnglish,
  englishFallbackId,
  englishReplacing,
  isTranslationDocument,
  REVIEW_READ_QUERY,
  reviewBadge,
  reviewDayProblem,
  reviewedRecord,
  reviewerProblem,
  reviewProblems,
  reviewReadParams,
  reviewTarget,
  upcomingEnglish,
  type ReviewRead,
} from '../../../studio/actions/translationReview'
import {bundledDocuments, documentById} from '../../support/dataset'

// The action and badge are React in a .tsx file the Studio compiles; loading the config needs only their names.
vi.mock('../../../studio/actions/PublishRecordingVersions', () => ({
  publishRecordingVersions: () => null,
  RecordVersionAction: () => null,
}))
vi.mock('../../../studio/actions/WithdrawAnnouncedChange', () => ({
  WithdrawAnnouncedChangeAction: Object.assign(() => null, {displayName: 'WithdrawAnnouncedChangeAction'}),
}))
vi.mock('../../../studio/actions/AddNoteOfCorrection', () => ({
  AddNoteOfCorrectionAction: Object.assign(() => null, {displayName: 'AddNoteOfCorrectionAction'}),
}))
vi.mock('../../../studio/actions/TranslationReview', () => ({
  MarkReviewedAction: Object.assign(() => null, {displayName: 'MarkReviewedAction'}),
  TranslationReviewBadge: Object.assign(() => null, {displayName: 'TranslationReviewBadge'}),
  TranslationChangesInput: (props: {renderDefault: (props: object) => unknown}) => props.renderDefault(props),
}))
vi.mock('../../../studio/siteStatus/DocumentOnSite', () => ({
  siteStatusBadge: () => Object.assign(() => null, {displayName: 'SiteStatusBadge'}),
  siteStatusInput: () => (props: {renderDefault: (props: object) => unknown}) => props.renderDefault(props),
}))
vi.mock('../../../studio/siteStatus/SiteStatusTool', () => ({SiteStatusTool: () => null}))

const dataset = bundledDocuments()
/** The published documents: what the Studio client reads with the published perspective. */
const published = dataset.filter(({_id}) => !_id.startsWith('drafts.') && !_id.startsWith('versions.'))

/** Noon in India on 1 December 2026. */
const NOW = new Date('2026-12-01T06:30:00Z')

async function read(type: string, id: string, documents = published): Promise<ReviewRead> {
  const params = reviewReadParams(type, id)
  const tree = parse(REVIEW_READ_QUERY, {params})
  return (await (await evaluate(tree, {dataset: documents, params})).get()) as ReviewRead
}

const metadata = (englishId: string, translationId: string, language = 'hi') => ({
  _id: `translation-metadata-${translationId}`,
  _type: 'translation.metadata',
  translations: [
    {_key: 'abc', language: 'en', value: {_type: 'reference', _ref: englishId, _weak: true}},
    {_key: 'def', language, value: {_type: 'reference', _ref: translationId, _weak: true}},
  ],
})

describe('which documents are translations', () => {
  it('is a document whose language is set and is not English', () => {
    expect(isTranslationDocument({language: 'hi'})).toBe(true)
    expect(isTranslationDocument({language: 'en'})).toBe(false)
    expect(isTranslationDocument({language: ''})).toBe(false)
    expect(isTranslationDocument({})).toBe(false)
    expect(isTranslationDocument(null)).toBe(false)
  })
})

describe('finding the English document', () => {
  it("falls back to a singleton's fixed id, and to the policy a bundled translation's id names", () => {
    expect(englishFallbackId('contactPage', 'drafts.5f0c6a1e')).toBe('contactPage')
    expect(englishFallbackId('siteSettings', 'siteSettings__i18n_hi')).toBe('siteSettings')
    expect(englishFallbackId('policy', 'drafts.privacyPolicy__i18n_hi')).toBe(POLICY_IDS.privacy)
    expect(englishFallbackId('policy', '5f0c6a1e-0000')).toBeNull()
    expect(englishFallbackId('policy', 'somethingElse__i18n_hi')).toBeNull()
  })

  it('asks with the published id of the translation, whichever of its ids Studio gives', () => {
    expect(reviewReadParams('contactPage', 'drafts.abc')).toEqual({
      id: 'abc',
      english: 'en',
      fallbackId: 'contactPage',
      type: 'contactPage',
    })
  })

  it("reads the English document the plugin's metadata links, published", async () => {
    const answer = await read('contactPage', 'drafts.contactPage__i18n_hi')
    expect(answer.englishId).toBe('contactPage')
    expect(answer.english?._id).toBe('contactPage')
  })

  it('prefers the metadata over the fallback, and finds a policy translation the plugin made', async () => {
    const documents = [
      ...published,
      {_id: 'a1b2c3', _type: 'policy', language: 'hi'},
      metadata(POLICY_IDS.refund, 'a1b2c3'),
    ]
    const answer = await read('policy', 'drafts.a1b2c3', documents)
    expect(answer.englishId).toBe(POLICY_IDS.refund)
    const refundVersions = published.filter(
      ({_type, policy}) => _type === 'policyVersion' && policy === POLICY_IDS.refund,
    )
    expect(answer.versions).toHaveLength(refundVersions.length)
    expect(answer.versions?.every(({policy}) => policy === POLICY_IDS.refund)).toBe(true)
  })

  it('finds no English document for a policy translation nothing links', async () => {
    const answer = await read('policy', 'a1b2c3')
    expect(answer.englishId).toBe('')
    expect(reviewTarget(answer, 'policy', NOW)).toMatchObject({ok: false, problem: /could not be found/})
    expect(currentEnglish(answer, 'policy', NOW)).toBeUndefined()
  })
})

describe('what a review is recorded against', () => {
  it("is the published English document's digest for the Contact page and Site settings", async () => {
    for (const type of ['contactPage', 'siteSettings']) {
      const target = reviewTarget(await read(type, `${type}__i18n_hi`), type, NOW)
      expect(target).toMatchObject({
        ok: true,
        englishId: type,
        translates: wordsDigest(documentById(published, type)),
        against: expect.stringMatching(/^the English .+ as published now$/),
      })
    }
  })

  it('ignores an unpublished English draft', async () => {
    const english = documentById(published, 'contactPage')
    const documents = [
      ...published,
      {...english, _id: 'drafts.contactPage', _type: 'contactPage', title: 'Changed, not published'},
    ]
    const target = reviewTarget(
      await read('contactPage', 'contactPage__i18n_hi', documents),
      'contactPage',
      NOW,
    )
    expect(target).toMatchObject({ok: true, translates: wordsDigest(english)})
  })

  it('is the number of the English version in force for a policy, with a word about a version to come', () => {
    const versions = [
      {
        policy: POLICY_IDS.privacy,
        number: 1,
        effectiveDate: '2025-01-01',
        recordedAt: '2024-12-01T06:00:00Z',
      },
      {
        policy: POLICY_IDS.privacy,
        number: 2,
        effectiveDate: '2026-06-01',
        recordedAt: '2026-05-01T06:00:00Z',
      },
      {
        policy: POLICY_IDS.privacy,
        number: 3,
        effectiveDate: '2027-01-01',
        recordedAt: '2026-11-20T06:00:00Z',
      },
    ]
    const target = reviewTarget({englishId: POLICY_IDS.privacy, versions}, 'policy', NOW)
    expect(target).toMatchObject({
      ok: true,
      translates: '2',
      against: 'version 2 of the English Privacy Policy, in force since 2026-06-01',
      note: expect.stringContaining('Version 3 applies from 2027-01-01'),
    })
    expect(currentEnglish({englishId: POLICY_IDS.privacy, versions}, 'policy', NOW)).toBe('2')
    expect(
      reviewTarget({englishId: POLICY_IDS.privacy, versions: versions.slice(0, 2)}, 'policy', NOW),
    ).not.toHaveProperty('note')
  })

  it('never offers, nor keeps as reviewed, an announced version that a later one replaces on its day', () => {
    const announced = [
      {
        policy: POLICY_IDS.privacy,
        number: 2,
        effectiveDate: '2026-06-01',
        recordedAt: '2026-05-01T06:00:00Z',
      },
      {
        policy: POLICY_IDS.privacy,
        number: 3,
        effectiveDate: '2027-01-01',
        recordedAt: '2026-11-20T06:00:00Z',
      },
    ]
    const record = {
      translates: '3',
      review: 'reviewed',
      reviewedBy: 'Priya Raman',
      reviewedOn: '2026-12-01',
    } as const
    const before: ReviewRead = {englishId: POLICY_IDS.privacy, versions: announced}
    const badgeOf = (read: ReviewRead) =>
      reviewBadge(record, currentEnglish(read, 'policy', NOW), upcomingEnglish(read, 'policy', NOW))
    expect(badgeOf(before)).toMatchObject({label: 'Reviewed for version 3'})

    // Version 4 is recorded for the same day: version 3 never applies, so its review is stale, and
    // it is compared with version 4, the text that applies instead.
    const after: ReviewRead = {
      ...before,
      versions: [
        ...announced,
        {
          policy: POLICY_IDS.privacy,
          number: 4,
          effectiveDate: '2027-01-01',
          recordedAt: '2026-11-21T06:00:00Z',
        },
      ],
    }
    expect(badgeOf(after)).toMatchObject({label: 'Stale'})
    expect(englishReplacing(after, 'policy', '3', NOW)).toBe('4')
    const target = reviewTarget(after, 'policy', NOW)
    expect(target.ok && target.later.map(({translates}) => translates)).toEqual(['4'])

    // Recorded for a later day, version 3 still applies in between: its review goes live with it.
    const later: ReviewRead = {
      ...before,
      versions: [
        ...announced,
        {
          policy: POLICY_IDS.privacy,
          number: 4,
          effectiveDate: '2027-02-01',
          recordedAt: '2026-11-21T06:00:00Z',
        },
      ],
    }
    expect(badgeOf(later)).toMatchObject({label: 'Reviewed for version 3'})
    // A review of an earlier text is compared with the text in force now.
    expect(englishReplacing(before, 'policy', '1', NOW)).toBe('2')
  })

  it('refuses a policy with no version in force, and an English document never published', () => {
    const upcoming = [
      {policy: POLICY_IDS.terms, number: 1, effectiveDate: '2027-01-01', recordedAt: '2026-11-20T06:00:00Z'},
    ]
    expect(reviewTarget({englishId: POLICY_IDS.terms, versions: upcoming}, 'policy', NOW)).toMatchObject({
      ok: false,
      problem: /no version in force/,
    })
    expect(currentEnglish({englishId: POLICY_IDS.terms, versions: upcoming}, 'policy', NOW)).toBe('')
    expect(reviewTarget({englishId: 'contactPage', english: null}, 'contactPage', NOW)).toMatchObject({
      ok: false,
      problem: /not published yet/,
    })
    expect(currentEnglish({englishId: 'contactPage', english: null}, 'contactPage', NOW)).toBe('')
  })
})

describe('who reviewed it, and when', () => {
  it('takes a named person', () => {
    expect(reviewerProblem('  Priya   Raman ')).toBeUndefined()
    expect(reviewerProblem('R. Kumar')).toBeUndefined()
    expect(reviewerProblem('अनन्या शर्मा')).toBeUndefined()
  })

  it('refuses no name, a role or team, an email address', () => {
    expect(reviewerProblem('   ')).toMatch(/full name/)
    expect(reviewerProblem('Legal team')).toMatch(/not a role or a team/)
    expect(reviewerProblem('Translator')).toMatch(/not a role or a team/)
    expect(reviewerProblem('priya@example.com')).toMatch(/not an email address/)
    expect(reviewerProblem('X')).toMatch(/full name/)
  })

  it('takes a real day up to today in India', () => {
    // 20:00 UTC on 30 November is already 1 December in India.
    const lateEvening = new Date('2026-11-30T20:00:00Z')
    expect(reviewDayProblem('2026-12-01', lateEvening)).toBeUndefined()
    expect(reviewDayProblem('2026-11-15', NOW)).toBeUndefined()
    expect(reviewDayProblem('2026-12-02', NOW)).toMatch(/2026-12-01/)
    expect(reviewDayProblem('2026-02-30', NOW)).toMatch(/Choose the day/)
    expect(reviewDayProblem('', NOW)).toMatch(/Choose the day/)
    expect(reviewProblems({reviewedBy: '', reviewedOn: ''}, NOW)).toHaveLength(2)
    expect(reviewProblems({reviewedBy: 'Priya Raman', reviewedOn: '2026-12-01'}, NOW)).toEqual([])
  })

  it('writes a reviewed record of the English text it was checked against', () => {
    expect(reviewedRecord('4', {reviewedBy: ' Priya  Raman ', reviewedOn: '2026-12-01'})).toEqual({
      translates: '4',
      review: 'reviewed',
      reviewedBy: 'Priya Raman',
      reviewedOn: '2026-12-01',
    })
  })
})

describe('the badge', () => {
  const reviewed = {
    translates: 'abc',
    review: 'reviewed',
    reviewedBy: 'Priya Raman',
    reviewedOn: '2026-12-01',
  } as const

  it('says "Stale" when the English text changed since, whatever the review', () => {
    expect(reviewBadge(reviewed, 'def')).toMatchObject({label: 'Stale', color: 'danger'})
    expect(reviewBadge({translates: 'abc', review: 'sample'}, 'def')).toMatchObject({label: 'Stale'})
    expect(reviewBadge(reviewed, '')).toMatchObject({label: 'Stale'})
  })

  it('gives the review state otherwise, or while the English text is unknown', () => {
    expect(reviewBadge(reviewed, 'abc')).toMatchObject({label: 'Reviewed', color: 'success'})
    expect(reviewBadge(reviewed, undefined)).toMatchObject({label: 'Reviewed'})
    expect(reviewBadge(reviewed, 'abc').title).toContain('Priya Raman')
    expect(reviewBadge({translates: 'abc', review: 'sample'}, 'abc')).toMatchObject({label: 'Sample'})
    expect(reviewBadge({translates: 'abc', review: 'awaitingReview'}, 'abc')).toMatchObject({
      label: 'Awaiting review',
    })
    // Marked reviewed without a name is not a review, as the build judges it.
    expect(reviewBadge({translates: 'abc', review: 'reviewed'}, 'abc')).toMatchObject({
      label: 'Awaiting review',
    })
    expect(reviewBadge(undefined, 'abc')).toMatchObject({label: 'Not reviewed'})
  })

  it('reads the English text each bundled page translation translates, so its badge shows its review state until that text changes', async () => {
    // Whatever staff have reviewed by now: the badge is the translation's own state, never "Stale".
    const pages = published.filter(
      (document) => isTranslationDocument(document) && document._type !== 'policy',
    )
    expect(pages.length).toBeGreaterThan(0)
    for (const {_id: id, _type: type} of pages) {
      const {translation} = documentById(published, id)
      const english = currentEnglish(await read(type, id), type, NOW)
      expect(english, id).toBe(wordsDigest(documentById(published, type)))
      expect(reviewBadge(translation, english), id).toEqual(reviewBadge(translation, translation.translates))
      expect(reviewBadge({...translation, translates: 'older'}, english).label, id).toBe('Stale')
    }
  })
})

describe('the Studio', () => {
  const sanityActions = ['publish', 'unpublish', 'discardChanges', 'delete', 'duplicate', 'restore'].map(
    (action) => Object.assign(() => null, {action}),
  )
  const config = async () => (await import('../../../studio/sanity.config')).default as any

  it('offers "Mark as reviewed" and the review badge on translations only', async () => {
    const {document} = await config()
    const names = (list: {displayName?: string; action?: string}[]) =>
      list.map(({displayName, action}) => action ?? displayName)
    expect(names(document.actions(sanityActions, {schemaType: 'contactPage', documentId: 'a1b2c3'}))).toEqual(
      ['publish', 'unpublish', 'discardChanges', 'delete', 'restore', 'MarkReviewedAction'],
    )
    expect(
      names(document.actions(sanityActions, {schemaType: 'contactPage', documentId: 'contactPage'})),
    ).not.toContain('MarkReviewedAction')
    expect(names(document.badges([], {schemaType: 'policy', documentId: 'drafts.a1b2c3'}))).toEqual([
      'TranslationReviewBadge',
    ])
    expect(document.badges([], {schemaType: 'policy', documentId: POLICY_IDS.privacy})).toEqual([])
    expect(document.badges([], {schemaType: 'homePage', documentId: 'homePage'})).toEqual([])
  })

  it('offers "Mark as handled" on a contact message, which stays read-only, with its e-mail and handled badges', async () => {
    const {document} = await config()
    const names = (list: {displayName?: string; action?: string}[]) =>
      list.map(({displayName, action}) => action ?? displayName)
    const message = {schemaType: 'contactMessage', documentId: 'contactMessage.0a1b2c3d'}
    expect(names(document.actions(sanityActions, message))).toEqual(['MarkHandledAction', 'delete'])
    expect(names(document.badges([], message))).toEqual(['MailStateBadge', 'HandledBadge'])
  })
})
