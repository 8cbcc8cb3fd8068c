import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {Rebuilder} from '../../../src/server/rebuilder'
import {installStandInAstro} from '../../support/policySchedule'

/** A time no machine's clock shows while these tests run, so only the given clock can have said it. */
const HELD = Date.parse('2031-07-04T09:30:00.000Z')

describe("the rebuilder's status reads the server's clock", () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'rebuilder-'))
    installStandInAstro(root, 'error: Could not read content from dataset "production" after 4 attempts.')
  })
  afterAll(() => rmSync(root, {recursive: true, force: true}))

  function rebuilder(env: NodeJS.ProcessEnv, now: () => number) {
    const buildsDir = join(root, `builds-${readdirSync(root).length}`)
    const live: string[] = []
    const built = new Rebuilder({
      root,
      buildsDir,
      liveBuild: join(root, 'dist'),
      goLive: async (dir) => void live.push(dir),
      env,
      now,
      log: () => {},
    })
    return {built, buildsDir, live}
  }

  it('says when a build started and when it went live by the given clock', async () => {
    let clock = HELD
    const {built, live} = rebuilder({}, () => clock)
    built.request('publish of aboutPage')
    expect(built.getStatus().buildingSince).toBe(new Date(HELD).toISOString())
    clock = HELD + 90_000
    await built.settled()

    const status = built.getStatus()
    expect(status.building).toBe(false)
    expect(status.buildingSince).toBeNull()
    expect(status.lastSuccess).toMatchObject({
      at: new Date(HELD + 90_000).toISOString(),
      trigger: 'publish of aboutPage',
      build: live[0],
    })
    expect(status.lastFailure).toBeNull()
  })

  it('gives each build a folder of its own on a clock held still', async () => {
    const {built, buildsDir, live} = rebuilder({}, () => HELD)
    built.request('publish of aboutPage')
    await built.settled()
    built.request('publish of siteSettings')
    await built.settled()

    expect(new Set(live).size).toBe(2)
    expect(built.getStatus().lastSuccess?.build).toBe(live[1])
    expect(readdirSync(buildsDir).filter((entry) => entry.startsWith('build-2031-07-04T'))).toHaveLength(2)
  })

  it('says when a build failed by the given clock, and leaves no folder of it', async () => {
    const {built, buildsDir, live} = rebuilder({BUILD: 'fail'}, () => HELD)
    built.request('publish of privacyPolicy')
    await built.settled()

    expect(built.getStatus().lastFailure).toMatchObject({
      at: new Date(HELD).toISOString(),
      trigger: 'publish of privacyPolicy',
      message: expect.stringContaining('Could not read content'),
    })
    expect(built.getStatus().lastSuccess).toBeNull()
    expect(live).toEqual([])
    expect(readdirSync(buildsDir).filter((entry) => entry.startsWith('build-'))).toEqual([])
  })
})
