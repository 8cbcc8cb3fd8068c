import {Text} from '@sanity/ui'
import {useEffect, useState} from 'react'
import {
  useClient,
  useSchema,
  useSyncState,
  useValidationStatus,
  type DocumentActionComponent,
  type DocumentActionDialogProps,
} from 'sanity'
import {indiaToday, versionId, type ChangeNote} from '../../model/policyVersions'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {publishDialogView} from './publishDialog'
import {RECORD_CHANGE_TITLE, RecordChangeFooter, RecordChangeForm} from './RecordChangeDialog'
import {
  commitErrorMessage,
  foreignDraftMessage,
  foreignDraftProblem,
  noticeFrom,
  planPublish,
  proposedDate,
  PUBLISH_READ_QUERY,
  publishMutations,
  publishRead,
  recordMutations,
  publishReadParams,
  versionsToRecord,
  type PublishRead,
  type StoredDocument,
} from './recordVersions'

const CLIENT_OPTIONS = {apiVersion: SANITY_API_VERSION}

type Step =
  | {name: 'idle'}
  | {name: 'reading'}
  /**
   * The dialog is open; `now` is when the values it plans against were read. `pressed`: staff
   * pressed "Publish and record", which runs once Studio has saved and checked their last edits.
   */
  | {name: 'dialog'; read: PublishRead; now: Date; saving: boolean; pressed?: boolean; message?: string}
  | {name: 'failed'; message: string}

type DialogStep = Extract<Step, {name: 'dialog'}>

const IDLE: Step = {name: 'idle'}
const EMPTY_NOTE: ChangeNote = {effectiveDate: '', summary: ''}

const wrapped = new WeakMap<DocumentActionComponent, DocumentActionComponent>()

/**
 * Sanity's own publish, for a document whose publish may change what a policy says. Pressing
 * Publish reads the latest policy versions and the published figures and facts, and plans the
 * publish with the shared rules. When no policy's text or quoted values change, Sanity's publish
 * runs as it always does (waiting for edits to be saved and validated). Otherwise a dialog asks for
 * the date the change applies from and a summary, and on confirmation one transaction publishes the
 * draft and records every new version; if anything fails, nothing is written and the draft stays.
 */
export function publishRecordingVersions(publish: DocumentActionComponent): DocumentActionComponent {
  // Studio keys an action's state (an open dialog) by the action's identity: a new wrapper each time
  // it resolves a document's actions would be a new action, starting over. One per wrapped action.
  const known = wrapped.get(publish)
  if (known) return known
  const PublishRecordingVersions: DocumentActionComponent = (props) => {
    const sanityPublish = publish(props)
    const client = useClient(CLIENT_OPTIONS)
    const {isSyncing} = useSyncState(props.id, props.type)
    const validation = useValidationStatus(props.draft?._id ?? props.id, props.type, true)
    const [step, setStep] = useState<Step>(IDLE)
    const [note, setNote] = useState<ChangeNote>(EMPTY_NOTE)
    const draft: StoredDocument | null = props.draft
    const schemaType = useSchema().get(props.type)
    const fields = new Set(
      schemaType && 'fields' in schemaType
        ? (schemaType.fields as {name: string}[]).map(({name}) => name)
        : [],
    )
    /** A draft that is not this document's (see foreignDraftProblem) is never published. */
    const refusal = (candidate: StoredDocument) => {
      const problem = foreignDraftProblem(candidate, {publishedId: props.id, type: props.type, fields})
      return problem && foreignDraftMessage(problem)
    }
    const readNow = async () =>
      publishRead(
        await client.fetch(PUBLISH_READ_QUERY, publishReadParams(props.id), {
          perspective: 'raw',
          tag: 'policy-versions.read',
        }),
      )

    const handle = async () => {
      if (!draft) return
      const refused = refusal(draft)
      if (refused) return setStep({name: 'failed', message: refused})
      setStep({name: 'reading'})
      try {
        const read = await readNow()
        const now = read.now
        const refusedStored = read.draft && refusal(read.draft)
        if (refusedStored) return setStep({name: 'failed', message: refusedStored})
        const plan = planPublish(draft, read, {}, now)
        if (plan.ok && plan.versions.length === 0) {
          setStep(IDLE)
          sanityPublish?.onHandle?.()
          return
        }
        // Announced today, it applies once the notice period has run, unless staff choose otherwise.
        setNote({effectiveDate: proposedDate(draft, read, now), summary: ''})
        setStep({name: 'dialog', read, now, saving: false})
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        setStep({
          name: 'failed',
          message: `The policy versions could not be read (${reason}). Nothing was published; try again.`,
        })
      }
    }

    /**
     * Reads everything again, so the transaction publishes the draft as the Content Lake holds it
     * now and records the versions planned from it, locked to the revisions just read.
     */
    const confirm = async (pressed: DialogStep, shownDraft: StoredDocument) => {
      const current = {...pressed, pressed: false}
      setStep({...current, saving: true, message: undefined})
      try {
        // The version is announced at the Content Lake's time of this read, just before the commit.
        const read = await readNow()
        const now = read.now
        const reopen = (message?: string) => setStep({name: 'dialog', read, now, saving: false, message})
        if (!read.draft) return reopen('This draft was published or discarded meanwhile: close this dialog.')
        const refused = refusal(read.draft)
        if (refused) return reopen(refused)
        const plan = planPublish(read.draft, read, note, now)
        // What the Content Lake holds decides, and may differ for a moment from the form (an edit
        // still being saved): never a click that does nothing, always the reason.
        if (!plan.ok)
          return reopen(
            `Not published, as the draft saved so far stands: ${plan.problems.join(' ')} Check it, then publish again.`,
          )
        const shown = versionsToRecord(shownDraft, current.read)
        const shownIds = shown.map(({policy, number}) => versionId(policy, number))
        const listChanged = shownIds.join() !== plan.versions.map(({_id}) => _id).join()
        if (listChanged)
          return reopen(
            'Someone else published a change while this dialog was open, so the versions to record changed. ' +
              'Check the list above, then publish again.',
          )
        await client
          .transaction(publishMutations(read.draft, props.id, plan.versions, read.published))
          .commit({tag: 'policy-versions.publish'})
        setStep(IDLE)
        props.onComplete()
      } catch (error) {
        setStep({...current, saving: false, message: commitErrorMessage(error)})
      }
    }

    const plan = step.name === 'dialog' && draft ? planPublish(draft, step.read, note, step.now) : undefined
    const view =
      step.name === 'dialog'
        ? publishDialogView({
            draftGone: !draft,
            plan: !plan?.ok ? 'refused' : plan.versions.length === 0 ? 'recordsNothing' : 'ok',
            settling: isSyncing || validation.isValidating,
            hasErrors: validation.validation.some((marker) => marker.level === 'error'),
            pressed: Boolean(step.pressed),
            saving: step.saving,
            message: step.message,
          })
        : undefined

    // A press remembered while Studio saved and checked the last edits publishes once it has.
    const publishNow = view?.publishNow ?? false
    useEffect(() => {
      if (publishNow && step.name === 'dialog' && draft) void confirm(step, draft)
    })

    if (!sanityPublish) return null

    const dialogFor = (current: Step): DocumentActionDialogProps | null => {
      if (current.name === 'failed')
        return {
          type: 'dialog',
          header: 'Not published',
          content: <Text size={1}>{current.message}</Text>,
          onClose: () => setStep(IDLE),
        }
      if (current.name !== 'dialog' || !view) return null
      const close = () => {
        if (view.cancel) setStep(IDLE)
      }
      return {
        type: 'dialog',
        header: RECORD_CHANGE_TITLE,
        width: 'medium',
        onClose: close,
        content: (
          <RecordChangeForm
            versions={draft ? versionsToRecord(draft, current.read) : []}
            note={note}
            onNoteChange={setNote}
            earliest={indiaToday(current.now)}
            noticeFrom={draft ? noticeFrom(draft, current.read, current.now) : undefined}
            problems={plan && !plan.ok ? plan.problems : []}
            message={view.message}
            busy={view.confirm === 'busy'}
          />
        ),
        footer: (
          <RecordChangeFooter
            busy={view.confirm === 'busy'}
            canCancel={view.cancel}
            onCancel={close}
            onConfirm={
              view.confirm === 'enabled'
                ? () => setStep({...current, pressed: true, message: undefined})
                : undefined
            }
          />
        ),
      }
    }

    return {
      ...sanityPublish,
      label: step.name === 'reading' ? 'Reading policy versions…' : sanityPublish.label,
      disabled: sanityPublish.disabled || step.name === 'reading',
      onHandle: handle,
      dialog: dialogFor(step),
    }
  }
  PublishRecordingVersions.action = 'publish'
  PublishRecordingVersions.displayName = 'PublishRecordingVersions'
  wrapped.set(publish, PublishRecordingVersions)
  return PublishRecordingVersions
}

type RecordStep =
  | {name: 'idle'}
  | {name: 'reading'}
  | {name: 'nothing'; message: string}
  | {name: 'dialog'; read: PublishRead; now: Date; saving: boolean; message?: string}

/**
 * "Record a version…": for a document that is published and has no draft, records the versions
 * its published text calls for, with a date and a summary, publishing nothing. It is how a policy
 * gets its first version (after the sample history is deleted before launch) and how a change
 * published outside Studio, which the build warns about, gets recorded. With a draft, Publish does it.
 */
export const RecordVersionAction: DocumentActionComponent = (props) => {
  const client = useClient(CLIENT_OPTIONS)
  const [step, setStep] = useState<RecordStep>({name: 'idle'})
  const [note, setNote] = useState<ChangeNote>(EMPTY_NOTE)
  const published = props.published as StoredDocument | null
  if (!published || props.draft) return null

  const readNow = async () =>
    publishRead(
      await client.fetch(PUBLISH_READ_QUERY, publishReadParams(props.id), {
        perspective: 'raw',
        tag: 'policy-versions.read',
      }),
    )
  const close = () => setStep({name: 'idle'})

  const handle = async () => {
    setStep({name: 'reading'})
    try {
      const read = await readNow()
      const now = read.now
      const plan = planPublish(published, read, {}, now)
      if (plan.ok && plan.versions.length === 0)
        return setStep({
          name: 'nothing',
          message: 'Every policy already says what its latest version says: there is nothing to record.',
        })
      setNote({effectiveDate: proposedDate(published, read, now), summary: ''})
      setStep({name: 'dialog', read, now, saving: false})
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      setStep({name: 'nothing', message: `The policy versions could not be read (${reason}). Try again.`})
    }
  }

  const confirm = async (current: Extract<RecordStep, {name: 'dialog'}>) => {
    setStep({...current, saving: true, message: undefined})
    try {
      const read = await readNow()
      const now = read.now
      const plan = planPublish(published, read, note, now)
      if (!plan.ok) return setStep({name: 'dialog', read, now, saving: false})
      await client.transaction(recordMutations(plan.versions)).commit({tag: 'policy-versions.record'})
      close()
      props.onComplete()
    } catch (error) {
      const status = (error as {statusCode?: number} | null)?.statusCode
      setStep({
        ...current,
        saving: false,
        message:
          status === 409
            ? 'Someone else recorded a version of the same policy at the same moment. Nothing was recorded: close this dialog and look again.'
            : `Nothing was recorded (${error instanceof Error ? error.message : String(error)}); try again.`,
      })
    }
  }

  const dialog = (): DocumentActionDialogProps | null => {
    if (step.name === 'nothing')
      return {
        type: 'dialog',
        header: 'Record a version',
        content: <Text size={1}>{step.message}</Text>,
        onClose: close,
      }
    if (step.name !== 'dialog') return null
    const plan = planPublish(published, step.read, note, step.now)
    return {
      type: 'dialog',
      header: 'Record a version of the published text',
      width: 'medium',
      onClose: () => {
        if (!step.saving) close()
      },
      content: (
        <RecordChangeForm
          versions={versionsToRecord(published, step.read)}
          note={note}
          onNoteChange={setNote}
          earliest={indiaToday(step.now)}
          noticeFrom={noticeFrom(published, step.read, step.now)}
          problems={plan.ok ? [] : plan.problems}
          message={step.message}
          busy={step.saving}
          lead="This records, without publishing anything,"
        />
      ),
      footer: (
        <RecordChangeFooter
          busy={step.saving}
          confirmText="Record"
          onCancel={close}
          onConfirm={plan.ok && !step.saving ? () => confirm(step) : undefined}
        />
      ),
    }
  }

  return {
    label: step.name === 'reading' ? 'Reading policy versions…' : 'Record a version…',
    title: 'Record a version of the published text, with its date and a summary, without publishing',
    disabled: step.name === 'reading',
    onHandle: handle,
    dialog: dialog(),
  }
}
RecordVersionAction.displayName = 'RecordVersionAction'
