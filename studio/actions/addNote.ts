/**
 * What "Add a note of correction" reads, says and writes, kept apart from the React action so the
 * rules can be tested without a Studio: the version as stored, at the Content Lake's time, and the
 * one patch that appends the note, locked to the revision read.
 */
import type {Mutation} from '@sanity/client'
import {formatDate} from '../../model/dates'
import {planNote, POLICY_VERSION_TYPE, type PolicyVersionDocument} from '../../model/policyVersions'
import {documentTitle} from '../../model/siteDocuments'

/** Asked with the raw perspective: the recorded version by its own id. */
export const NOTE_READ_QUERY = `{
  "now": now(),
  "version": *[_id == $id && _type == "${POLICY_VERSION_TYPE}"][0]
}`

export type StoredVersion = PolicyVersionDocument & {_rev?: string}

export interface NoteRead {
  /** The Content Lake's time when it answered: the note is dated by it, never by the browser's clock. */
  now: Date
  /** The recorded version with its revision; null if there is none with that id. */
  version: StoredVersion | null
}

/** The answer to NOTE_READ_QUERY; one without the Content Lake's time is refused. */
export function noteRead(answer: {now?: string | null; version?: StoredVersion | null}): NoteRead {
  const now = new Date(answer.now ?? '')
  if (Number.isNaN(now.getTime())) throw new Error('the Content Lake did not say what time it is')
  return {now, version: answer.version ?? null}
}

/** What the dialog says before staff write the note: which version, and what readers will see. */
export function noteInWords(version: PolicyVersionDocument): string {
  const title = documentTitle(version.policy) ?? version.policy
  return (
    `${title}, version ${version.number} (from ${formatDate(version.effectiveDate)}) stays as it was recorded. ` +
    'Your note is added below its summary on the history, the version’s page, the changes page and the feed, ' +
    'with today’s date. It cannot be edited or removed afterwards.'
  )
}

/**
 * The one patch that adds the note: the version's notes with the new one at the end, locked to the
 * revision read, so that a note added by someone else meanwhile fails it and nothing changes.
 */
export function noteMutation(
  version: StoredVersion,
  input: {text: string; now: Date; key: string},
): {ok: true; mutation: Mutation} | {ok: false; problems: string[]} {
  const plan = planNote({notes: version.notes, ...input})
  if (!plan.ok) return plan
  return {
    ok: true,
    mutation: {
      patch: {
        id: version._id,
        ...(version._rev ? {ifRevisionID: version._rev} : {}),
        set: {notes: plan.notes},
      },
    },
  }
}

/** A failed note explained to staff: nothing was added. */
export function noteErrorMessage(error: unknown): string {
  const status = (error as {statusCode?: number} | null)?.statusCode
  if (status === 409)
    return 'Someone changed this version, or added a note to it, while this dialog was open. Nothing was added: close this dialog and look again.'
  const reason = error instanceof Error ? error.message : String(error)
  return `The note could not be added (${reason}). Nothing changed; try again.`
}
