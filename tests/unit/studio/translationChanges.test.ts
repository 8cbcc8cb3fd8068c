import {describe, expect, it} from 'vitest'
import {newVersion, quotesFor, type PolicyVersionDocument} from '../../../model/policyVersions'
import {POLICY_IDS} from '../../../model/siteDocuments'
import {translationStatus, wordsDigest} from '../../../model/translations'
import {
  chosenTarget,
  englishChangesSince,
  reviewBadge,
  reviewedRecord,
  reviewTarget,
  upcomingEnglish,
} from '../../../studio/actions/translationReview'
import {bundledDocuments, documentById} from '../../support/dataset'

/**
 * A translation reviewed ahead goes live with its English, and a stale one shows what changed in
 * English since its review, with the public change pages' differences.
 */
const dataset = bundledDocuments()
const figures = documentById(dataset, 'policyFigures')
const facts = documentById(dataset, 'companyFacts')
/** Noon in India on 1 December 2026. */
const NOW = new Date('2026-12-01T06:30:00Z')
const FORM = {reviewedBy: 'Priya Raman', reviewedOn: '2026-12-01'}

const versions = [
  {policy: POLICY_IDS.privacy, number: 4, effectiveDate: '2026-11-23', recordedAt: '2026-11-23T04:30:00Z'},
  {policy: POLICY_IDS.privacy, number: 5, effectiveDate: '2026-12-31', recordedAt: '2026-11-30T06:00:00Z'},
]

describe('"Mark as reviewed" against an announced version', () => {
  const target = reviewTarget({englishId: POLICY_IDS.privacy, versions}, 'policy', NOW)

  it('offers the version in force and each version announced', () => {
    expect(target).toMatchObject({
      ok: true,
      translates: '4',
      later: [
        {
          translates: '5',
          against: 'version 5 of the English Privacy Policy, announced to apply from 2026-12-31',
        },
      ],
    })
    if (!target.ok) return
    expect(chosenTarget(target, '5')?.translates).toBe('5')
    expect(chosenTarget(target, undefined)?.translates).toBe('4')
    expect(chosenTarget(target, '6')).toBeUndefined()
  })

  it('is not shown before its version applies, and is shown with it from that day', () => {
    const record = reviewedRecord('5', FORM)
    expect(translationStatus(record, '4', {publicBuild: true, upcomingEnglish: ['5']})).toEqual({
      status: 'upcoming',
      show: false,
    })
    expect(translationStatus(record, '5', {publicBuild: true})).toEqual({status: 'shown', show: true})
    // Without the announcement it would be any other text than the current one: stale.
    expect(translationStatus(record, '4', {publicBuild: true})).toEqual({status: 'stale', show: false})
  })

  it('gets a badge that says so, not "Stale"', () => {
    const upcoming = upcomingEnglish({englishId: POLICY_IDS.privacy, versions}, 'policy', NOW)
    expect(reviewBadge(reviewedRecord('5', FORM), '4', upcoming)).toMatchObject({
      label: 'Reviewed for version 5',
      color: 'success',
      title: expect.stringContaining('from 2026-12-31'),
    })
  })
})

describe('what changed in English since a review', () => {
  it("gives a policy's changed sections word by word, as the public change pages do", () => {
    const privacy = documentById(dataset, POLICY_IDS.privacy)
    const version = (number: number, heading: string): PolicyVersionDocument =>
      newVersion({
        policy: POLICY_IDS.privacy,
        wording: {
          ...privacy,
          sections: [{...privacy.sections[0], heading}, ...privacy.sections.slice(1)],
        } as never,
        quotes: quotesFor(privacy, figures, facts),
        note: {effectiveDate: '2026-12-31', summary: 'A clearer first heading.'},
        previous: {number: number - 1},
        now: NOW,
      })
    const changes = englishChangesSince({
      kind: 'policy',
      from: version(4, 'What This Policy Covers'),
      to: version(5, 'What This Privacy Policy Covers'),
    })
    expect(changes?.kind).toBe('policy')
    if (changes?.kind !== 'policy') return
    expect(changes.diff.changedSections).toBe(1)
    const [first] = changes.diff.sections
    expect(first).toMatchObject({number: 1, change: 'changed'})
    expect(first!.heading).toContainEqual({change: 'added', text: 'Privacy '})
  })

  it("gives a page's changed texts by where staff find them", () => {
    const english = documentById(dataset, 'contactPage')
    const edited = {...english, reachUsHeading: `${english.reachUsHeading}, today`}
    expect(wordsDigest(edited)).not.toBe(wordsDigest(english))
    expect(englishChangesSince({kind: 'document', from: english, to: edited})).toEqual({
      kind: 'document',
      fields: [
        {
          field: 'reach us heading',
          words: [
            {change: 'same', text: english.reachUsHeading},
            {change: 'added', text: ', today'},
          ],
        },
      ],
    })
  })

  it('knows nothing to compare without the earlier text', () => {
    expect(englishChangesSince({kind: 'document', from: undefined, to: {}})).toBeUndefined()
  })

  it('records the English revision reviewed for a page, so its changes can be found later', () => {
    expect(reviewedRecord('digest', FORM, 'rev-12')).toMatchObject({
      translates: 'digest',
      englishRev: 'rev-12',
    })
    expect(reviewedRecord('4', FORM)).not.toHaveProperty('englishRev')
  })
})
