import type {IncomingMessage, ServerResponse} from 'node:http'
import {join} from 'node:path'
import type {SiteStatus} from '../../model/siteStatus.ts'
import type {LiveSite} from './liveSite.ts'
import {Rebuilder} from './rebuilder.ts'
import {ACCEPTED_WEBHOOKS_FILE, AcceptedWebhooks, handleRebuildRequest} from './rebuildRoutes.ts'
import {PolicyChangeSchedule, rebuildThrough, type PolicyChangeScheduleOptions} from './schedule.ts'
import {LiveRevisions} from './siteStatus.ts'

export interface PublishingOptions {
  /** The project the rebuilds build. */
  root: string
  /** Where new builds are written, beside the record of accepted webhooks (SITE_BUILDS_DIR). */
  buildsDir: string
  /** The build served: each new build is swapped into it. */
  site: Pick<LiveSite, 'dir' | 'codeDir' | 'policySchedule' | 'liveContent' | 'swapTo'>
  /** The environment each rebuild runs in: a build is its own process and reads its variables at its own start. */
  buildEnv: NodeJS.ProcessEnv
  /** SANITY_WEBHOOK_SECRET: without it, the receiver accepts no publish. */
  webhookSecret: string | undefined
  /** The clock of the live record and of the policy change schedule, and the schedule's timers. */
  clock: Pick<PolicyChangeScheduleOptions, 'now' | 'setTimer' | 'clearTimer'>
  /** Told once a new build is live, after the record of what is live follows it (the contact service's pages). */
  wentLive: () => void
  log: (line: string) => void
}

/** How content becomes live, and what is live now. */
export interface Publishing {
  rebuilder: Rebuilder
  policyChanges: PolicyChangeSchedule
  /** POST from Studio's webhook on a publish, and GET of the rebuild status (REBUILD_ENDPOINTS). */
  receiveRebuild(request: IncomingMessage, response: ServerResponse): Promise<void>
  /** What is live, for Studio: each document's revision and since when, the last attempt, the next switch. */
  status(): Omit<SiteStatus, 'emailsCustomerCare'>
  /** Follows the live build's policy schedule: a change whose date came while the server was down goes live now. */
  start(): void
  /** Stops the schedule and any build under way; the live build stays. */
  stop(): void
}

/**
 * Publishing: a publish in Studio (the signed webhook) or a policy version's date coming asks the
 * rebuilder for a build, and a build that succeeds goes live in one step. The rebuild queue, the
 * schedule and the record of what is live are made here together because going live touches all
 * three, in this order: the site swaps to the new build, the record notes what changed, whoever
 * keeps the live build's pages hears of it (`wentLive`), and the schedule follows the new build's
 * upcoming versions, since a publish can add or withdraw one.
 */
export function createPublishing({
  root,
  buildsDir,
  site,
  buildEnv,
  webhookSecret,
  clock,
  wentLive,
  log,
}: PublishingOptions): Publishing {
  const now = clock.now ?? Date.now
  // What is live, for Studio: each document's revision and since when, kept across rebuilds.
  const liveRevisions = new LiveRevisions(site.liveContent)
  const rebuilder: Rebuilder = new Rebuilder({
    root,
    buildsDir,
    liveBuild: site.dir,
    keep: [site.codeDir],
    goLive: async (dir) => {
      const startedAt = new Date(rebuilder.getStatus().buildingSince ?? now())
      await site.swapTo(dir)
      liveRevisions.wentLive(site.liveContent, {at: new Date(now()), startedAt})
      wentLive()
      policyChanges.arm(site.policySchedule)
    },
    env: buildEnv,
    // The status's times and the record of what is live read one clock.
    now,
    log,
  })
  // A policy version whose date comes becomes the text in force without anyone publishing.
  const policyChanges = new PolicyChangeSchedule({rebuild: rebuildThrough(rebuilder), ...clock, log})
  // A captured webhook re-sent while its signature is fresh must not build again, even after a
  // restart: the record is kept beside the builds, the server's other state.
  const accepted = new AcceptedWebhooks({file: join(buildsDir, ACCEPTED_WEBHOOKS_FILE)})

  return {
    rebuilder,
    policyChanges,
    receiveRebuild: (request, response) =>
      handleRebuildRequest(request, response, {rebuilder, policyChanges, secret: webhookSecret, accepted}),
    status: () => liveRevisions.status(rebuilder.getStatus(), site.policySchedule, policyChanges.getStatus()),
    start: () => policyChanges.arm(site.policySchedule),
    stop() {
      policyChanges.stop()
      rebuilder.stop()
    },
  }
}
