import {Stack, Text, TextArea} from '@sanity/ui'
import type {DocumentActionDialogProps} from 'sanity'
import {DialogProblems, hintId, Question, RecordChangeFooter} from './RecordChangeDialog'

/** A dialog that only says why an action cannot go on; closing it changes nothing. */
export const failedDialog = (
  header: string,
  message: string,
  onClose: () => void,
): DocumentActionDialogProps => ({
  type: 'dialog',
  header,
  content: <Text size={1}>{message}</Text>,
  onClose,
})

/** The words of an error, for a message that says nothing changed. */
export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The dialog of an action that writes one short text readers see with a policy version (why a
 * change is withdrawn, a note of correction): what confirming does, the text staff write, what
 * keeps it from being written, and the button that writes it.
 */
export function noteDialog(props: {
  header: string
  /** What confirming does, in plain words, one paragraph each. */
  lines: readonly string[]
  id: string
  label: string
  hint: string
  value: string
  onChange: (value: string) => void
  problems: readonly string[]
  message?: string
  saving: boolean
  confirmText: string
  onClose: () => void
  /** Absent while the text cannot be written. */
  onConfirm?: () => void
}): DocumentActionDialogProps {
  return {
    type: 'dialog',
    header: props.header,
    width: 'medium',
    onClose: () => {
      if (!props.saving) props.onClose()
    },
    content: (
      <Stack gap={5}>
        <Stack gap={3}>
          {props.lines.map((line) => (
            <Text key={line} size={1}>
              {line}
            </Text>
          ))}
        </Stack>
        <Question id={props.id} label={props.label} hint={props.hint}>
          <TextArea
            id={props.id}
            aria-describedby={hintId(props.id)}
            rows={3}
            value={props.value}
            disabled={props.saving}
            onChange={(event) => props.onChange(event.currentTarget.value)}
          />
        </Question>
        <DialogProblems problems={props.problems} message={props.message} />
      </Stack>
    ),
    footer: (
      <RecordChangeFooter
        busy={props.saving}
        confirmText={props.confirmText}
        onCancel={props.onClose}
        onConfirm={props.saving ? undefined : props.onConfirm}
      />
    ),
  }
}
