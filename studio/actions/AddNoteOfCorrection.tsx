import {randomKey} from '@sanity/util/content'
import {useId, useState} from 'react'
import {useClient, type DocumentActionComponent, type DocumentActionDialogProps} from 'sanity'
import {VERSION_NOTE_MAX, VERSION_NOTE_MIN, versionNoteProblems} from '../../model/policyVersions'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {
  NOTE_READ_QUERY,
  noteErrorMessage,
  noteInWords,
  noteMutation,
  noteRead,
  type NoteRead,
} from './addNote'
import {failedDialog, noteDialog, reasonOf} from './NoteDialog'

const CLIENT_OPTIONS = {apiVersion: SANITY_API_VERSION}
const TITLE = 'Add a note of correction'

type Step =
  | {name: 'idle'}
  | {name: 'reading'}
  | {name: 'failed'; message: string}
  | {name: 'dialog'; version: NonNullable<NoteRead['version']>; saving: boolean; message?: string}

/**
 * "Add a note of correction…": on a recorded policy version, which nobody edits. A dialog asks for
 * the note; one patch, locked to the version's revision, appends it dated at the Content Lake's
 * time, and readers see it with the version (docs/staff.md). Earlier notes stay as they are.
 */
export const AddNoteOfCorrectionAction: DocumentActionComponent = (props) => {
  const client = useClient(CLIENT_OPTIONS)
  const [step, setStep] = useState<Step>({name: 'idle'})
  const [text, setText] = useState('')
  const noteId = useId()
  if (!props.published) return null
  const close = () => setStep({name: 'idle'})

  const readNow = async () =>
    noteRead(
      await client.fetch(
        NOTE_READ_QUERY,
        {id: props.id},
        {perspective: 'raw', tag: 'policy-versions.note-read'},
      ),
    )

  const handle = async () => {
    setStep({name: 'reading'})
    try {
      const {version} = await readNow()
      if (!version)
        return setStep({
          name: 'failed',
          message: 'This version is not recorded: there is nothing to add a note to.',
        })
      setText('')
      setStep({name: 'dialog', version, saving: false})
    } catch (error) {
      setStep({
        name: 'failed',
        message: `The version could not be read (${reasonOf(error)}). Nothing changed; try again.`,
      })
    }
  }

  /** Reads again, so the note is dated at the Content Lake's time and locked to what it holds now. */
  const confirm = async (current: Extract<Step, {name: 'dialog'}>) => {
    setStep({...current, saving: true, message: undefined})
    try {
      const read = await readNow()
      const reopen = (message: string) => setStep({...current, saving: false, message})
      if (!read.version) return reopen('This version is no longer recorded: nothing was added.')
      if ((read.version.notes ?? []).length !== (current.version.notes ?? []).length)
        return reopen(
          'Someone added a note to this version while this dialog was open. Close it and look again.',
        )
      const planned = noteMutation(read.version, {text, now: read.now, key: randomKey(12)})
      if (!planned.ok) return reopen(`Nothing was added: ${planned.problems.join(' ')}`)
      await client.transaction([planned.mutation]).commit({tag: 'policy-versions.note'})
      close()
      props.onComplete()
    } catch (error) {
      setStep({...current, saving: false, message: noteErrorMessage(error)})
    }
  }

  const dialog = (): DocumentActionDialogProps | null => {
    if (step.name === 'failed') return failedDialog(TITLE, step.message, close)
    if (step.name !== 'dialog') return null
    const problems = text.trim() ? versionNoteProblems(text) : []
    return noteDialog({
      header: TITLE,
      lines: [noteInWords(step.version)],
      id: noteId,
      label: 'The note',
      hint: `What the record leaves out or gets wrong, in plain English, ${VERSION_NOTE_MIN} to ${VERSION_NOTE_MAX} characters.`,
      value: text,
      onChange: setText,
      problems,
      message: step.message,
      saving: step.saving,
      confirmText: 'Add the note',
      onClose: close,
      onConfirm: text.trim() && problems.length === 0 ? () => confirm(step) : undefined,
    })
  }

  return {
    label: step.name === 'reading' ? 'Reading the version…' : 'Add a note of correction…',
    title: 'Add a dated note, shown to readers with this version, where its record turned out incomplete',
    disabled: step.name === 'reading',
    onHandle: handle,
    dialog: dialog(),
  }
}
AddNoteOfCorrectionAction.displayName = 'AddNoteOfCorrectionAction'
