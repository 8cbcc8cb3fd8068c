/**
 * What "Withdraw announced change" reads, says and writes, kept apart from the React action so the
 * rules can be tested without a Studio: the policy's versions at the Content Lake's time, the
 * dialog's words, and the one transaction that withdraws every announced version and puts the
 * published policy's text back to the version in force.
 */
import type {Mutation} from '@sanity/client'
import {formatDate} from '../../model/dates'
import {
  indiaToday,
  POLICY_VERSION_TYPE,
  withdrawable,
  type PolicyVersionDocument,
  type PrintedQuotes,
  type WithdrawalPlan,
} from '../../model/policyVersions'
import type {PolicyId} from '../../model/siteDocuments'
import type {StoredDocument} from './recordVersions'

/** Asked with the raw perspective: the published policy by its own id, never a draft of it. */
export const WITHDRAW_READ_QUERY = `{
  "now": now(),
  "published": *[_id == $policy][0],
  "versions": *[_type == "${POLICY_VERSION_TYPE}" && policy == $policy && !(_id in path("drafts.**")) && !(_id in path("versions.**"))] | order(number asc)
}`

export interface WithdrawRead {
  /** The Content Lake's time when it answered: the withdrawal is recorded at it, never the browser's clock. */
  now: Date
  /** The published policy, with its revision to lock the transaction to; null if never published. */
  published: StoredDocument | null
  /** Every recorded version of the policy, withdrawn ones included, each with its revision. */
  versions: (PolicyVersionDocument & {_rev?: string})[]
}

/** The answer to WITHDRAW_READ_QUERY; one without the Content Lake's time is refused. */
export function withdrawRead(answer: {
  now?: string | null
  published?: StoredDocument | null
  versions?: (PolicyVersionDocument & {_rev?: string})[] | null
}): WithdrawRead {
  const now = new Date(answer.now ?? '')
  if (Number.isNaN(now.getTime())) throw new Error('the Content Lake did not say what time it is')
  return {now, published: answer.published ?? null, versions: answer.versions ?? []}
}

const announcedOn = (version: PolicyVersionDocument) => formatDate(indiaToday(new Date(version.recordedAt)))

/**
 * What the withdrawal does, in plain words for the dialog: which versions will never apply, the
 * version the site shows instead, and that a new change needs the full notice again. Undefined when
 * nothing can be withdrawn.
 */
export function withdrawalInWords(read: WithdrawRead, policy: PolicyId): string[] | undefined {
  const target = withdrawable(read.versions, policy, read.now)
  if (!target) return undefined
  const {inForce, announced} = target
  const each = announced.map(
    (version) =>
      `version ${version.number}, announced on ${announcedOn(version)} to apply from ${formatDate(version.effectiveDate)}`,
  )
  const list = each.length === 1 ? each[0]! : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`
  const words = [
    `${list[0]!.toUpperCase()}${list.slice(1)}, will never apply. ` +
      `The site shows version ${inForce.number} until a new change is published; ` +
      'a new change is announced again with the full notice.',
    `The published text of this policy goes back to version ${inForce.number}, so the site and the next ` +
      'publish compare against it. A draft you have open stays as it is.',
  ]
  // A change recorded from Policy figures or Company facts lives in those documents: withdrawing the
  // version cannot change them back for every policy that quotes them.
  if (announced.some((version) => changedValues(inForce, version)))
    words.push(
      'The change also quoted new figures or company facts. Those documents keep the new values: ' +
        'set them back in Policy figures or Company facts, or the next publish records them again.',
    )
  return words
}

/** Whether a figure or fact both versions quote reads differently in the later one. */
function changedValues(before: PrintedQuotes, after: PrintedQuotes): boolean {
  const figures = new Map(before.figures.map(({figure, text}) => [figure as string, text]))
  const facts = new Map(before.facts.map(({fact, text}) => [fact as string, text ?? '']))
  return (
    after.figures.some(({figure, text}) => figures.has(figure) && figures.get(figure) !== text) ||
    after.facts.some(({fact, text}) => facts.has(fact) && facts.get(fact) !== (text ?? ''))
  )
}

/** Sets a field, locked to the revision read: the commit fails if the document changed meanwhile. */
const lockedPatch = (id: string, revision: string | undefined, set: Record<string, unknown>): Mutation => ({
  patch: {id, ...(revision ? {ifRevisionID: revision} : {}), set},
})

/**
 * One transaction: every announced version gets the time and reason of its withdrawal, and the
 * published policy's text becomes the version in force's again. Each patch is locked to the
 * revision read, so a publish or another withdrawal meanwhile fails it and nothing changes. The
 * draft is not touched.
 */
export function withdrawalMutations(
  published: StoredDocument,
  plan: Extract<WithdrawalPlan<PolicyVersionDocument & {_rev?: string}>, {ok: true}>,
): Mutation[] {
  const {title, intro, sections} = plan.inForce
  return [
    ...plan.withdrawn.map(({_id, _rev, withdrawnAt, withdrawnNote}) =>
      lockedPatch(_id, _rev, {withdrawnAt, withdrawnNote}),
    ),
    lockedPatch(published._id, published._rev, {title, intro: intro ?? [], sections}),
  ]
}

/** A failed withdrawal explained to staff: nothing was withdrawn and nothing changed. */
export function withdrawErrorMessage(error: unknown): string {
  const status = (error as {statusCode?: number} | null)?.statusCode
  if (status === 409)
    return (
      'Someone published this policy, or changed one of its versions, while this dialog was open. ' +
      'Nothing was withdrawn: close this dialog and look again.'
    )
  const reason = error instanceof Error ? error.message : String(error)
  return `The withdrawal failed (${reason}). Nothing was withdrawn and nothing changed; try again.`
}
