import {describe, expect, it} from 'vitest'
import {formatDate} from '../../../model/dates'
import {
  latestVersion,
  nextChangeAt,
  nextVersionNumber,
  noticeBreaches,
  planPolicyPublish,
  planQuotedValuesPublish,
  planWithdrawal,
  timeline,
  withdrawable,
  withdrawnNoteProblems,
  type PolicyVersionDocument,
} from '../../../model/policyVersions'
import {unrecordedChanges} from '../../../src/content/launchCheck'
import {documentById, withAnnouncedPrivacyChange} from '../../support/dataset'

const dataset = withAnnouncedPrivacyChange()
const figures = documentById(dataset, 'policyFigures')
const facts = documentById(dataset, 'companyFacts')
/** The history the test makes: Privacy Policy 8 is announced on 25 November 2026 for 26 December. */
const versions = dataset.filter(({_type}) => _type === 'policyVersion') as unknown as PolicyVersionDocument[]
const privacy = (number: number) => versions.find((v) => v.policy === 'privacyPolicy' && v.number === number)!

/** Noon in India on 1 December 2026: Privacy 7 is in force, 8 is announced. */
const NOW = new Date('2026-12-01T06:30:00Z')
const AFTER_ITS_DAY = new Date('2027-01-10T06:30:00Z')
const REASON = 'We found a mistake in the new text and will announce a corrected one.'

/** The bundled history with Privacy 8 withdrawn at NOW, as the Studio action records it. */
function withdrawn(): PolicyVersionDocument[] {
  const plan = planWithdrawal({versions, policy: 'privacyPolicy', note: REASON, now: NOW})
  if (!plan.ok) throw new Error(plan.problems.join(' '))
  return versions.map((version) => plan.withdrawn.find(({_id}) => _id === version._id) ?? version)
}
const numbers = (list: readonly {number: number}[]) => list.map(({number}) => number)
const ofPrivacy = (list: readonly PolicyVersionDocument[]) => list.filter((v) => v.policy === 'privacyPolicy')

describe('which changes can be withdrawn', () => {
  it('an announced change not yet in force, going back to the version in force', () => {
    const target = withdrawable(versions, 'privacyPolicy', NOW)
    expect(target?.inForce.number).toBe(7)
    expect(numbers(target!.announced)).toEqual([8])
  })

  it('never a version in force or earlier: once its moment has come, it applied', () => {
    expect(withdrawable(versions, 'privacyPolicy', AFTER_ITS_DAY)).toBeUndefined()
    expect(withdrawable(versions, 'refundPolicy', NOW)).toBeUndefined()
    const plan = planWithdrawal({versions, policy: 'privacyPolicy', note: REASON, now: AFTER_ITS_DAY})
    expect(plan).toEqual({
      ok: false,
      problems: ['Privacy Policy has no announced change to withdraw: every version has applied already.'],
    })
  })

  it("never a policy's first version, which has no earlier text to go back to", () => {
    const first = {...privacy(1), recordedAt: '2026-11-30T06:00:00Z', effectiveDate: '2026-12-20'}
    expect(withdrawable([first], 'privacyPolicy', NOW)).toBeUndefined()
  })

  it('only once: a withdrawn change is not announced any more', () => {
    expect(withdrawable(withdrawn(), 'privacyPolicy', NOW)).toBeUndefined()
  })

  it('with a reason readers can read, like a summary', () => {
    expect(withdrawnNoteProblems('')).toEqual([
      'Say why the change is withdrawn: readers see it with the version.',
    ])
    expect(withdrawnNoteProblems('  Oops  ')[0]).toMatch(/too short.*at least 10/)
    expect(withdrawnNoteProblems('x'.repeat(501))[0]).toMatch(/at most 500/)
    expect(withdrawnNoteProblems(REASON)).toEqual([])
    const plan = planWithdrawal({versions, policy: 'privacyPolicy', note: ' ', now: NOW})
    expect(plan.ok).toBe(false)
  })

  it("records the Content Lake's time and the trimmed reason on every announced version, and nothing else", () => {
    const plan = planWithdrawal({versions, policy: 'privacyPolicy', note: `  ${REASON} `, now: NOW})
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(plan.inForce).toBe(privacy(7))
    expect(plan.withdrawn).toEqual([{...privacy(8), withdrawnAt: NOW.toISOString(), withdrawnNote: REASON}])
  })
})

describe('a withdrawn version', () => {
  it('is listed in the history, but never in force nor to come, even after its day', () => {
    for (const now of [NOW, AFTER_ITS_DAY]) {
      const history = timeline(ofPrivacy(withdrawn()), now)
      expect(numbers(history.versions)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
      expect(numbers(history.withdrawn)).toEqual([8])
      expect(history.current?.number).toBe(7)
      expect(history.upcoming).toEqual([])
      // The version before it never ended.
      expect(history.until.has(7)).toBe(false)
      // The day it was to apply stays on record.
      expect(history.from.get(8)).toEqual({day: '2026-12-26'})
    }
  })

  it('schedules no switch of the site', () => {
    expect(nextChangeAt(ofPrivacy(versions), NOW)).toEqual(new Date('2026-12-25T18:30:00Z'))
    expect(nextChangeAt(ofPrivacy(withdrawn()), NOW)).toBeUndefined()
  })

  it('breaks no notice rule, however short its notice was: it never applied', () => {
    const rushed = {...privacy(8), effectiveDate: '2026-12-02', withdrawnAt: NOW.toISOString()}
    expect(noticeBreaches([privacy(7), rushed], 30)).toEqual([])
    expect(noticeBreaches([privacy(7), {...rushed, withdrawnAt: undefined}], 30)).toHaveLength(1)
  })

  it('is not the base of the next change, whose number still comes after it', () => {
    const history = withdrawn()
    expect(latestVersion(history, 'privacyPolicy')?.number).toBe(7)
    expect(nextVersionNumber(history, 'privacyPolicy')).toBe(9)

    // The correction of version 7's text, published at once with its reason: before the withdrawn
    // version's day, which no longer holds it back.
    const draft = structuredClone(privacy(7)) as Record<string, any>
    draft.sections[0].heading = `${draft.sections[0].heading} (corrected)`
    const correct = (recorded: PolicyVersionDocument[]) =>
      planPolicyPublish({
        policy: 'privacyPolicy',
        draft: draft as never,
        versions: recorded,
        figures,
        facts,
        note: {
          effectiveDate: '2026-12-01',
          summary: 'Corrects the heading of section 1.',
          shortNoticeReasons: ['correction'],
        },
        now: NOW,
      })
    const plan = correct(history)
    expect(plan.ok && plan.versions.map(({_id, number}) => [_id, number])).toEqual([
      ['policyVersion-privacyPolicy-9', 9],
    ])
    // Not withdrawn, version 8 holds the same change to its day or later.
    const held = correct(versions)
    expect(held.ok ? [] : held.problems[0]).toMatch(
      new RegExp(`already has version 8, announced to take effect on ${formatDate('2026-12-26')}`),
    )
  })

  it('publishing version 7’s own text again records nothing: it is what is in force', () => {
    const plan = planPolicyPublish({
      policy: 'privacyPolicy',
      draft: structuredClone(privacy(7)) as never,
      versions: withdrawn(),
      figures,
      facts,
      note: {},
      now: NOW,
    })
    expect(plan).toEqual({ok: true, versions: []})
  })

  it('numbers a change from Policy figures after it too', () => {
    const plan = planQuotedValuesPublish({
      versions: withdrawn(),
      figures: {...figures, breachReportHours: 48},
      figuresBefore: figures,
      facts,
      note: {effectiveDate: '2027-01-04', summary: 'Breaches are reported sooner.'},
      now: NOW,
    })
    expect(plan.ok && plan.versions.find(({policy}) => policy === 'privacyPolicy')?.number).toBe(9)
  })
})

describe("the build's check that a policy says what its latest version says", () => {
  /** The dataset after a withdrawal: Privacy 8 withdrawn, the policy's text back to version 7's. */
  const afterWithdrawal = (text: PolicyVersionDocument): Record<string, unknown>[] =>
    dataset.map((document): Record<string, unknown> =>
      document._id === 'privacyPolicy'
        ? {...document, title: text.title, intro: text.intro, sections: text.sections}
        : document._type === 'policyVersion'
          ? ({...(withdrawn().find(({_id}) => _id === document._id) ?? document)} as Record<string, unknown>)
          : document,
    )

  it('compares with the latest version not withdrawn', () => {
    expect(unrecordedChanges(afterWithdrawal(privacy(7)))).toEqual([])
  })

  it('names the policy whose published text is still the withdrawn one', () => {
    const warnings = unrecordedChanges(afterWithdrawal(privacy(8)))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Privacy Policy: .* differs from version 7,/)
  })
})
