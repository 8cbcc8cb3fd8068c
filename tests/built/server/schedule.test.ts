import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {effectiveFrom} from '../../../model/policyVersions'
import {readConfig} from '../../../src/config'
import {createSiteServer, type SiteServer} from '../../../src/server/siteServer'
import {
  DAY,
  DECEMBER_FIRST,
  fakeClock,
  MINUTE,
  PRIVACY_4,
  TERMS_2,
  installStandInAstro,
  writeBuild,
} from '../../support/policySchedule'

// The production server (src/server/siteServer.ts) in this process, rebuilding with a stand-in
// Astro when a policy change takes effect. The schedule on its own, and how the server reads a
// build's schedule, are in tests/unit/server/schedule.test.ts.

describe('the server rebuilds itself when a policy change takes effect', () => {
  let root: string
  let started: SiteServer[] = []
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'policy-rebuild-'))
    installStandInAstro(root, 'error: Could not read content from dataset "production" after 4 attempts.')
  })
  afterEach(async () => {
    await Promise.all(started.map((server) => server.stop()))
    started = []
  })
  afterAll(() => rmSync(root, {recursive: true, force: true}))

  /**
   * The production server (src/server/siteServer.ts) serving `live`, started a day before the
   * change: its rebuilds run the stand-in Astro with `env`, and its schedule runs on a clock the
   * test moves.
   */
  async function server(live: string) {
    const clock = fakeClock(DECEMBER_FIRST.getTime() - DAY)
    const env: NodeJS.ProcessEnv = {}
    const config = readConfig({
      SITE_DIST_DIR: live,
      SITE_BUILDS_DIR: join(root, '.builds'),
      CONTACT_DB_PATH: join(root, 'data', `messages-${started.length}.sqlite`),
      SANITY_WEBHOOK_SECRET: 'secret',
      PORT: '0',
      HOST: '127.0.0.1',
    })
    const siteServer = await createSiteServer(config, {root, buildEnv: env, clock, log: () => {}})
    started.push(siteServer)
    const url = await siteServer.listen()
    const {site, rebuilder, policyChanges} = siteServer
    /** Midnight comes, and the rebuild it asks for goes live or fails. */
    const midnight = async () => {
      await clock.advanceTo(DECEMBER_FIRST.getTime())
      await rebuilder.settled()
      await clock.advanceTo(clock.now())
    }
    return {clock, env, url, site, rebuilder, policyChanges, midnight}
  }

  const liveBuild = () => {
    const dir = join(root, 'dist')
    rmSync(dir, {recursive: true, force: true})
    writeBuild(
      dir,
      JSON.stringify({nextChangeAt: DECEMBER_FIRST.toISOString(), versions: [PRIVACY_4, TERMS_2]}),
    )
    return dir
  }

  it('and says when in the rebuild status, for whoever holds the webhook secret', async () => {
    const {url} = await server(liveBuild())
    const status = await fetch(`${url}/api/rebuild/status`, {headers: {authorization: 'Bearer secret'}})
    await expect(status.json()).resolves.toMatchObject({
      ok: true,
      builds: 0,
      nextPolicyChange: {at: '2026-11-30T18:30:00.000Z', versions: [PRIVACY_4], attempts: 0, retryAt: null},
    })
  })

  it('and puts the build with the new text live, then waits for the change after it', async () => {
    const {env, site, rebuilder, policyChanges, midnight, clock} = await server(liveBuild())
    const first = site.dir
    env.POLICY_SCHEDULE = JSON.stringify({
      nextChangeAt: effectiveFrom(TERMS_2.effectiveDate).toISOString(),
      versions: [TERMS_2],
    })
    await midnight()
    expect(rebuilder.getStatus().lastSuccess?.trigger).toBe(
      'Privacy Policy version 4 from 2026-12-01 takes effect',
    )
    expect(site.dir).not.toBe(first)
    expect(policyChanges.getStatus()).toMatchObject({versions: [TERMS_2], attempts: 0, retryAt: null})
    expect(clock.pending()).toEqual([effectiveFrom(TERMS_2.effectiveDate).getTime() - clock.now()])
  })

  it('and, when that build fails, keeps the live site and asks again a minute later', async () => {
    const {env, site, rebuilder, policyChanges, midnight, clock} = await server(liveBuild())
    const first = site.dir
    env.BUILD = 'fail'
    await midnight()
    expect(rebuilder.getStatus().lastFailure?.message).toContain('Could not read content')
    expect(site.dir).toBe(first)
    expect(policyChanges.getStatus()).toMatchObject({versions: [PRIVACY_4], attempts: 1})
    expect(clock.pending()).toEqual([MINUTE])
  })
})
