import {effectiveFrom} from '../../model/policyVersions.ts'
import {DOCUMENT_TITLES} from '../../model/siteDocuments.ts'
import type {PolicySchedule, UpcomingVersion} from './buildData.ts'
import type {Rebuilder} from './rebuilder.ts'

/** Node's timers wait at most 2^31 − 1 ms (about 24.8 days); a longer wait is taken in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * The waits before asking again when a rebuild for a change that has come did not bring it live
 * (a failed build, an unreachable Content Lake): growing, then hourly for as long as it takes.
 */
export const RETRY_DELAYS_MS = [1, 5, 15, 60].map((minutes) => minutes * 60_000)

export interface PolicyChangeScheduleOptions {
  /** Asks for a rebuild; settles once it has gone live or failed. */
  rebuild: (reason: string) => Promise<void>
  now?: () => number
  setTimer?: (callback: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  log?: (line: string) => void
}

/** The next policy change, for the rebuild status. */
export interface PolicyChangeStatus {
  at: string
  /** The versions that take effect then. */
  versions: UpcomingVersion[]
  /** Rebuilds asked for since the moment came. */
  attempts: number
  /** When the next rebuild is asked for after a failed one. */
  retryAt: string | null
}

/**
 * Rebuilds the site when a policy version's date comes, so that it becomes the text in force
 * without anyone publishing. It follows the schedule of the live build: armed when the server
 * starts and again each time a build goes live, it waits for that build's next change, asks for a
 * rebuild then, and asks again with growing pauses until a build without that change to come is
 * live. One timer at a time, which never keeps the process alive.
 */
export class PolicyChangeSchedule {
  private readonly options: Required<PolicyChangeScheduleOptions>
  private schedule: PolicySchedule = {versions: []}
  private timer: unknown
  /** Rebuilds asked for since the live build's next change came. */
  private attempts = 0
  private retryAt: number | undefined
  private rebuilding = false
  private stopped = false

  constructor(options: PolicyChangeScheduleOptions) {
    this.options = {
      now: Date.now,
      setTimer: (callback, ms) => setTimeout(callback, ms).unref(),
      clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout),
      log: console.log,
      ...options,
    }
  }

  /** Follows the schedule of the build now live, in place of the one before. */
  arm(schedule: PolicySchedule): void {
    const previous = this.schedule.nextChangeAt?.getTime()
    this.schedule = schedule
    const at = schedule.nextChangeAt
    if (at && at.getTime() !== previous && at.getTime() > this.options.now())
      this.options.log(
        `Policy change scheduled (${describe(schedule, at)}): the site rebuilds at ${at.toISOString()}`,
      )
    // A rebuild this schedule asked for decides what comes next once it settles.
    if (!this.rebuilding) this.wait()
  }

  getStatus(): PolicyChangeStatus | null {
    const at = this.schedule.nextChangeAt
    if (!at) return null
    return {
      at: at.toISOString(),
      versions: takingEffect(this.schedule, at),
      attempts: this.attempts,
      retryAt: this.retryAt === undefined ? null : new Date(this.retryAt).toISOString(),
    }
  }

  /** No more timers or rebuilds (when the server stops). */
  stop(): void {
    this.stopped = true
    this.clear()
  }

  private clear() {
    if (this.timer !== undefined) this.options.clearTimer(this.timer)
    this.timer = undefined
  }

  private wait() {
    this.clear()
    if (this.stopped) return
    const at = this.schedule.nextChangeAt?.getTime()
    if (at === undefined || at > this.options.now()) {
      this.attempts = 0
      this.retryAt = undefined
    }
    if (at === undefined) return
    const delay = (this.retryAt ?? at) - this.options.now()
    if (delay <= 0) return this.fire()
    // Past the longest wait a timer takes, wake up and work out the rest again.
    this.timer = this.options.setTimer(
      () => {
        this.timer = undefined
        this.wait()
      },
      Math.min(delay, MAX_TIMER_MS),
    )
  }

  private fire() {
    const at = this.schedule.nextChangeAt!
    const what = describe(this.schedule, at)
    this.attempts++
    this.retryAt = undefined
    this.options.log(
      this.attempts === 1
        ? `Policy change takes effect (${what}): rebuilding`
        : `Policy change (${what}) is not live yet: rebuilding again (attempt ${this.attempts})`,
    )
    this.rebuilding = true
    void this.options
      .rebuild(`${what} takes effect`)
      .catch(() => undefined)
      .finally(() => {
        this.rebuilding = false
        if (this.stopped) return
        const next = this.schedule.nextChangeAt?.getTime()
        if (next !== undefined && next <= this.options.now()) {
          const pause = RETRY_DELAYS_MS[Math.min(this.attempts, RETRY_DELAYS_MS.length) - 1]!
          this.retryAt = this.options.now() + pause
          this.options.log(
            `The rebuild did not put the policy change (${what}) live; trying again in ${pause / 60_000} min`,
          )
        }
        this.wait()
      })
  }
}

/** The rebuild a policy change asks for: through the publish queue, so it folds into a build already running. */
export const rebuildThrough =
  (rebuilder: Pick<Rebuilder, 'request' | 'settled'>) =>
  (reason: string): Promise<void> => {
    rebuilder.request(reason)
    return rebuilder.settled()
  }

const takingEffect = (schedule: PolicySchedule, at: Date) =>
  schedule.versions.filter((version) => effectiveFrom(version.effectiveDate).getTime() === at.getTime())

/** "Privacy Policy version 4 from 2026-12-01" (several versions of one date in one line). */
function describe(schedule: PolicySchedule, at: Date): string {
  const versions = takingEffect(schedule, at)
  if (versions.length === 0) return `a policy version from ${at.toISOString()}`
  const names = versions.map(({policy, number}) => `${DOCUMENT_TITLES[policy] ?? policy} version ${number}`)
  return `${names.join(', ')} from ${versions[0]!.effectiveDate}`
}
