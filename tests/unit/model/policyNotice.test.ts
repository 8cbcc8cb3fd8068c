import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {
  daysAfter,
  firstDayAfterNotice,
  newVersion,
  noticeBreaches,
  quotesFor,
  SHORT_NOTICE_LAW_EXAMPLE,
  SHORT_NOTICE_LAW_MAX,
  type PolicyVersionDocument,
} from '../../../model/policyVersions'
import {formatDate} from '../../../model/dates'
import {POLICY_IDS, type PolicyId} from '../../../model/siteDocuments'
import {launchCheckLoader, noticeProblem} from '../../../src/content/launchCheck'
import {launchCheckQuery} from '../../../src/content/queries'
import {bundledDatasetSource} from '../../../src/lib/contentSource'
import {noticeFrom, planPublish, publishRead} from '../../../studio/actions/recordVersions'
import {bundledDocuments, documentById, recordedAt} from '../../support/dataset'

/**
 * The notice period cannot be bypassed: a change is judged by the notice figure in force before
 * the publish, announced on the Content Lake's day, and the build checks every recorded version.
 */
const dataset = bundledDocuments()
const figures = documentById(dataset, 'policyFigures')
const facts = documentById(dataset, 'companyFacts')
const NOTICE_DAYS = figures.policyChangeNoticeDays as number
const POLICIES = Object.values(POLICY_IDS) as PolicyId[]

/** Noon in India on 1 December 2026. */
const NOW = new Date('2026-12-01T06:30:00Z')
const TODAY = '2026-12-01'
const TOMORROW = '2026-12-02'
/** Notice is counted in clear days: the notice period from the day after TODAY, then the change applies. */
const FIRST_DAY = daysAfter(TODAY, NOTICE_DAYS + 1)

/** Version 1 of each policy, recorded in the spring. */
const recorded: PolicyVersionDocument[] = POLICIES.map((policy) => {
  const document = documentById(dataset, policy)
  return newVersion({
    policy,
    wording: document as never,
    quotes: quotesFor(document, figures, facts),
    note: {effectiveDate: '2026-03-02', summary: 'The first published version of this policy.'},
    now: new Date('2026-03-01T10:00:00Z'),
  })
})

const figuresDraft = (changes: Record<string, unknown>) => ({
  ...structuredClone(figures),
  ...changes,
  _id: 'drafts.policyFigures',
  _type: 'policyFigures',
})

describe('clear days of notice', () => {
  it('count from the day after the announcement: 30 days from 25 November end on 25 December, so the change applies from 26 December', () => {
    expect(firstDayAfterNotice('2026-11-25', 30)).toBe('2026-12-26')
    expect(firstDayAfterNotice('2026-12-31', 1)).toBe('2027-01-02')
  })
})

describe('the notice period of a publish', () => {
  it('is the figure in force before the publish: a draft that shortens it and raises a fee is still held to the old one', () => {
    expect(NOTICE_DAYS).toBeGreaterThan(1)
    const draft = figuresDraft({policyChangeNoticeDays: 1, cancellationFeePercent: 50})
    const context = {versions: recorded, figures, facts}
    const note = {effectiveDate: TOMORROW, summary: 'The cancellation fee rises to 50%.'}

    const plan = planPublish(draft, context, note, NOW)

    expect(plan).toEqual({
      ok: false,
      problems: [
        `A change is announced at least ${NOTICE_DAYS} clear days before it applies, counted from the day after ` +
          `it is announced: choose ${formatDate(FIRST_DAY)} or later, or tick every reason why this one may apply sooner.`,
      ],
    })
    // The dialog proposes the first day the figure in force allows, not the draft's.
    expect(noticeFrom(draft, context, NOW)).toBe(FIRST_DAY)
  })

  it('applies a shortened figure to the changes published after it', () => {
    const shortened = {...figures, policyChangeNoticeDays: 1}
    const draft = figuresDraft({policyChangeNoticeDays: 1, cancellationFeePercent: 50})
    const plan = planPublish(
      draft,
      {versions: recorded, figures: shortened, facts},
      // One clear day: tomorrow, then the change applies.
      {effectiveDate: daysAfter(TODAY, 2), summary: 'The cancellation fee rises to 50%.'},
      NOW,
    )
    expect(plan.ok).toBe(true)
  })

  it('is recorded with each version it judged, so the build judges the version by it', () => {
    const draft = figuresDraft({cancellationFeePercent: 25})
    const effectiveDate = FIRST_DAY
    const plan = planPublish(
      draft,
      {versions: recorded, figures, facts},
      {effectiveDate, summary: 'The cancellation fee rises to 25%.'},
      NOW,
    )
    expect(plan.ok && plan.versions.length).toBeGreaterThan(0)
    expect(plan.ok && plan.versions.map((version) => version.noticeDays)).toEqual(
      plan.ok ? plan.versions.map(() => NOTICE_DAYS) : [],
    )
    expect(noticeBreaches([...recorded, ...(plan.ok ? plan.versions : [])], 90)).toEqual([])
  })
})

describe('the day a change is announced on', () => {
  it("is never guessed: an answer without the Content Lake's time is refused", () => {
    expect(() => publishRead({draft: null})).toThrow(/did not say what time it is/)
  })
})

describe('the build checks every recorded version', () => {
  const second = (changes: Partial<PolicyVersionDocument>): PolicyVersionDocument => ({
    ...recorded.find(({policy}) => policy === 'refundPolicy')!,
    _id: 'policyVersion-refundPolicy-2',
    number: 2,
    summary: 'The cancellation fee rises to 50%.',
    recordedAt: '2026-12-01T06:30:00Z',
    effectiveDate: TOMORROW,
    ...changes,
  })

  it('names the policy and the version announced with short notice and no reason', () => {
    expect(noticeBreaches([...recorded, second({})], NOTICE_DAYS)).toEqual([
      `Refund and Cancellation Policy, version 2: announced on ${TODAY} and in force from ${TOMORROW}, sooner than ` +
        `the notice period of ${NOTICE_DAYS} clear days allows (${FIRST_DAY} at the earliest), and ` +
        'it records no reason for short notice. A version is never edited: delete it and record the change again, ' +
        'with a date the notice period allows or the reason it may apply sooner.',
    ])
  })

  it('passes a version with its reasons, one announced in time, and a first version', () => {
    expect(noticeBreaches([...recorded, second({shortNoticeReasons: ['correction']})], NOTICE_DAYS)).toEqual(
      [],
    )
    expect(noticeBreaches([...recorded, second({effectiveDate: FIRST_DAY})], NOTICE_DAYS)).toEqual([])
    expect(noticeBreaches([{...recorded[0]!, recordedAt: '2026-03-02T00:00:00Z'}], NOTICE_DAYS)).toEqual([])
  })

  it('names a version that says the law requires it without naming the law', () => {
    for (const shortNoticeLaw of [undefined, ' '])
      expect(
        noticeBreaches(
          [...recorded, second({shortNoticeReasons: ['requiredByLaw'], shortNoticeLaw})],
          NOTICE_DAYS,
        ),
      ).toEqual([
        'Refund and Cancellation Policy, version 2: records that the law requires it to apply sooner, but not which law ' +
          `(${SHORT_NOTICE_LAW_MAX} characters at most). A version is never edited: delete it and record the change again, naming the law.`,
      ])
    expect(
      noticeBreaches(
        [
          ...recorded,
          second({shortNoticeReasons: ['requiredByLaw'], shortNoticeLaw: SHORT_NOTICE_LAW_EXAMPLE}),
        ],
        NOTICE_DAYS,
      ),
    ).toEqual([])
  })

  it('counts clear days: a change applying exactly the notice period after the day it was announced is a day short', () => {
    expect(
      noticeBreaches([...recorded, second({effectiveDate: daysAfter(TODAY, NOTICE_DAYS)})], NOTICE_DAYS),
    ).toEqual([expect.stringContaining(`(${FIRST_DAY} at the earliest)`)])
  })

  it('judges a version by the notice period it recorded, not by a figure changed since', () => {
    const inTime = second({effectiveDate: daysAfter(TODAY, 8), noticeDays: 7})
    expect(noticeBreaches([...recorded, inTime], NOTICE_DAYS)).toEqual([])
    expect(
      noticeBreaches([...recorded, second({effectiveDate: daysAfter(TODAY, 7)})], NOTICE_DAYS),
    ).toHaveLength(1)
  })

  it('the bundled sample history keeps the rule', () => {
    expect(noticeProblem(dataset)).toBeUndefined()
  })

  describe('in the build', () => {
    const folder = mkdtempSync(join(tmpdir(), 'notice-check-'))
    afterAll(() => rmSync(folder, {recursive: true, force: true}))

    /** Runs the build's launch check on these documents; resolves to what it logged, or rejects. */
    async function check(documents: Record<string, unknown>[]) {
      const file = join(folder, `${Math.random().toString(36).slice(2)}.ndjson`)
      writeFileSync(file, documents.map((document) => JSON.stringify(document)).join('\n'))
      const warnings: string[] = []
      const now = recordedAt(documents as never)
      await launchCheckLoader(
        bundledDatasetSource(file),
        launchCheckQuery,
        {store: {kind: 'sqlite'}},
        now,
      ).load({
        store: {clear: () => undefined, set: () => true},
        logger: {warn: (line: string) => warnings.push(line)},
        config: {site: 'http://localhost:4321'},
      } as never)
      return warnings
    }

    it('fails on a version that breaks the rule without a recorded reason, naming the policy and version', async () => {
      const refund = dataset.filter((document) => document.policy === 'refundPolicy') as Record<string, any>[]
      const latest = refund.sort((a, b) => b.number - a.number)[0]!
      const rushed = {
        ...latest,
        _id: `policyVersion-refundPolicy-${latest.number + 1}`,
        number: latest.number + 1,
        recordedAt: '2027-01-10T06:30:00Z',
        effectiveDate: '2027-01-11',
        shortNoticeReasons: undefined,
        shortNoticeLaw: undefined,
        noticeDays: undefined,
      }
      await expect(check([...dataset, rushed])).rejects.toThrow(
        new RegExp(
          `Notice check: [\\s\\S]*Refund and Cancellation Policy, version ${rushed.number}: announced on 2027-01-10 and in force from 2027-01-11`,
        ),
      )
      await expect(check([...dataset, {...rushed, shortNoticeReasons: ['clearerWording']}])).resolves.toEqual(
        expect.any(Array),
      )
    })
  })
})
