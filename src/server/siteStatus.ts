import type {IncomingMessage, ServerResponse} from 'node:http'
import {refusalInWords, type Attempt, type LiveDocument, type SiteStatus} from '../../model/siteStatus.ts'
import type {LiveContent, PolicySchedule} from './buildData.ts'
import type {RebuildStatus} from './rebuilder.ts'
import type {PolicyChangeStatus} from './schedule.ts'

/**
 * What the live site shows, for Studio (model/siteStatus.ts): each document's revision and the
 * time it went live, the last attempt to build, and the next scheduled switch. The server keeps
 * when each revision went live across rebuilds, so a document a rebuild did not change stays
 * "live since" its own publish; after a restart, since the build was made.
 */
export class LiveRevisions {
  private documents = new Map<string, LiveDocument>()
  /** When the build visitors see went live, and when it started reading content. */
  private live: {since: string; startedAt: string}

  constructor(content: LiveContent) {
    const since = content.builtAt
    this.live = {since, startedAt: since}
    this.follow(content, since)
  }

  /** A build that started at `startedAt` went live at `at`: its changed revisions are live from then. */
  wentLive(content: LiveContent, {at, startedAt}: {at: Date; startedAt: Date}): void {
    this.live = {since: at.toISOString(), startedAt: startedAt.toISOString()}
    this.follow(content, at.toISOString())
  }

  private follow(content: LiveContent, at: string) {
    const before = this.documents
    this.documents = new Map(
      content.documents.map(({id, rev, translation}) => {
        const known = before.get(id)
        const liveSince = known && known.rev === rev ? known.liveSince : at
        return [id, {id, rev, liveSince, ...(translation ? {translation} : {})}]
      }),
    )
  }

  /** The site's status, with the rebuilder's last attempt and the schedule of the live build. */
  status(
    rebuild: RebuildStatus,
    schedule: PolicySchedule,
    next: PolicyChangeStatus | null,
  ): Omit<SiteStatus, 'emailsCustomerCare'> {
    return {
      live: this.live,
      lastAttempt: lastAttempt(rebuild, this.live.since),
      documents: [...this.documents.values()],
      nextSwitch: next && {at: next.at, versions: next.versions},
      upcoming: schedule.versions,
    }
  }
}

const startOf = (record: {at: string; durationMs: number}) =>
  new Date(new Date(record.at).getTime() - record.durationMs).toISOString()

/** The latest of a build under way, the last success and the last failure; the build served if none. */
export function lastAttempt(rebuild: RebuildStatus, liveSince: string): Attempt {
  if (rebuild.building) return {state: 'building', since: rebuild.buildingSince ?? new Date().toISOString()}
  const {lastSuccess, lastFailure} = rebuild
  if (lastFailure && (!lastSuccess || lastFailure.at > lastSuccess.at))
    return {
      state: 'refused',
      at: lastFailure.at,
      startedAt: startOf(lastFailure),
      reason: refusalInWords(lastFailure.message),
    }
  return {state: 'live', at: lastSuccess?.at ?? liveSince}
}

/**
 * GET /api/site-status: public, never cached (it changes with each publish), and readable from
 * Studio, which runs on another origin. It carries no personal data and no secret.
 */
export function answerSiteStatus(
  request: IncomingMessage,
  response: ServerResponse,
  status: () => SiteStatus,
) {
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, {...headers, allow: 'GET, HEAD'})
    response.end(JSON.stringify({ok: false, error: 'methodNotAllowed'}))
    return
  }
  response.writeHead(200, headers)
  response.end(request.method === 'HEAD' ? undefined : JSON.stringify(status()))
}
