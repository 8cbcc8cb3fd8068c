/**
 * What the "Record this change" dialog shows and lets staff do, from where the publish stands.
 * Kept apart from the React action so it can be tested without a Studio.
 *
 * Studio saves each edit and checks it a moment later; on a busy machine that takes a while, and
 * a button that turned itself off and on again as Studio did so could swallow a click that landed
 * in between. So "Publish and record" depends only on what staff can see and fix (the note, the
 * draft, validation errors): a press while the last edit is still being saved or checked is
 * remembered, and the publish runs once Studio is done.
 */
import {formatDate} from '../../model/dates'
import {
  isCalendarDate,
  SHORT_NOTICE_REASON_KEYS,
  shortNoticeReasonsOf,
  type ChangeNote,
  type ShortNoticeReason,
} from '../../model/policyVersions'

export const SETTLING_MESSAGE = 'Saving and checking your last edits; publishing when they are saved…'
export const DRAFT_GONE_MESSAGE =
  'This draft was published or discarded while this dialog was open: close it.'
export const RECORDS_NOTHING_MESSAGE =
  'This change no longer records a version: close this dialog and publish again.'
export const VALIDATION_ERRORS_MESSAGE =
  'The document has validation errors: close this dialog and fix them before publishing.'

export interface PublishDialogState {
  /** The draft the dialog was opened for was published or discarded meanwhile. */
  draftGone: boolean
  /** The planner's verdict on the form's draft with the note staff wrote. */
  plan: 'ok' | 'refused' | 'recordsNothing'
  /** Studio is still saving the last edits, or checking them. */
  settling: boolean
  /** The document has validation errors (as last checked). */
  hasErrors: boolean
  /** Staff pressed "Publish and record"; it runs as soon as nothing stops it. */
  pressed: boolean
  /** The publish is under way: the Content Lake is read again and the transaction committed. */
  saving: boolean
  /** Why the last attempt did not publish, if it did not. */
  message?: string
}

export interface PublishDialogView {
  /** What the dialog says under its questions: why it cannot publish, or what it is waiting for. */
  message?: string
  /** "Publish and record": pressable, greyed (the message or the note's problems say why), or spinning. */
  confirm: 'enabled' | 'disabled' | 'busy'
  /** Whether Cancel (and closing the dialog) may stop it: not once the transaction is sent. */
  cancel: boolean
  /** The remembered press may run now: Studio has saved and checked the edits. */
  publishNow: boolean
}

/** What stops a publish whatever staff write in the dialog; undefined when nothing does. */
function blocker(state: PublishDialogState): string | undefined {
  if (state.draftGone) return DRAFT_GONE_MESSAGE
  if (state.plan === 'recordsNothing') return RECORDS_NOTHING_MESSAGE
  // Errors found on the last check may be gone once the edit being checked is: judged once it is.
  if (state.hasErrors && !state.settling) return VALIDATION_ERRORS_MESSAGE
  return undefined
}

export function publishDialogView(state: PublishDialogState): PublishDialogView {
  const blocked = blocker(state)
  const waiting = state.pressed && !state.saving && !blocked && state.plan === 'ok'
  const message = state.message ?? blocked ?? (waiting && state.settling ? SETTLING_MESSAGE : undefined)
  return {
    message,
    confirm: state.saving || waiting ? 'busy' : blocked || state.plan !== 'ok' ? 'disabled' : 'enabled',
    cancel: !state.saving,
    publishNow: waiting && !state.settling,
  }
}

/**
 * The note once staff tick or untick a reason for short notice: each reason once, in the dialog's
 * order. The law's name stays while "the law requires it" is unticked, so that ticking it again
 * loses nothing; only a version that records that reason records the name (`noteAsRecorded`).
 */
export function withShortNoticeReason(
  note: ChangeNote,
  reason: ShortNoticeReason,
  ticked: boolean,
): ChangeNote {
  const others = shortNoticeReasonsOf(note).filter((other) => other !== reason)
  const reasons = ticked
    ? SHORT_NOTICE_REASON_KEYS.filter((key) => key === reason || others.includes(key))
    : others
  return {...note, shortNoticeReasons: reasons}
}

/**
 * What the day chosen under "Applies from" means for visitors, said before staff press anything, in
 * the pages' date format: when they see the change, and, where a sooner day is possible, how to get
 * it. Undefined for a day the dialog refuses anyway (none yet, or in the past).
 */
export function chosenDayMeaning({
  date,
  today,
  noticeFrom,
}: {
  date: string
  /** Today in India. */
  today: string
  /** The first day that needs no reason for short notice; none for a policy's first version. */
  noticeFrom?: string
}): string | undefined {
  if (!isCalendarDate(date) || date < today) return undefined
  const seen =
    date === today
      ? 'Visitors see this today, once the site has rebuilt'
      : `Visitors see this from ${formatDate(date)}; until then the site shows it as an announced change`
  if (!noticeFrom) return `${seen}.`
  if (date < noticeFrom)
    return (
      `${seen}, sooner than the notice period allows: tick below every reason that applies. ` +
      `If none does, choose ${formatDate(noticeFrom)} or later.`
    )
  return date === today
    ? `${seen}.`
    : `${seen}. To put it live today, choose today and tick the reason that applies; if none does, the notice period applies.`
}
