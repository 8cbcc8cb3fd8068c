import {Button, Card, Flex, Radio, Stack, Text, TextArea, TextInput} from '@sanity/ui'
import {useId} from 'react'
import {
  SHORT_NOTICE_REASON_KEYS,
  SHORT_NOTICE_REASONS,
  SUMMARY_MAX,
  SUMMARY_MIN,
  type ChangeNote,
} from '../../model/policyVersions'
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
  const hint = (id: string) => `${id}-hint`
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
      <Stack gap={3}>
        <Text as="label" htmlFor={dateId} size={1} weight="medium">
          Applies from
        </Text>
        <Text id={hint(dateId)} size={1} muted>
          The day, in India, from which the new wording applies. Until then the site shows it as an upcoming
          change, with the day it was announced.
          {noticeFrom
            ? ` Readers get notice of a change: choose ${noticeFrom} or later, unless one of the reasons below applies.`
            : ' Today or later.'}
        </Text>
        <TextInput
          id={dateId}
          aria-describedby={hint(dateId)}
          type="date"
          min={earliest}
          value={note.effectiveDate}
          disabled={busy}
          onChange={(event) => onNoteChange({...note, effectiveDate: event.currentTarget.value})}
        />
      </Stack>
      {shortNotice && (
        <Stack
          as="fieldset"
          gap={3}
          aria-describedby={hint(reasonId)}
          style={{border: 0, margin: 0, padding: 0}}
        >
          <Text as="legend" size={1} weight="medium">
            Why it may apply before {noticeFrom}
          </Text>
          <Text id={hint(reasonId)} size={1} muted>
            Shown to readers with the new version. Without one of these, choose a later date.
          </Text>
          {SHORT_NOTICE_REASON_KEYS.map((reason) => (
            <Flex as="label" key={reason} gap={3} align="flex-start">
              <Radio
                name={reasonId}
                value={reason}
                checked={note.shortNotice === reason}
                disabled={busy}
                onChange={() => onNoteChange({...note, shortNotice: reason})}
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
        </Stack>
      )}
      <Stack gap={3}>
        <Text as="label" htmlFor={summaryId} size={1} weight="medium">
          What changed
        </Text>
        <Text id={hint(summaryId)} size={1} muted>
          Shown to visitors with the new version, {SUMMARY_MIN} to {SUMMARY_MAX} characters.
        </Text>
        <TextArea
          id={summaryId}
          aria-describedby={hint(summaryId)}
          rows={4}
          value={note.summary}
          disabled={busy}
          onChange={(event) => onNoteChange({...note, summary: event.currentTarget.value})}
        />
      </Stack>
      {/* Always present, so screen readers announce problems and messages as they appear. */}
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
    </Stack>
  )
}

/** Cancel, and publish once the change may be recorded. */
export function RecordChangeFooter(props: {
  onCancel: () => void
  onConfirm?: () => void
  busy: boolean
  confirmText?: string
}) {
  return (
    <Flex justify="flex-end" gap={2}>
      <Button mode="ghost" text="Cancel" disabled={props.busy} onClick={props.onCancel} />
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
