import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {effectiveFrom} from '../../model/policyVersions'
import {contactContent} from './memoryStore'

// What the policy schedule tests share, in tests/unit/server/schedule.test.ts (the schedule and
// the build data) and tests/built/server/schedule.test.ts (the production server rebuilding).

export const MINUTE = 60_000
export const DAY = 24 * 60 * MINUTE
/** Midnight in India at the start of 1 December 2026. */
export const DECEMBER_FIRST = effectiveFrom('2026-12-01')
export const PRIVACY_4 = {policy: 'privacyPolicy', number: 4, effectiveDate: '2026-12-01'} as const
export const TERMS_2 = {policy: 'termsAndConditions', number: 2, effectiveDate: '2026-12-20'} as const

/** A clock and timers the test moves by hand: nothing sleeps. */
export function fakeClock(start: number) {
  let now = start
  let ids = 0
  const timers = new Map<number, {at: number; callback: () => void}>()
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve))
  return {
    now: () => now,
    setTimer: (callback: () => void, ms: number) => {
      timers.set(++ids, {at: now + ms, callback})
      return ids
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    /** How long until each timer not yet run or cleared. */
    pending: () => [...timers.values()].map(({at}) => at - now),
    /** Moves the clock to `target`, running every timer due on the way at its own moment. */
    async advanceTo(target: number) {
      await settle()
      for (;;) {
        const [id, due] = [...timers].sort(([, a], [, b]) => a.at - b.at)[0] ?? []
        if (id === undefined || due!.at > target) break
        timers.delete(id)
        now = due!.at
        due!.callback()
        await settle()
      }
      now = target
    },
    advanceBy(ms: number) {
      return this.advanceTo(now + ms)
    },
  }
}

/** The files of a build the server can open: home page, server entry and every part of its build data. */
export const STAND_IN_BUILD_FILES: Readonly<Record<string, string>> = {
  'client/index.html': '<h1>Home</h1>',
  'server/entry.mjs': 'export const handler = async (request, response, next) => next()',
  'server/server-data/contact.json': JSON.stringify(contactContent()),
  'server/server-data/contact-sent/en.html': '<p>Message sent. Your reference: %REFERENCE%</p>',
  'server/server-data/live-content.json': JSON.stringify({
    builtAt: '2026-11-30T10:00:00.000Z',
    documents: [],
  }),
  'server/server-data/policy-schedule.json': JSON.stringify({nextChangeAt: null, versions: []}),
}

/**
 * Puts a stand-in for `astro build` where the rebuilder runs Astro in `root`
 * (node_modules/astro/bin/astro.mjs). It writes a build the server can open, whose policy schedule
 * is $POLICY_SCHEDULE when that is set, or, when $BUILD is "fail", fails as a build does, printing
 * `failure`. Plain JavaScript, so any Node runs it.
 */
export function installStandInAstro(root: string, failure: string) {
  mkdirSync(join(root, 'node_modules/astro/bin'), {recursive: true})
  writeFileSync(
    join(root, 'node_modules/astro/bin/astro.mjs'),
    `
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
const outDir = process.argv[process.argv.indexOf('--outDir') + 1]
if (process.env.BUILD === 'fail') {
  console.error(${JSON.stringify(failure)})
  process.exit(1)
}
const files = ${JSON.stringify(STAND_IN_BUILD_FILES)}
if (process.env.POLICY_SCHEDULE) files['server/server-data/policy-schedule.json'] = process.env.POLICY_SCHEDULE
for (const [path, text] of Object.entries(files)) {
  mkdirSync(join(outDir, path, '..'), {recursive: true})
  writeFileSync(join(outDir, path), text)
}
`,
  )
}

/** A build folder as the server reads it, with this policy schedule if one is given (else none to come). */
export function writeBuild(dir: string, policySchedule?: string) {
  const files: Record<string, string> = {...STAND_IN_BUILD_FILES}
  if (policySchedule !== undefined) files['server/server-data/policy-schedule.json'] = policySchedule
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), {recursive: true})
    writeFileSync(join(dir, path), text)
  }
}
