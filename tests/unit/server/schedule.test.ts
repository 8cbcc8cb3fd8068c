import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {effectiveFrom} from '../../../model/policyVersions'
import {readBuildData, type PolicySchedule} from '../../../src/server/buildData'
import {MAX_TIMER_MS, PolicyChangeSchedule, RETRY_DELAYS_MS} from '../../../src/server/schedule'
import {
  DAY,
  DECEMBER_FIRST,
  fakeClock,
  MINUTE,
  PRIVACY_4,
  TERMS_2,
  writeBuild,
} from '../../support/policySchedule'

// The production server rebuilding itself when a change takes effect is in
// tests/built/server/schedule.test.ts.

const scheduleOf = (
  ...versions: {policy: 'privacyPolicy' | 'termsAndConditions'; number: number; effectiveDate: string}[]
): PolicySchedule =>
  versions.length === 0 ? {versions: []} : {nextChangeAt: effectiveFrom(versions[0]!.effectiveDate), versions}

/**
 * The schedule with a rebuild that records when it was asked and, as told, puts a build with
 * the given schedule live (arming the schedule again, as the server's swap does) or fails.
 */
function scheduleWithRebuilds(start: number) {
  const clock = fakeClock(start)
  const log: string[] = []
  const requests: {at: number; reason: string}[] = []
  const outcomes: (PolicySchedule | 'fails')[] = []
  const schedule: PolicyChangeSchedule = new PolicyChangeSchedule({
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    log: (line) => log.push(line),
    rebuild: async (reason) => {
      requests.push({at: clock.now(), reason})
      const outcome = outcomes.shift() ?? 'fails'
      if (outcome !== 'fails') schedule.arm(outcome)
    },
  })
  return {clock, log, requests, outcomes, schedule}
}

describe('the policy change schedule', () => {
  it('waits for the moment the next version takes effect: midnight in India at the start of its date', () => {
    const {clock, log, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - 3 * 60 * MINUTE)
    schedule.arm(scheduleOf(PRIVACY_4, TERMS_2))
    expect(DECEMBER_FIRST.toISOString()).toBe('2026-11-30T18:30:00.000Z')
    expect(clock.pending()).toEqual([3 * 60 * MINUTE])
    expect(requests).toEqual([])
    expect(log).toEqual([
      'Policy change scheduled (Privacy Policy version 4 from 2026-12-01): the site rebuilds at 2026-11-30T18:30:00.000Z',
    ])
    expect(schedule.getStatus()).toEqual({
      at: '2026-11-30T18:30:00.000Z',
      versions: [PRIVACY_4],
      attempts: 0,
      retryAt: null,
    })
  })

  it('asks for a rebuild at that moment and not before, saying which version takes effect', async () => {
    const {clock, log, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(scheduleOf(PRIVACY_4))
    await clock.advanceTo(DECEMBER_FIRST.getTime() - 1)
    expect(requests).toEqual([])
    await clock.advanceTo(DECEMBER_FIRST.getTime())
    expect(requests).toEqual([
      {at: DECEMBER_FIRST.getTime(), reason: 'Privacy Policy version 4 from 2026-12-01 takes effect'},
    ])
    expect(log).toContain('Policy change takes effect (Privacy Policy version 4 from 2026-12-01): rebuilding')
  })

  it('names every version that takes effect on the same day in one line', async () => {
    const {clock, log, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(
      scheduleOf(PRIVACY_4, {policy: 'termsAndConditions', number: 2, effectiveDate: '2026-12-01'}),
    )
    await clock.advanceTo(DECEMBER_FIRST.getTime())
    expect(log).toContain(
      'Policy change takes effect (Privacy Policy version 4, Terms and Conditions version 2 from 2026-12-01): rebuilding',
    )
  })

  it('waits longer than a timer can (24.8 days) in steps, and asks only at the moment itself', async () => {
    const start = DECEMBER_FIRST.getTime() - 40 * DAY
    const {clock, requests, schedule} = scheduleWithRebuilds(start)
    schedule.arm(scheduleOf(PRIVACY_4))
    expect(clock.pending()).toEqual([MAX_TIMER_MS])
    await clock.advanceTo(start + MAX_TIMER_MS)
    expect(requests).toEqual([])
    expect(clock.pending()).toEqual([40 * DAY - MAX_TIMER_MS])
    await clock.advanceTo(DECEMBER_FIRST.getTime() - 1)
    expect(requests).toEqual([])
    await clock.advanceTo(DECEMBER_FIRST.getTime())
    expect(requests.map(({at}) => at)).toEqual([DECEMBER_FIRST.getTime()])
  })

  it('asks at once when the moment passed before it was armed (the server was down at midnight)', () => {
    const {clock, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() + 7 * 60 * MINUTE)
    schedule.arm(scheduleOf(PRIVACY_4))
    expect(requests.map(({at}) => at)).toEqual([clock.now()])
  })

  it('follows only the schedule it was armed with last', async () => {
    const {clock, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(scheduleOf(PRIVACY_4))
    schedule.arm(scheduleOf(TERMS_2))
    expect(clock.pending()).toEqual([effectiveFrom(TERMS_2.effectiveDate).getTime() - clock.now()])
    await clock.advanceTo(DECEMBER_FIRST.getTime() + DAY)
    expect(requests).toEqual([])
    schedule.arm(scheduleOf())
    expect(clock.pending()).toEqual([])
    expect(schedule.getStatus()).toBeNull()
  })

  it('leaves no timer behind when stopped, and arms nothing after', async () => {
    const {clock, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(scheduleOf(PRIVACY_4))
    schedule.stop()
    expect(clock.pending()).toEqual([])
    schedule.arm(scheduleOf(PRIVACY_4))
    await clock.advanceTo(DECEMBER_FIRST.getTime() + DAY)
    expect(clock.pending()).toEqual([])
    expect(requests).toEqual([])
  })

  it('asks again after a failed rebuild, with growing pauses that never grow past an hour', async () => {
    const {clock, log, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(scheduleOf(PRIVACY_4))
    await clock.advanceTo(DECEMBER_FIRST.getTime())
    expect(RETRY_DELAYS_MS).toEqual([1, 5, 15, 60].map((minutes) => minutes * MINUTE))
    expect(clock.pending()).toEqual([MINUTE])
    expect(schedule.getStatus()).toMatchObject({
      attempts: 1,
      retryAt: new Date(DECEMBER_FIRST.getTime() + MINUTE).toISOString(),
    })
    expect(log).toContain(
      'The rebuild did not put the policy change (Privacy Policy version 4 from 2026-12-01) live; trying again in 1 min',
    )
    await clock.advanceBy(6 * 60 * MINUTE)
    const pauses = requests.slice(1).map(({at}, index) => (at - requests[index]!.at) / MINUTE)
    expect(pauses).toEqual([1, 5, 15, 60, 60, 60, 60, 60])
    expect(log).toContain(
      'Policy change (Privacy Policy version 4 from 2026-12-01) is not live yet: rebuilding again (attempt 2)',
    )
  })

  it('stops asking once a build with a later next change is live, and waits for that one', async () => {
    const {clock, outcomes, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(scheduleOf(PRIVACY_4, TERMS_2))
    outcomes.push('fails', 'fails', scheduleOf(TERMS_2))
    await clock.advanceBy(DAY + 30 * MINUTE)
    expect(requests.map(({at}) => (at - DECEMBER_FIRST.getTime()) / MINUTE)).toEqual([0, 1, 6])
    const termsFrom = effectiveFrom(TERMS_2.effectiveDate).getTime()
    expect(clock.pending()).toEqual([termsFrom - clock.now()])
    expect(schedule.getStatus()).toEqual({
      at: new Date(termsFrom).toISOString(),
      versions: [TERMS_2],
      attempts: 0,
      retryAt: null,
    })
  })

  it('stops asking once a build with no change to come is live', async () => {
    const {clock, outcomes, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(scheduleOf(PRIVACY_4))
    outcomes.push('fails', scheduleOf())
    await clock.advanceBy(DAY + 30 * DAY)
    expect(requests).toHaveLength(2)
    expect(clock.pending()).toEqual([])
  })

  it('asks again after a pause, not at once, when the build put live still has the change to come', async () => {
    const {clock, outcomes, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(scheduleOf(PRIVACY_4))
    outcomes.push(scheduleOf(PRIVACY_4))
    await clock.advanceTo(DECEMBER_FIRST.getTime())
    expect(requests).toHaveLength(1)
    expect(clock.pending()).toEqual([MINUTE])
  })

  it('drops a pending retry when a publish puts a build without the change live in the meantime', async () => {
    const {clock, requests, schedule} = scheduleWithRebuilds(DECEMBER_FIRST.getTime() - DAY)
    schedule.arm(scheduleOf(PRIVACY_4))
    await clock.advanceTo(DECEMBER_FIRST.getTime())
    expect(clock.pending()).toEqual([MINUTE])
    schedule.arm(scheduleOf(TERMS_2))
    await clock.advanceBy(DAY)
    expect(requests).toHaveLength(1)
    expect(schedule.getStatus()).toMatchObject({versions: [TERMS_2], attempts: 0, retryAt: null})
  })
})

// ---------------------------------------------------------------------------------------------

describe("a build's policy schedule, as the server reads it", () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'policy-schedule-'))
  })
  afterAll(() => rmSync(root, {recursive: true, force: true}))
  let build: string
  let count = 0
  beforeEach(() => {
    build = join(root, `build-${++count}`)
  })
  const file = () => join(build, 'server/server-data/policy-schedule.json')
  const policySchedule = async () => (await readBuildData(build)).policySchedule

  it('gives the next change and the versions to come', async () => {
    writeBuild(
      build,
      JSON.stringify({nextChangeAt: '2026-11-30T18:30:00.000Z', versions: [PRIVACY_4, TERMS_2]}),
    )
    await expect(policySchedule()).resolves.toEqual({
      nextChangeAt: DECEMBER_FIRST,
      versions: [PRIVACY_4, TERMS_2],
    })
    writeBuild(build, JSON.stringify({nextChangeAt: null, versions: []}))
    await expect(policySchedule()).resolves.toEqual({versions: []})
  })

  it('refuses a file that is not a schedule, naming the file and what is wrong', async () => {
    writeBuild(build, '{"nextChangeAt": "2026-11-30T18:30')
    await expect(policySchedule()).rejects.toThrow(
      `${file()} is not the policy schedule of this site's build: it is not JSON.`,
    )
    writeBuild(build, JSON.stringify({nextChangeAt: 'soon', versions: []}))
    await expect(policySchedule()).rejects.toThrow(
      `${file()} is not the policy schedule of this site's build: nextChangeAt: expected an instant in ISO form, or null.`,
    )
    writeBuild(build, JSON.stringify({nextChangeAt: null}))
    await expect(policySchedule()).rejects.toThrow(
      `${file()} is not the policy schedule of this site's build: versions: expected a list.`,
    )
    writeBuild(
      build,
      JSON.stringify({nextChangeAt: null, versions: [{...PRIVACY_4, effectiveDate: '2026-02-30'}]}),
    )
    await expect(policySchedule()).rejects.toThrow(
      `${file()} is not the policy schedule of this site's build: versions.0.effectiveDate: expected a calendar date (YYYY-MM-DD).`,
    )
  })
})
