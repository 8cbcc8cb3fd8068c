import {Button, Card, Checkbox, Flex, Stack, Text, TextArea, TextInput} from '@sanity/ui'
import {useId, type ReactNode} from 'react'
import {
  SHORT_NOTICE_LAW_EXAMPLE,
  SHORT_NOTICE_LAW_MAX,
  SHORT_NOTICE_REASON_KEYS,
  SHORT_NOTICE_REASONS,
  SUMMARY_MAX,
  SUMMARY_MIN,
  type ChangeNote,
} from '../../model/policyVersions'
import {formatDate} from '../../model/dates'
import {chosenDayMeaning, withShortNoticeReason} from './publishDialog'
import {DOCUMENT_TITLES, type PolicyId} from '../../model/siteDocuments'

export const RECORD_CHANGE_TITLE = 'Record this change'

interface RecordChangeFormProps {
  /** The policies that get a new version, with its number. */
  versions: {policy: PolicyId; number: number}[]
  note: ChangeNote
  onNoteChange: (note: ChangeNote) => void
  /** The first day that may be chosen: today in India. */
  earliest: string
  /** The first day that needs no reason for short notice; none for a policy's first version. */
  noticeFrom?: string
  /** What keeps the change from being recorded, in the planner's words. */
  problems: string[]
  /** Why publishing failed, or must wait. */
  message?: string
  busy: boolean
  /** What confirming does; by default, publishing the change. */
  lead?: string
}

export const hintId = (id: string) => `${id}-hint`

/** A question of the form: its label, the hint under it, and the control the hint describes. */
export function Question({
  id,
  label,
  hint,
  children,
}: {
  id: string
  label: string
  hint: string
  children: ReactNode
}) {
  return (
    <Stack gap={3}>
      <Text as="label" htmlFor={id} size={1} weight="medium">
        {label}
      </Text>
      <Text id={hintId(id)} size={1} muted>
        {hint}
      </Text>
      {children}
    </Stack>
  )
}

/** The date and summary staff give a change that records policy versions, and what is wrong with them. */
export function RecordChangeForm(props: RecordChangeFormProps) {
  const {
    versions,
    note,
    onNoteChange,
    earliest,
    noticeFrom,
    problems,
    message,
    busy,
    lead = 'Publishing this change records',
  } = props
  const dateId = useId()
  const summaryId = useId()
  const reasonId = useId()
  const lawId = useId()
  const legendId = useId()
  const earliestAllowed = noticeFrom
    ? `Readers get notice of a change, counted in whole days from the day after today: choose ${formatDate(noticeFrom)} or later, unless one of the reasons below applies.`
    : 'Today or later.'
  const meaning = chosenDayMeaning({date: note.effectiveDate, today: earliest, noticeFrom})
  const shortNotice = Boolean(noticeFrom && note.effectiveDate && note.effectiveDate < noticeFrom)
  return (
    <Stack gap={5}>
      <Stack gap={3}>
        <Text size={1}>
          {lead} a new version of {versions.length === 1 ? 'the policy' : `these ${versions.length} policies`}
          : the full text, with the figures and company facts as they will read. Versions are kept for good;
          nobody can edit or delete them.
        </Text>
        <Stack as="ul" gap={2} paddingLeft={3}>
          {versions.map(({policy, number}) => (
            <Text as="li" key={policy} size={1} weight="medium">
              {DOCUMENT_TITLES[policy]}, version {number}
            </Text>
          ))}
        </Stack>
      </Stack>
      <Question
        id={dateId}
        label="Applies from"
        hint={`The day, in India, from which the new wording applies. Until then the site shows it as an upcoming change, with the day it was announced. ${earliestAllowed}`}
      >
        <TextInput
          id={dateId}
          aria-describedby={hintId(dateId)}
          type="date"
          min={earliest}
          value={note.effectiveDate}
          disabled={busy}
          onChange={(event) => onNoteChange({...note, effectiveDate: event.currentTarget.value})}
        />
        {meaning && (
          <Card tone="primary" padding={3} radius={2} border data-testid="chosen-day-meaning">
            <Text size={1}>{meaning}</Text>
          </Card>
        )}
      </Question>
      {shortNotice && (
        // A group named by its heading, not a fieldset: Sanity UI's text inside a legend overlaps the hint.
        <Stack role="group" gap={3} aria-labelledby={legendId} aria-describedby={hintId(reasonId)}>
          <Text id={legendId} size={1} weight="medium">
            Why it may apply before {formatDate(noticeFrom!)}
          </Text>
          <Text id={hintId(reasonId)} size={1} muted>
            Tick every reason that is true of this change: readers see them all with the new version. Without
            one of these, choose a later date.
          </Text>
          {SHORT_NOTICE_REASON_KEYS.map((reason) => (
            <Flex as="label" key={reason} gap={3} align="flex-start">
              <Checkbox
                name={reasonId}
                value={reason}
                checked={note.shortNoticeReasons?.includes(reason) ?? false}
                disabled={busy}
                onChange={(event) =>
                  onNoteChange(withShortNoticeReason(note, reason, event.currentTarget.checked))
                }
              />
              <Stack gap={2}>
                <Text size={1} weight="medium">
                  {SHORT_NOTICE_REASONS[reason].title}
                </Text>
                <Text size={1} muted>
                  {SHORT_NOTICE_REASONS[reason].description}
                </Text>
              </Stack>
            </Flex>
          ))}
          {note.shortNoticeReasons?.includes('requiredByLaw') && (
            <Question
              id={lawId}
              label="Which law requires it"
              hint={`Readers see it after the reason, in English, for example “${SHORT_NOTICE_LAW_EXAMPLE}”; at most ${SHORT_NOTICE_LAW_MAX} characters.`}
            >
              <TextInput
                id={lawId}
                aria-describedby={hintId(lawId)}
                value={note.shortNoticeLaw ?? ''}
                disabled={busy}
                onChange={(event) => onNoteChange({...note, shortNoticeLaw: event.currentTarget.value})}
              />
            </Question>
          )}
        </Stack>
      )}
      <Question
        id={summaryId}
        label="What changed"
        hint={`Shown to visitors with the new version, ${SUMMARY_MIN} to ${SUMMARY_MAX} characters.`}
      >
        <TextArea
          id={summaryId}
          aria-describedby={hintId(summaryId)}
          rows={4}
          value={note.summary}
          disabled={busy}
          onChange={(event) => onNoteChange({...note, summary: event.currentTarget.value})}
        />
      </Question>
      <DialogProblems problems={problems} message={message} />
    </Stack>
  )
}

/** Cancel, and publish once the change may be recorded. */
export function RecordChangeFooter(props: {
  onCancel: () => void
  onConfirm?: () => void
  busy: boolean
  /** Whether Cancel stays available while busy (waiting, not yet writing); by default it does not. */
  canCancel?: boolean
  confirmText?: string
}) {
  return (
    <Flex justify="flex-end" gap={2}>
      <Button
        mode="ghost"
        text="Cancel"
        disabled={!(props.canCancel ?? !props.busy)}
        onClick={props.onCancel}
      />
      <Button
        tone="positive"
        text={props.confirmText ?? 'Publish and record'}
        loading={props.busy}
        disabled={!props.onConfirm || props.busy}
        onClick={props.onConfirm}
      />
    </Flex>
  )
}

/**
 * What stops a dialog's action, and what it has to say, under its questions. Always present, so
 * screen readers announce problems and messages as they appear.
 */
export function DialogProblems({problems, message}: {problems: readonly string[]; message?: string}) {
  return (
    <Stack gap={3} aria-live="polite">
      {problems.length > 0 && (
        <Card tone="critical" padding={3} radius={2} border>
          <Stack as="ul" gap={3}>
            {problems.map((problem) => (
              <Text as="li" key={problem} size={1}>
                {problem}
              </Text>
            ))}
          </Stack>
        </Card>
      )}
      {message && (
        <Card tone="caution" padding={3} radius={2} border>
          <Text size={1}>{message}</Text>
        </Card>
      )}
    </Stack>
  )
}
