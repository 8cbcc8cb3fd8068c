import {createClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {
  commitErrorMessage,
  planPublish,
  PUBLISH_READ_QUERY,
  publishMutations,
  publishRead,
  proposedDate,
  publishReadParams,
  recordMutations,
  versionsToRecord,
  type StoredDocument,
} from '../../../studio/actions/recordVersions'
import {formatDate} from '../../../model/dates'
import {formatFigure, POLICY_FIGURE_KEYS, type PolicyFigureKey} from '../../../model/policyFigures'
import {
  appliesFrom,
  effectiveFrom,
  effectiveWord,
  indiaToday,
  isCalendarDate,
  newVersion,
  nextChangeAt,
  planPolicyPublish,
  planQuotedValuesPublish,
  quotesFor,
  SHORT_NOTICE_LAW_EXAMPLE,
  SHORT_NOTICE_LAW_MAX,
  SHORT_NOTICE_REASON_KEYS,
  timeline,
  versionId,
  type ChangeNote,
  type PolicyVersionDocument,
  type ShortNoticeReason,
} from '../../../model/policyVersions'
import {DOCUMENT_TITLES, POLICY_IDS, type PolicyId} from '../../../model/siteDocuments'
import {unrecordedChanges} from '../../../src/content/launchCheck'
import studioConfig from '../../../studio/sanity.config'
import {bundledDocuments, documentById} from '../../support/dataset'
import {
  startQueryApiStandIn,
  type QueryApiStandIn,
  type SanityDocumentLike,
} from '../../support/queryApiStandIn'
import {SANITY_API_VERSION} from '../../../model/sanityApi'

// The action itself is React in a .tsx file the Studio compiles; here it is only told apart from Sanity's publish.
vi.mock('../../../studio/actions/PublishRecordingVersions', () => ({
  publishRecordingVersions: (publish: {action: string}) =>
    Object.assign(() => null, {action: 'publish', recordsVersionsAround: publish}),
  RecordVersionAction: Object.assign(() => null, {displayName: 'RecordVersionAction'}),
}))
vi.mock('../../../studio/actions/WithdrawAnnouncedChange', () => ({
  WithdrawAnnouncedChangeAction: Object.assign(() => null, {displayName: 'WithdrawAnnouncedChangeAction'}),
}))
vi.mock('../../../studio/actions/TranslationReview', () => ({
  MarkReviewedAction: () => null,
  TranslationReviewBadge: () => null,
  TranslationChangesInput: (props: {renderDefault: (props: object) => unknown}) => props.renderDefault(props),
}))
vi.mock('../../../studio/siteStatus/DocumentOnSite', () => ({
  siteStatusBadge: () => Object.assign(() => null, {displayName: 'SiteStatusBadge'}),
  siteStatusInput: () => (props: {renderDefault: (props: object) => unknown}) => props.renderDefault(props),
}))
vi.mock('../../../studio/siteStatus/SiteStatusTool', () => ({SiteStatusTool: () => null}))

const dataset = bundledDocuments()
const figures = documentById(dataset, 'policyFigures')
const facts = documentById(dataset, 'companyFacts')
const POLICIES = Object.values(POLICY_IDS) as PolicyId[]
const policies = POLICIES.map((id) => documentById(dataset, id))
const policy = (id: PolicyId) => policies.find((document) => document._id === id)!

/** Noon in India on 1 December 2026. */
const NOW = new Date('2026-12-01T06:30:00Z')
const TODAY = '2026-12-01'
const NOTE = {effectiveDate: '2027-01-04', summary: '  Explains when a refund may be asked for.  '}

/** Version 1 of each policy, recorded from its bundled text in the spring. */
const recorded: PolicyVersionDocument[] = policies.map((document) =>
  newVersion({
    policy: document._id,
    wording: document as never,
    quotes: quotesFor(document, figures, facts),
    note: {effectiveDate: '2026-03-02', summary: 'The first published version of this policy.'},
    now: new Date('2026-03-01T10:00:00Z'),
  }),
)

const draftOf = (document: Record<string, any>): StoredDocument => ({
  ...structuredClone(document),
  _id: `drafts.${document._id}`,
  _type: document._type,
  _rev: `draft-of-${document._id}`,
})

/** The Refund policy with its first heading reworded, as staff would edit it. */
function editedRefundPolicy() {
  const draft = draftOf(policy('refundPolicy'))
  ;(draft.sections as {heading: string}[])[0].heading = 'What This Policy Covers'
  return draft
}

/** Whether the text of a document quotes a value, read straight from the dataset's JSON. */
const quotesFigure = (document: object, figure: string) =>
  JSON.stringify(document).includes(`"figure":"${figure}"`)
const quotesFact = (document: object, fact: string) => JSON.stringify(document).includes(`"fact":"${fact}"`)
const hasGrievanceCard = (document: object) => JSON.stringify(document).includes('"_type":"grievanceContact"')

const printed = (version: PolicyVersionDocument, figure: PolicyFigureKey) =>
  version.figures.find((quoted) => quoted.figure === figure)?.text

const problemsOf = (plan: ReturnType<typeof planPolicyPublish>) => (plan.ok ? [] : plan.problems)

describe('publishing a changed policy', () => {
  const publish = (note: Partial<ChangeNote>, versions = recorded) =>
    planPolicyPublish({
      policy: 'refundPolicy',
      draft: editedRefundPolicy() as never,
      versions,
      figures,
      facts,
      note,
      now: NOW,
    })

  it('needs no version when the policy is published unchanged', () => {
    for (const document of policies) {
      const plan = planPolicyPublish({
        policy: document._id,
        draft: draftOf(document) as never,
        versions: recorded,
        figures,
        facts,
        note: {},
        now: NOW,
      })
      expect(plan).toEqual({ok: true, versions: []})
    }
  })

  it('needs no version when only the search description changed', () => {
    const draft = {...draftOf(policy('privacyPolicy')), description: 'A new search description.'}
    expect(planPublish(draft, {versions: recorded, figures, facts}, {}, NOW)).toEqual({
      ok: true,
      versions: [],
    })
  })

  it('is refused without a summary of what changed', () => {
    expect(problemsOf(publish({effectiveDate: NOTE.effectiveDate}))).toEqual([
      'Write a summary of what changed: it is shown with the new version.',
    ])
    expect(problemsOf(publish({...NOTE, summary: '   '}))).toHaveLength(1)
  })

  it('is refused with a summary too short to tell readers what changed', () => {
    expect(problemsOf(publish({...NOTE, summary: ' Fixed. '})).join()).toMatch(/too short/)
  })

  it('is refused with a date in the past', () => {
    expect(problemsOf(publish({...NOTE, effectiveDate: '2026-11-30'}))).toEqual([
      `The change cannot apply from a past date: choose ${formatDate(TODAY)} (today in India) or later.`,
    ])
  })

  it('is refused without a date, or with a day that does not exist', () => {
    for (const effectiveDate of [undefined, '', '15/12/2026', '2026-02-30', '2026-13-01', '2026-12-00'])
      expect(problemsOf(publish({...NOTE, effectiveDate}))).toEqual([
        'Choose the date from which the change applies.',
      ])
  })

  it('is refused with a date before the upcoming version it follows', () => {
    const upcoming = newVersion({
      policy: 'refundPolicy',
      wording: editedRefundPolicy() as never,
      quotes: quotesFor(policy('refundPolicy'), figures, facts),
      note: {effectiveDate: '2027-01-01', summary: 'A change announced for the new year.'},
      previous: recorded[2],
      now: NOW,
    })
    const versions = [...recorded, upcoming]
    const later = {...NOTE, summary: 'Another change, after the announced one.'}
    const draft = {...editedRefundPolicy(), title: 'Refunds and Cancellations'}
    const plan = (effectiveDate: string, reason?: ShortNoticeReason) =>
      planPolicyPublish({
        policy: 'refundPolicy',
        draft: draft as never,
        versions,
        figures,
        facts,
        note: {
          ...later,
          effectiveDate,
          ...(reason ? {shortNoticeReasons: [reason], shortNoticeLaw: SHORT_NOTICE_LAW_EXAMPLE} : {}),
        },
        now: NOW,
      })
    // A reason for short notice does not help, and staff are told why and what they can do.
    for (const reason of [undefined, ...SHORT_NOTICE_REASON_KEYS])
      expect(problemsOf(plan('2026-12-15', reason))).toEqual([
        expect.stringMatching(
          /already has version 2, announced to take effect on 1 January 2027\. .*even with a reason for short notice: on 1 January 2027 version 2, written without this change, would replace it\. Choose 1 January 2027 or later\. If this change must apply sooner, .*withdraw version 2/,
        ),
      ])
    const accepted = plan('2027-01-01')
    expect(accepted.ok && accepted.versions.map(({_id}) => _id)).toEqual(['policyVersion-refundPolicy-3'])
    // The dialog proposes that day, the first the rules allow, rather than one it would refuse.
    const proposed = proposedDate(
      {...draft, _id: 'drafts.refundPolicy', _type: 'policy'},
      {versions, figures, facts},
      NOW,
    )
    expect(proposed).toBe('2027-01-01')
    expect(plan(proposed).ok).toBe(true)
  })

  describe('announced ahead', () => {
    const noticeDays = figures.policyChangeNoticeDays as number
    /** The first day a change announced on TODAY may apply from: the notice period in clear days, then the day. */
    const firstNoticedDay = new Date(Date.parse(`${TODAY}T00:00:00Z`) + (noticeDays + 1) * 86_400_000)
      .toISOString()
      .slice(0, 10)
    const dayBeforeThat = new Date(Date.parse(`${firstNoticedDay}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10)

    it('is refused with a date sooner than the notice period in Policy figures, naming the first day allowed', () => {
      expect(noticeDays).toBeGreaterThan(1)
      expect(problemsOf(publish({...NOTE, effectiveDate: dayBeforeThat}))).toEqual([
        `A change is announced at least ${noticeDays} clear days before it applies, counted from the day after ` +
          `it is announced: choose ${formatDate(firstNoticedDay)} or later, or tick every reason why this one may apply sooner.`,
      ])
      expect(problemsOf(publish({...NOTE, effectiveDate: TODAY}))).toHaveLength(1)
      expect(publish({...NOTE, effectiveDate: firstNoticedDay}).ok).toBe(true)
    })

    it('may apply sooner for a correction, clearer wording or a new right, and the version records which', () => {
      for (const reason of ['correction', 'clearerWording', 'newRight'] as const) {
        const plan = publish({...NOTE, effectiveDate: TODAY, shortNoticeReasons: [reason]})
        expect(plan.ok, reason).toBe(true)
        expect(plan.ok && plan.versions[0], reason).toMatchObject({shortNoticeReasons: [reason]})
        expect(plan.ok && plan.versions[0], reason).not.toHaveProperty('shortNoticeLaw')
      }
      expect(
        problemsOf(publish({...NOTE, effectiveDate: TODAY, shortNoticeReasons: ['because' as never]})),
      ).toContain('Choose why the change may apply sooner, from the reasons listed.')
    })

    it('records every reason ticked, each once, in the order the dialog lists them', () => {
      const plan = publish({
        ...NOTE,
        effectiveDate: TODAY,
        shortNoticeReasons: ['newRight', 'correction', 'newRight'],
      })
      expect(plan.ok && plan.versions[0]!.shortNoticeReasons).toEqual(['correction', 'newRight'])
    })

    it('may apply sooner when the law requires it only once staff name the law, which the version records', () => {
      const law = (shortNoticeLaw?: string) =>
        publish({
          ...NOTE,
          effectiveDate: TODAY,
          shortNoticeReasons: ['correction', 'requiredByLaw'],
          shortNoticeLaw,
        })
      for (const unnamed of [undefined, '', '   '])
        expect(problemsOf(law(unnamed))).toEqual([
          `Name the law that requires the change, for example “${SHORT_NOTICE_LAW_EXAMPLE}”: readers see it with the version.`,
        ])
      expect(problemsOf(law('x'.repeat(SHORT_NOTICE_LAW_MAX + 1)))).toEqual([
        `Shorten the name of the law to at most ${SHORT_NOTICE_LAW_MAX} characters.`,
      ])
      const named = law(` ${SHORT_NOTICE_LAW_EXAMPLE} `)
      expect(named.ok && named.versions[0]).toMatchObject({
        shortNoticeReasons: ['correction', 'requiredByLaw'],
        shortNoticeLaw: SHORT_NOTICE_LAW_EXAMPLE,
      })
      // A law's name typed, then "the law requires it" unticked: the name is not recorded.
      const unticked = publish({
        ...NOTE,
        effectiveDate: TODAY,
        shortNoticeReasons: ['correction'],
        shortNoticeLaw: SHORT_NOTICE_LAW_EXAMPLE,
      })
      expect(unticked.ok && unticked.versions[0]).not.toHaveProperty('shortNoticeLaw')
    })

    it('records no reason for short notice on a change announced in time, and asks for no law', () => {
      const plan = publish({...NOTE, effectiveDate: firstNoticedDay, shortNoticeReasons: ['requiredByLaw']})
      expect(plan.ok).toBe(true)
      expect(plan.ok && plan.versions[0]).not.toHaveProperty('shortNoticeReasons')
      expect(plan.ok && plan.versions[0]).not.toHaveProperty('shortNoticeLaw')
    })

    it('is not asked of a policy’s first version, which replaces no earlier text', () => {
      const plan = publish({...NOTE, effectiveDate: TODAY}, [])
      expect(plan.ok && plan.versions.map(({number}) => number)).toEqual([1])
    })

    it('follows the figure staff set', () => {
      const week = planPolicyPublish({
        policy: 'refundPolicy',
        draft: editedRefundPolicy() as never,
        versions: recorded,
        figures: {...figures, policyChangeNoticeDays: 7},
        facts,
        // Seven clear days after 1 December: 2 to 8 December.
        note: {...NOTE, effectiveDate: '2026-12-09'},
        now: NOW,
      })
      expect(week.ok).toBe(true)
    })

    it('holds for a changed figure or fact too, for every policy that quotes it', () => {
      const plan = planQuotedValuesPublish({
        figuresBefore: figures,
        versions: recorded,
        figures: {...figures, cancellationFeePercent: 25},
        facts,
        note: {...NOTE, effectiveDate: dayBeforeThat},
        now: NOW,
      })
      expect(problemsOf(plan).join()).toMatch(new RegExp(`choose ${formatDate(firstNoticedDay)} or later`))
      const lower = planQuotedValuesPublish({
        figuresBefore: figures,
        versions: recorded,
        figures: {...figures, cancellationFeePercent: 15},
        facts,
        note: {...NOTE, effectiveDate: TODAY, shortNoticeReasons: ['newRight']},
        now: NOW,
      })
      expect(lower.ok && lower.versions.map((version) => version.shortNoticeReasons)).toEqual(
        lower.ok ? lower.versions.map(() => ['newRight']) : false,
      )
      expect(lower.ok && lower.versions.length).toBeGreaterThan(0)
    })
  })

  it('records the next version with its date, the trimmed summary, the full text and the values it quotes', () => {
    const draft = editedRefundPolicy()
    const plan = publish(NOTE)
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    const [version] = plan.versions
    expect(plan.versions).toHaveLength(1)
    expect(version).toMatchObject({
      _id: versionId('refundPolicy', 2),
      _type: 'policyVersion',
      policy: 'refundPolicy',
      number: 2,
      effectiveDate: '2027-01-04',
      summary: 'Explains when a refund may be asked for.',
      recordedAt: NOW.toISOString(),
      title: draft.title,
      description: draft.description,
      intro: draft.intro,
      sections: draft.sections,
    })
    expect(version.sections[0].heading).toBe('What This Policy Covers')
    expect(version.figures.map(({figure}) => figure).sort()).toEqual(
      POLICY_FIGURE_KEYS.filter((key) => quotesFigure(draft, key)).sort(),
    )
    expect(printed(version, 'cancellationFeePercent')).toBe(formatFigure('cancellationFeePercent', 20))
    expect(version.facts.find(({fact}) => fact === 'legalName')?.text).toBe(facts.legalName)
  })

  it('records version 1 of a policy that has none yet', () => {
    const plan = publish(NOTE, [])
    expect(plan.ok && plan.versions.map(({_id, number}) => [_id, number])).toEqual([
      ['policyVersion-refundPolicy-1', 1],
    ])
  })
})

describe('publishing Policy figures', () => {
  const feeQuoters = POLICIES.filter((id) => quotesFigure(policy(id), 'cancellationFeePercent'))
  const changedFigures = {...figures, cancellationFeePercent: 25}

  it('records a version of exactly the policies that quote the changed figure', () => {
    // The fee is quoted by some policies and not others, so the test tells them apart.
    expect(feeQuoters.length).toBeGreaterThan(0)
    expect(feeQuoters.length).toBeLessThan(POLICIES.length)
    const plan = planQuotedValuesPublish({
      figuresBefore: figures,
      versions: recorded,
      figures: changedFigures,
      facts,
      note: NOTE,
      now: NOW,
    })
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(plan.versions.map(({policy}) => policy)).toEqual(feeQuoters)
    for (const version of plan.versions) {
      const previous = recorded.find(({policy}) => policy === version.policy)!
      expect(version._id).toBe(versionId(version.policy, 2))
      expect(version.effectiveDate).toBe('2027-01-04')
      expect(version.sections).toEqual(previous.sections)
      expect(printed(version, 'cancellationFeePercent')).toBe('25%')
    }
  })

  it('is refused without a summary, like any change to a policy', () => {
    const plan = planQuotedValuesPublish({
      figuresBefore: figures,
      versions: recorded,
      figures: changedFigures,
      facts,
      note: {effectiveDate: NOTE.effectiveDate},
      now: NOW,
    })
    expect(plan).toEqual({
      ok: false,
      problems: ['Write a summary of what changed: it is shown with the new version.'],
    })
  })

  it('records nothing when the changed figure is quoted by no policy', () => {
    // Every figure of the bundled dataset is quoted somewhere; staff reword the sentences that
    // quote the least-quoted one, publish, and only then change the figure.
    const [figure] = [...POLICY_FIGURE_KEYS].sort(
      (a, b) =>
        POLICIES.filter((id) => quotesFigure(policy(id), a)).length -
        POLICIES.filter((id) => quotesFigure(policy(id), b)).length,
    )
    const reworded = policies.map((document) => writtenOut(document, figure))
    expect(reworded.some((document) => quotesFigure(document, figure))).toBe(false)
    const versions = reworded.map((document) =>
      newVersion({
        policy: document._id,
        wording: document as never,
        quotes: quotesFor(document, figures, facts),
        note: {effectiveDate: '2026-11-01', summary: 'The figure is written out in words.'},
        now: NOW,
      }),
    )
    const changed = {
      ...figures,
      [figure]: figure === 'governingLaw' || figure === 'jurisdictionCity' ? 'Elsewhere' : 99,
    }
    expect(
      planQuotedValuesPublish({
        figuresBefore: figures,
        versions,
        figures: changed,
        facts,
        note: {},
        now: NOW,
      }),
    ).toEqual({
      ok: true,
      versions: [],
    })
    expect(
      versionsToRecord(
        {...changed, _id: 'drafts.policyFigures', _type: 'policyFigures'},
        {versions, figures, facts},
      ),
    ).toEqual([])
  })

  it('records nothing when a figure is published unchanged', () => {
    const draft = {...draftOf(figures)}
    expect(planPublish(draft, {versions: recorded, figures, facts}, {}, NOW)).toEqual({
      ok: true,
      versions: [],
    })
  })
})

describe('publishing Company facts', () => {
  const newEmail = 'grievance.officer@medistay.example'
  const changedFacts = {
    ...facts,
    grievanceOfficer: {...facts.grievanceOfficer, email: newEmail},
  }

  it("records a version of every policy that prints the Grievance Officer's e-mail when it changes", () => {
    // The card prints the officer's e-mail; the privacy contact is the officer unless another is named.
    const expected = POLICIES.filter(
      (id) =>
        hasGrievanceCard(policy(id)) ||
        quotesFact(policy(id), 'grievanceOfficerEmail') ||
        (facts.privacyContact?.sameAsGrievanceOfficer !== false &&
          quotesFact(policy(id), 'privacyContactEmail')),
    )
    expect(expected.length).toBeGreaterThan(0)
    const plan = planQuotedValuesPublish({
      figuresBefore: figures,
      versions: recorded,
      figures,
      facts: changedFacts,
      note: NOTE,
      now: NOW,
    })
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(plan.versions.map(({policy}) => policy)).toEqual(expected)
    for (const version of plan.versions) {
      expect(version.number).toBe(2)
      expect(version.facts.find(({fact}) => fact === 'grievanceOfficerEmail')?.text).toBe(newEmail)
    }
  })

  it('plans from the draft of Company facts, not the published one', () => {
    const draft = {...draftOf(facts), grievanceOfficer: changedFacts.grievanceOfficer}
    const plan = planPublish(draft, {versions: recorded, figures, facts}, NOTE, NOW)
    expect(plan.ok && plan.versions.map(({_id}) => _id)).toEqual(
      versionsToRecord(draft, {versions: recorded, figures, facts}).map(({policy, number}) =>
        versionId(policy, number),
      ),
    )
    expect(plan.ok && plan.versions.length).toBeGreaterThan(0)
  })
})

describe('an earlier version', () => {
  it('keeps the figure as it was printed after the figure changes', () => {
    const before = structuredClone(recorded)
    const plan = planQuotedValuesPublish({
      figuresBefore: figures,
      versions: recorded,
      figures: {...figures, cancellationFeePercent: 25},
      facts,
      note: NOTE,
      now: NOW,
    })
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(recorded).toEqual(before)
    const [latest] = plan.versions
    const earlier = recorded.find(({policy}) => policy === latest.policy)!
    expect(printed(earlier, 'cancellationFeePercent')).toBe('20%')
    expect(printed(latest, 'cancellationFeePercent')).toBe('25%')
    // Published again with the same figures, nothing more is recorded.
    const again = planQuotedValuesPublish({
      figuresBefore: figures,
      versions: [...recorded, ...plan.versions],
      figures: {...figures, cancellationFeePercent: 25},
      facts,
      note: {},
      now: NOW,
    })
    expect(again).toEqual({ok: true, versions: []})
  })
})

describe('the timeline of a policy', () => {
  const versions = [
    {number: 1, effectiveDate: '2026-03-02', recordedAt: '2026-02-24T06:10:00Z'},
    {number: 2, effectiveDate: '2026-12-15', recordedAt: '2026-11-10T06:00:00Z'},
  ]
  const lastMomentBefore = new Date('2026-12-14T18:29:59.999Z')
  const midnightInIndia = new Date('2026-12-14T18:30:00Z')

  it('shows a version dated in the future as upcoming, and the earlier one as current', () => {
    const {current, upcoming, until} = timeline(versions, lastMomentBefore)
    expect(current?.number).toBe(1)
    expect(upcoming.map(({number}) => number)).toEqual([2])
    expect(until.size).toBe(0)
  })

  it('makes it current from midnight in India on its date: the one before applied until the day before', () => {
    const {current, upcoming, from, until} = timeline(versions, midnightInIndia)
    expect(current?.number).toBe(2)
    expect(upcoming).toEqual([])
    expect(from.get(2)).toEqual({day: '2026-12-15'})
    expect(until.get(1)).toEqual({day: '2026-12-14'})
  })

  it('tells when the site must next be rebuilt', () => {
    expect(effectiveFrom('2026-12-15')).toEqual(midnightInIndia)
    expect(nextChangeAt(versions, lastMomentBefore)).toEqual(midnightInIndia)
    expect(nextChangeAt(versions, midnightInIndia)).toBeUndefined()
  })
})

describe('versions published on the day they apply', () => {
  // As the bundled Privacy Policy had them: version 2 announced in time, versions 3 and 4 published
  // on 25 November 2026 (IST) at 5:00 and 8:00 in the morning, to apply that day, and version 5
  // announced for a later date.
  const versions = [
    {number: 1, effectiveDate: '2026-11-23', recordedAt: '2026-11-20T06:00:00Z'},
    {number: 2, effectiveDate: '2026-11-25', recordedAt: '2026-11-20T06:00:00Z'},
    {number: 3, effectiveDate: '2026-11-25', recordedAt: '2026-11-24T23:30:00Z'},
    {number: 4, effectiveDate: '2026-11-25', recordedAt: '2026-11-25T02:30:00Z'},
    {number: 5, effectiveDate: '2026-12-25', recordedAt: '2026-11-25T02:30:00Z'},
  ]
  const midnight25 = new Date('2026-11-24T18:30:00Z')
  const fiveAm = new Date('2026-11-24T23:30:00Z')
  const eightAm = new Date('2026-11-25T02:30:00Z')

  it('apply from the moment they were published, never from the start of the day', () => {
    expect(appliesFrom(versions[1]!)).toEqual(midnight25)
    expect(appliesFrom(versions[2]!)).toEqual(fiveAm)
    expect(appliesFrom(versions[3]!)).toEqual(eightAm)
    // Announced a month before: midnight at the start of its day in India.
    expect(appliesFrom(versions[4]!)).toEqual(new Date('2026-12-24T18:30:00Z'))
  })

  it('are never in force before they were published', () => {
    const at = (moment: Date) => timeline(versions, moment).current?.number
    expect(at(midnight25)).toBe(2)
    expect(at(new Date(fiveAm.getTime() - 1))).toBe(2)
    expect(at(fiveAm)).toBe(3)
    expect(at(new Date(eightAm.getTime() - 1))).toBe(3)
    expect(at(eightAm)).toBe(4)
    // Recorded at 8:00 too, but for 25 December: still to come.
    expect(timeline(versions, eightAm).upcoming.map(({number}) => number)).toEqual([5])
  })

  it('show their time where two versions shared the day, and the day alone elsewhere', () => {
    const {from, until} = timeline(versions, eightAm)
    expect(from.get(1)).toEqual({day: '2026-11-23'})
    expect(from.get(2)).toEqual({day: '2026-11-25'})
    expect(from.get(3)).toEqual({day: '2026-11-25', at: fiveAm})
    expect(from.get(4)).toEqual({day: '2026-11-25', at: eightAm})
    expect(from.get(5)).toEqual({day: '2026-12-25'})
    expect(until.get(1)).toEqual({day: '2026-11-24'})
    expect(until.get(2)).toEqual({day: '2026-11-25', at: fiveAm})
    expect(until.get(3)).toEqual({day: '2026-11-25', at: eightAm})
    expect(until.has(4)).toBe(false)
  })

  it("show a policy's first version from its day, even when it was published during it", () => {
    const first = {number: 1, effectiveDate: '2026-03-02', recordedAt: '2026-03-02T06:00:00Z'}
    expect(timeline([first], eightAm).from.get(1)).toEqual({day: '2026-03-02'})
  })

  it('show a version replaced before its day came as ending on the day it was to begin', () => {
    const replaced = [
      {number: 1, effectiveDate: '2026-11-23', recordedAt: '2026-11-20T06:00:00Z'},
      {number: 2, effectiveDate: '2026-12-25', recordedAt: '2026-11-20T06:00:00Z'},
      {number: 3, effectiveDate: '2026-12-25', recordedAt: '2026-11-25T02:30:00Z'},
    ]
    const {current, until} = timeline(replaced, new Date('2026-12-25T06:00:00Z'))
    expect(current?.number).toBe(3)
    expect(until.get(2)).toEqual({day: '2026-12-25'})
  })

  it('are named with the future tense only while still to come', () => {
    const history = timeline(versions, eightAm)
    expect(effectiveWord(history, versions[3]!)).toBe('effectiveFrom')
    expect(effectiveWord(history, versions[4]!)).toBe('takesEffect')
  })
})

describe('today in India', () => {
  it('turns at midnight IST, 18:30 UTC the day before', () => {
    expect(indiaToday(new Date('2026-12-14T18:29:59.999Z'))).toBe('2026-12-14')
    expect(indiaToday(new Date('2026-12-14T18:30:00Z'))).toBe('2026-12-15')
    expect(indiaToday(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01')
  })

  it('accepts only days that exist, without throwing on impossible ones', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    for (const date of [
      '2027-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-12-00',
      '1 December 2026',
    ])
      expect(isCalendarDate(date)).toBe(false)
  })
})

describe('the publish transaction', () => {
  const draft = {
    ...editedRefundPolicy(),
    _createdAt: '2026-03-01T10:00:00Z',
    _updatedAt: '2026-11-30T09:00:00Z',
  }
  const plan = planPublish(draft, {versions: recorded, figures, facts}, NOTE, NOW)
  const versions = plan.ok ? plan.versions : []

  it('publishes the draft, deletes it and creates each version, locked to the revisions it read', () => {
    const mutations = publishMutations(draft, 'refundPolicy', versions, {_rev: 'published-rev'})
    const {_rev, _createdAt: _c, _updatedAt: _u, ...fields} = draft
    expect(mutations).toEqual([
      {patch: {id: 'drafts.refundPolicy', ifRevisionID: _rev, unset: ['_revision_lock_pseudo_field_']}},
      {patch: {id: 'refundPolicy', ifRevisionID: 'published-rev', unset: ['_revision_lock_pseudo_field_']}},
      {createOrReplace: {...fields, _id: 'refundPolicy'}},
      {delete: {id: 'drafts.refundPolicy'}},
      {create: versions[0]},
    ])
  })

  it('creates the published document when there is none yet', () => {
    const [, published] = publishMutations(draft, 'refundPolicy', versions, null)
    expect(published).toHaveProperty('create._id', 'refundPolicy')
  })

  it('makes references to documents that were drafts strong, as Sanity’s publish does', () => {
    const withReferences = {
      ...draft,
      chosen: {
        _type: 'reference',
        _ref: 'policyFigures',
        _weak: true,
        _strengthenOnPublish: {type: 'policyFigures'},
      },
      weak: {
        _type: 'reference',
        _ref: 'companyFacts',
        _weak: true,
        _strengthenOnPublish: {type: 'x', weak: true},
      },
    }
    const [, , replace] = publishMutations(withReferences, 'refundPolicy', [], {_rev: 'published-rev'})
    expect(replace).toMatchObject({
      createOrReplace: {
        chosen: {_type: 'reference', _ref: 'policyFigures'},
        weak: {_type: 'reference', _ref: 'companyFacts', _weak: true},
      },
    })
    expect(replace).not.toHaveProperty('createOrReplace.chosen._weak')
    expect(replace).not.toHaveProperty('createOrReplace.weak._strengthenOnPublish')
  })
})

describe('the Studio', () => {
  const config = studioConfig as any
  const sanityActions = ['publish', 'unpublish', 'discardChanges', 'delete', 'duplicate', 'restore'].map(
    (action) => Object.assign(() => null, {action}),
  )
  const actionsFor = (schemaType: string) => config.document.actions(sanityActions, {schemaType})

  it('offers no action that edits or deletes a policy version: only adding a dated note of correction', () => {
    expect(actionsFor('policyVersion').map(({displayName}: {displayName?: string}) => displayName)).toEqual([
      'AddNoteOfCorrectionAction',
    ])
  })

  it('offers no way to create a policy version', () => {
    expect(config.schema.templates([{schemaType: 'policyVersion'}, {schemaType: 'x'}], {})).toEqual([
      {schemaType: 'x'},
    ])
    expect(
      config.document.newDocumentOptions([{templateId: 'policyVersion'}, {templateId: 'x'}], {}),
    ).toEqual([{templateId: 'x'}])
  })

  it('publishes policies, Policy figures and Company facts through the action that records versions', () => {
    for (const schemaType of ['policy', 'policyFigures', 'companyFacts']) {
      const [publish, ...others] = actionsFor(schemaType)
      expect(publish).not.toBe(sanityActions[0])
      expect(publish.action).toBe('publish')
      expect(publish.recordsVersionsAround).toBe(sanityActions[0])
      // Only a policy can withdraw a change announced for it (docs/staff.md).
      if (schemaType === 'policy') expect(others.pop().displayName).toBe('WithdrawAnnouncedChangeAction')
      const record = others.pop()
      expect(record.displayName).toBe('RecordVersionAction')
      expect(others.map(({action}: {action: string}) => action)).toEqual(['discardChanges', 'restore'])
    }
    expect(actionsFor('homePage').map(({displayName}: {displayName?: string}) => displayName)).not.toContain(
      'RecordVersionAction',
    )
    expect(actionsFor('homePage')[0]).toBe(sanityActions[0])
  })
})

describe('publishing against the Content Lake', () => {
  let standIn: QueryApiStandIn
  const token = 'stand-in-write-token'
  const client = () =>
    createClient({
      projectId: 'local',
      dataset: 'production',
      apiVersion: SANITY_API_VERSION,
      apiHost: standIn.url,
      useProjectHostname: false,
      useCdn: false,
      token,
      maxRetries: 0,
    })
  const read = async (publishedId: string) =>
    publishRead(
      await client().fetch(PUBLISH_READ_QUERY, publishReadParams(publishedId), {perspective: 'raw'}),
    )
  const withRevisions = (documents: object[]) =>
    documents.map((document, index): SanityDocumentLike => ({_rev: `rev-${index}`, ...(document as any)}))

  beforeAll(async () => {
    // The Content Lake's clock, not the machine's: a publish reads the Lake's time.
    standIn = await startQueryApiStandIn({documents: [], now: () => NOW})
  })
  afterAll(() => standIn.close())
  const start = () =>
    standIn.setDocuments(
      withRevisions([
        ...dataset.filter(({_type}) => _type !== 'policyVersion'),
        ...recorded,
        editedRefundPolicy(),
        {...draftOf(figures), cancellationFeePercent: 25},
      ]),
    )
  const stored = (id: string): Promise<Record<string, any> | null> =>
    client().fetch('*[_id == $id][0]', {id}, {perspective: 'raw'})

  it("reads the Content Lake's time, which a publish is announced on, not the browser's clock", async () => {
    start()
    const answer = await client().fetch(PUBLISH_READ_QUERY, publishReadParams('refundPolicy'), {
      perspective: 'raw',
    })
    expect(answer.now).toEqual(expect.any(String))
    const {now} = publishRead(answer)
    expect(now.toISOString()).toBe(NOW.toISOString())
  })

  it('reads the draft, the latest version of each policy and the published values', async () => {
    start()
    const answer = await read('refundPolicy')
    expect(answer.draft?._id).toBe('drafts.refundPolicy')
    expect(answer.published?._rev).toEqual(expect.any(String))
    expect(answer.versions.map(({_id}) => _id).sort()).toEqual(recorded.map(({_id}) => _id).sort())
    expect(answer.figures.cancellationFeePercent).toBe(20)
    expect(answer.facts.legalName).toBe(facts.legalName)
  })

  it('publishes a changed policy and records its version in one transaction', async () => {
    start()
    const answer = await read('refundPolicy')
    const plan = planPublish(answer.draft!, answer, NOTE, NOW)
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    await client()
      .transaction(publishMutations(answer.draft!, 'refundPolicy', plan.versions, answer.published))
      .commit()
    expect((await stored('refundPolicy'))?.sections[0].heading).toBe('What This Policy Covers')
    expect(await stored('drafts.refundPolicy')).toBeNull()
    expect(await stored('policyVersion-refundPolicy-2')).toMatchObject({
      number: 2,
      effectiveDate: '2027-01-04',
    })
    // The policy is now what its latest version says: publishing it again records nothing.
    const after = await read('refundPolicy')
    expect(planPublish(draftOf((await stored('refundPolicy'))!), after, {}, NOW)).toEqual({
      ok: true,
      versions: [],
    })
  })

  it('records a version of a policy published outside Studio, publishing nothing', async () => {
    start()
    // Published through the API: the text changed, no version was recorded.
    const published: StoredDocument & Record<string, any> = {
      ...policy('refundPolicy'),
      _rev: 'api-rev',
    } as any
    published.sections = [
      {...published.sections[0], heading: 'Published Through the API'},
      ...published.sections.slice(1),
    ]
    standIn.setDocuments(
      withRevisions([...dataset.filter(({_type}) => _type !== 'policyVersion'), ...recorded, published]),
    )
    const answer = await read('refundPolicy')
    expect(answer.draft).toBeNull()
    const plan = planPublish(published, answer, NOTE, NOW)
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(recordMutations(plan.versions)).toEqual(plan.versions.map((version) => ({create: version})))
    await client().transaction(recordMutations(plan.versions)).commit()

    expect(await stored('policyVersion-refundPolicy-2')).toMatchObject({
      number: 2,
      sections: expect.arrayContaining([expect.objectContaining({heading: 'Published Through the API'})]),
    })
    expect((await stored('refundPolicy'))?._rev).toBe('api-rev')
    // Recorded: nothing more to record, and the build no longer warns.
    expect(planPublish(published, await read('refundPolicy'), {}, NOW)).toEqual({ok: true, versions: []})
  })

  it('refuses the second of two publishes recording the same version, and keeps its draft', async () => {
    start()
    const figuresRead = await read('policyFigures')
    const policyRead = await read('refundPolicy')
    const figuresPlan = planPublish(
      figuresRead.draft!,
      figuresRead,
      {...NOTE, summary: 'Cancellation fee raised to 25%.'},
      NOW,
    )
    const policyPlan = planPublish(policyRead.draft!, policyRead, NOTE, NOW)
    expect(figuresPlan.ok && policyPlan.ok).toBe(true)
    if (!figuresPlan.ok || !policyPlan.ok) return
    expect(figuresPlan.versions.map(({_id}) => _id)).toContain('policyVersion-refundPolicy-2')
    expect(policyPlan.versions.map(({_id}) => _id)).toEqual(['policyVersion-refundPolicy-2'])

    const commit = (answer: typeof policyRead, id: string, plan: typeof policyPlan) =>
      client()
        .transaction(publishMutations(answer.draft!, id, plan.versions, answer.published))
        .commit()
    await commit(figuresRead, 'policyFigures', figuresPlan)
    const refused = await commit(policyRead, 'refundPolicy', policyPlan).catch((error: unknown) => error)

    expect(refused).toHaveProperty('statusCode', 409)
    expect(commitErrorMessage(refused)).toMatch(/at the same moment.*your draft is unchanged/)
    expect((await stored('drafts.refundPolicy'))?.sections[0].heading).toBe('What This Policy Covers')
    expect((await stored('refundPolicy'))?.sections[0].heading).toBe(
      policy('refundPolicy').sections[0].heading,
    )
    expect((await stored('policyVersion-refundPolicy-2'))?.summary).toBe('Cancellation fee raised to 25%.')
  })
})

/** A document whose text writes out `figure` in words instead of quoting it. */
function writtenOut<T extends Record<string, any>>(document: T, figure: PolicyFigureKey): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk)
    if (typeof value !== 'object' || value === null) return value
    const node = value as Record<string, unknown>
    if (node._type === 'figureRef' && node.figure === figure)
      return {_type: 'span', _key: node._key, text: formatFigure(figure, figures[figure]), marks: []}
    return Object.fromEntries(Object.entries(node).map(([key, field]) => [key, walk(field)]))
  }
  return walk(document) as T
}

describe('a policy published without recording a version', () => {
  it('the build warns about nothing while every policy says what its latest version says', () => {
    expect(unrecordedChanges(bundledDocuments())).toEqual([])
  })

  it('the build names the policy whose text changed outside Studio, and says what to do', () => {
    const documents = bundledDocuments()
    documentById(documents, POLICY_IDS.privacy).sections[0].heading = 'Edited through the API'
    const warnings = unrecordedChanges(documents)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Privacy Policy: the published text, .* differs from version \d+/)
    expect(warnings[0]).toContain('use “Record a version…”')
  })

  it('the build names exactly the policies that quote a figure changed outside Studio', () => {
    const documents = bundledDocuments()
    documentById(documents, 'policyFigures').cancellationFeePercent = 15
    const quoting = Object.values(POLICY_IDS).filter((id) =>
      JSON.stringify(documentById(documents, id)).includes('"figure":"cancellationFeePercent"'),
    )
    expect(quoting.length).toBeGreaterThan(0)
    const named = unrecordedChanges(documents).map((warning) => warning.split(':')[0])
    expect(named).toEqual(quoting.map((id) => DOCUMENT_TITLES[id]))
  })
})
