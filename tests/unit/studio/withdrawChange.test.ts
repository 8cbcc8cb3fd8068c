import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
  daysAfter,
  indiaToday,
  planWithdrawal,
  type PolicyVersionDocument,
} from '../../../model/policyVersions'
import {
  PUBLISH_READ_QUERY,
  publishRead,
  publishReadParams,
  versionsToRecord,
  type StoredDocument,
} from '../../../studio/actions/recordVersions'
import {
  WITHDRAW_READ_QUERY,
  withdrawalInWords,
  withdrawalMutations,
  withdrawErrorMessage,
  withdrawRead,
  type WithdrawRead,
} from '../../../studio/actions/withdrawChange'
import {documentById, withAnnouncedPrivacyChange} from '../../support/dataset'
import {
  standInClient,
  startQueryApiStandIn,
  type QueryApiStandIn,
  type SanityDocumentLike,
} from '../../support/queryApiStandIn'

const dataset = withAnnouncedPrivacyChange()
const privacyVersions = dataset.filter(
  (document) => document._type === 'policyVersion' && document.policy === 'privacyPolicy',
) as unknown as (PolicyVersionDocument & {_rev?: string})[]
const version = (number: number) => privacyVersions.find((v) => v.number === number)!
const published = {...documentById(dataset, 'privacyPolicy'), _rev: 'published-rev'} as StoredDocument
/** Noon in India on 1 December 2026: Privacy 7 is in force, 8 announced on 25 November for 26 December. */
const NOW = new Date('2026-12-01T06:30:00Z')
const REASON = 'We found a mistake in the new text and will announce a corrected one.'
const readAt = (versions = privacyVersions, now = NOW): WithdrawRead => ({now, published, versions})

describe('the withdrawal dialog', () => {
  it('says in plain words which change never applies, what the site shows, and that a new one needs full notice', () => {
    expect(withdrawalInWords(readAt(), 'privacyPolicy')).toEqual([
      'Version 8, announced on 25 November 2026 to apply from 26 December 2026, will never apply. ' +
        'The site shows version 7 until a new change is published; a new change is announced again with the full notice.',
      'The published text of this policy goes back to version 7, so the site and the next publish compare ' +
        'against it. A draft you have open stays as it is.',
    ])
  })

  it('names every announced version when there are several', () => {
    const ninth = {
      ...version(8),
      _id: 'policyVersion-privacyPolicy-9',
      number: 9,
      effectiveDate: '2027-01-04',
    }
    const [first] = withdrawalInWords(readAt([...privacyVersions, ninth]), 'privacyPolicy')!
    expect(first).toMatch(
      /^Version 8, announced on 25 November 2026 to apply from 26 December 2026 and version 9, announced on 25 November 2026 to apply from 4 January 2027, will never apply\./,
    )
  })

  it('warns that figures or facts the change quoted stay as they are in their own documents', () => {
    const figures = version(8).figures.map((quoted) =>
      quoted.figure === 'breachReportHours' ? {...quoted, text: '48 hours'} : quoted,
    )
    const words = withdrawalInWords(
      readAt([...privacyVersions.slice(0, 7), {...version(8), figures}]),
      'privacyPolicy',
    )
    expect(words?.at(-1)).toMatch(
      /^The change also quoted new figures or company facts\..*records them again\.$/,
    )
  })

  it('offers nothing once the change has applied', () => {
    expect(
      withdrawalInWords(readAt(privacyVersions, new Date('2027-01-10T06:30:00Z')), 'privacyPolicy'),
    ).toBeUndefined()
  })
})

describe('the withdrawal transaction', () => {
  it('marks each announced version withdrawn and puts the published text back to the version in force, each locked to its revision', () => {
    const versions = privacyVersions.map((v) => ({...v, _rev: `rev-of-${v.number}`}))
    const plan = planWithdrawal({versions, policy: 'privacyPolicy', note: REASON, now: NOW})
    if (!plan.ok) throw new Error(plan.problems.join(' '))
    expect(withdrawalMutations(published, plan)).toEqual([
      {
        patch: {
          id: 'policyVersion-privacyPolicy-8',
          ifRevisionID: 'rev-of-8',
          set: {withdrawnAt: NOW.toISOString(), withdrawnNote: REASON},
        },
      },
      {
        patch: {
          id: 'privacyPolicy',
          ifRevisionID: 'published-rev',
          set: {title: version(7).title, intro: version(7).intro, sections: version(7).sections},
        },
      },
    ])
  })

  it("refuses an answer without the Content Lake's time", () => {
    expect(() => withdrawRead({published, versions: privacyVersions})).toThrow(/did not say what time it is/)
  })

  it('explains a failure: nothing was withdrawn', () => {
    expect(withdrawErrorMessage(Object.assign(new Error('conflict'), {statusCode: 409}))).toMatch(
      /while this dialog was open\. Nothing was withdrawn/,
    )
    expect(withdrawErrorMessage(new Error('network down'))).toBe(
      'The withdrawal failed (network down). Nothing was withdrawn and nothing changed; try again.',
    )
  })
})

describe('withdrawing against the Content Lake', () => {
  let standIn: QueryApiStandIn
  const client = () => standInClient(standIn.url, {token: 'stand-in-write-token', maxRetries: 0})
  const stored = (id: string): Promise<Record<string, any> | null> =>
    client().fetch('*[_id == $id][0]', {id}, {perspective: 'raw'})
  const read = async () =>
    withdrawRead(await client().fetch(WITHDRAW_READ_QUERY, {policy: 'privacyPolicy'}, {perspective: 'raw'}))
  const draftHeading = 'A heading staff are still editing'
  /** The transaction the action commits after this read, with the staff's reason. */
  const mutationsFor = (answer: WithdrawRead) => {
    const plan = planWithdrawal({
      versions: answer.versions,
      policy: 'privacyPolicy',
      note: REASON,
      now: answer.now,
    })
    if (!plan.ok) throw new Error(plan.problems.join(' '))
    return withdrawalMutations(answer.published!, plan)
  }

  beforeAll(async () => {
    standIn = await startQueryApiStandIn({documents: [], now: () => NOW})
  })
  afterAll(() => standIn.close())

  /**
   * The bundled dataset with Privacy 8 announced yesterday for 29 days from today, by the clock
   * the stand-in's now() reads, and a draft of the policy staff have open.
   */
  function start() {
    const today = indiaToday(NOW)
    const documents = withAnnouncedPrivacyChange().map((document, index): SanityDocumentLike => {
      const revised = {...document, _rev: `rev-${index}`}
      return document._id === 'policyVersion-privacyPolicy-8'
        ? {
            ...revised,
            recordedAt: new Date(NOW.getTime() - 24 * 3600_000).toISOString(),
            effectiveDate: daysAfter(today, 29),
          }
        : revised
    })
    const draft = structuredClone(documentById(documents, 'privacyPolicy'))
    draft.sections[0].heading = draftHeading
    standIn.setDocuments([
      ...documents,
      {...draft, _id: 'drafts.privacyPolicy', _type: 'policy', _rev: 'draft-rev'},
    ])
  }

  it("withdraws at the Content Lake's time, puts the published text back to version 7 and keeps the draft", async () => {
    start()
    const answer = await read()
    expect(answer.published?._id).toBe('privacyPolicy')
    expect(answer.versions.map(({number}) => number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    await client().transaction(mutationsFor(answer)).commit()

    const eighth = await stored('policyVersion-privacyPolicy-8')
    expect(eighth).toMatchObject({withdrawnAt: answer.now.toISOString(), withdrawnNote: REASON})
    expect((await stored('privacyPolicy'))?.sections).toEqual(version(7).sections)
    expect((await stored('drafts.privacyPolicy'))?.sections[0].heading).toBe(draftHeading)

    // The next publish is checked against version 7 and gets number 9.
    const next = publishRead(
      await client().fetch(PUBLISH_READ_QUERY, publishReadParams('privacyPolicy'), {perspective: 'raw'}),
    )
    expect(
      next.versions
        .filter(({policy}) => policy === 'privacyPolicy')
        .map(({number}) => number)
        .sort(),
    ).toEqual([7, 8])
    expect(versionsToRecord(next.draft!, next)).toEqual([{policy: 'privacyPolicy', number: 9}])
  })

  it('fails, changing nothing, when the policy was published after it was read', async () => {
    start()
    const answer = await read()
    await client().patch('privacyPolicy').set({description: 'Published by someone else meanwhile.'}).commit()
    const refused = await client()
      .transaction(mutationsFor(answer))
      .commit()
      .catch((error: unknown) => error)

    expect(refused).toHaveProperty('statusCode', 409)
    expect(withdrawErrorMessage(refused)).toMatch(/Nothing was withdrawn/)
    expect(await stored('policyVersion-privacyPolicy-8')).not.toHaveProperty('withdrawnAt')
    expect((await stored('privacyPolicy'))?.sections).toEqual(documentById(dataset, 'privacyPolicy').sections)
  })
})
