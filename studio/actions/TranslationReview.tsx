import {Stack, Text, TextInput} from '@sanity/ui'
import {useEffect, useId, useState} from 'react'
import {
  useClient,
  useDocumentOperation,
  useDocumentStore,
  type DocumentActionComponent,
  type DocumentActionDialogProps,
  type DocumentBadgeComponent,
} from 'sanity'
import {indiaToday} from '../../model/policyVersions'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import type {TranslationRecord} from '../../model/translations'
import {DialogProblems, hintId, Question, RecordChangeFooter} from './RecordChangeDialog'
import {
  currentEnglish,
  isTranslationDocument,
  MARK_REVIEWED_TITLE,
  REVIEW_LISTEN_QUERY,
  REVIEW_READ_QUERY,
  reviewBadge,
  reviewProblems,
  reviewReadParams,
  reviewTarget,
  reviewedRecord,
  type ReviewForm,
  type ReviewRead,
  type ReviewTarget,
} from './translationReview'

const CLIENT_OPTIONS = {apiVersion: SANITY_API_VERSION}
/** The English text is what is published: drafts of it are not yet the text to translate. */
const READ_OPTIONS = {perspective: 'published', tag: 'translation-review.read'} as const

type Step =
  | {name: 'idle'}
  | {name: 'reading'}
  | {name: 'problem'; message: string}
  | {name: 'dialog'; target: Extract<ReviewTarget, {ok: true}>; now: Date; saving: boolean; message?: string}

const IDLE: Step = {name: 'idle'}

/** The reviewer's name and day, and which English text the review is recorded against. */
function MarkReviewedForm(props: {
  language: string
  target: Extract<ReviewTarget, {ok: true}>
  form: ReviewForm
  onFormChange: (form: ReviewForm) => void
  today: string
  problems: string[]
  message?: string
  busy: boolean
}) {
  const {language, target, form, onFormChange, today, problems, message, busy} = props
  const nameId = useId()
  const dayId = useId()
  return (
    <Stack gap={5}>
      <Stack gap={3}>
        <Text size={1}>
          Record that a named person who reads both English and this language ({language}) has checked this
          translation against the English text, sentence by sentence. It is recorded against{' '}
          <strong>{target.against}</strong>: when that English text changes, the public site shows English
          again until the translation is brought up to date and reviewed again.
        </Text>
        {target.note && <Text size={1}>{target.note}</Text>}
        <Text size={1} muted>
          This changes the draft; publish it for the site to show the translation.
        </Text>
      </Stack>
      <Question
        id={nameId}
        label="Reviewed by"
        hint="The full name of the person who reviewed it: a named person, never a role or a team."
      >
        <TextInput
          id={nameId}
          aria-describedby={hintId(nameId)}
          autoComplete="name"
          value={form.reviewedBy}
          disabled={busy}
          onChange={(event) => onFormChange({...form, reviewedBy: event.currentTarget.value})}
        />
      </Question>
      <Question id={dayId} label="Reviewed on" hint="The day, in India, the review was finished.">
        <TextInput
          id={dayId}
          aria-describedby={hintId(dayId)}
          type="date"
          max={today}
          value={form.reviewedOn}
          disabled={busy}
          onChange={(event) => onFormChange({...form, reviewedOn: event.currentTarget.value})}
        />
      </Question>
      <DialogProblems problems={problems} message={message} />
    </Stack>
  )
}

/**
 * "Mark as reviewed", on a translation: asks who reviewed it and when, reads the English text it
 * is reviewed against (a policy's version in force, else the published English document's
 * digest) and writes the draft's translation record. Reads the English text again on confirming,
 * so a change published while the dialog was open is never recorded as reviewed.
 */
export const MarkReviewedAction: DocumentActionComponent = (props) => {
  const client = useClient(CLIENT_OPTIONS)
  const {patch} = useDocumentOperation(props.id, props.type)
  const [step, setStep] = useState<Step>(IDLE)
  const [form, setForm] = useState<ReviewForm>({reviewedBy: '', reviewedOn: ''})
  const document = props.draft ?? props.published
  if (!document || !isTranslationDocument(document)) return null

  const readTarget = async (now: Date) =>
    reviewTarget(
      await client.fetch<ReviewRead | null>(
        REVIEW_READ_QUERY,
        reviewReadParams(props.type, props.id),
        READ_OPTIONS,
      ),
      props.type,
      now,
    )
  const failed = (error: unknown) =>
    `The English text could not be read (${error instanceof Error ? error.message : String(error)}). Nothing was recorded; try again.`

  const handle = async () => {
    setStep({name: 'reading'})
    try {
      const now = new Date()
      const target = await readTarget(now)
      if (!target.ok) return setStep({name: 'problem', message: target.problem})
      setForm({reviewedBy: '', reviewedOn: indiaToday(now)})
      setStep({name: 'dialog', target, now, saving: false})
    } catch (error) {
      setStep({name: 'problem', message: failed(error)})
    }
  }

  const confirm = async (current: Extract<Step, {name: 'dialog'}>) => {
    setStep({...current, saving: true, message: undefined})
    try {
      const now = new Date()
      const target = await readTarget(now)
      if (!target.ok) return setStep({name: 'problem', message: target.problem})
      if (target.translates !== current.target.translates)
        return setStep({
          name: 'dialog',
          target,
          now,
          saving: false,
          message: `The English text changed while this dialog was open: the review is now recorded against ${target.against}. Check the translation against it, then confirm again.`,
        })
      patch.execute([{set: {translation: reviewedRecord(target.translates, form)}}])
      setStep(IDLE)
      props.onComplete()
    } catch (error) {
      setStep({...current, saving: false, message: failed(error)})
    }
  }

  const dialog = (): DocumentActionDialogProps | null => {
    if (step.name === 'problem')
      return {
        type: 'dialog',
        header: MARK_REVIEWED_TITLE,
        content: <Text size={1}>{step.message}</Text>,
        onClose: () => setStep(IDLE),
      }
    if (step.name !== 'dialog') return null
    const problems = reviewProblems(form, step.now)
    return {
      type: 'dialog',
      header: MARK_REVIEWED_TITLE,
      width: 'medium',
      onClose: () => {
        if (!step.saving) setStep(IDLE)
      },
      content: (
        <MarkReviewedForm
          language={String(document.language)}
          target={step.target}
          form={form}
          onFormChange={setForm}
          today={indiaToday(step.now)}
          problems={problems}
          message={step.message}
          busy={step.saving}
        />
      ),
      footer: (
        <RecordChangeFooter
          busy={step.saving}
          confirmText={MARK_REVIEWED_TITLE}
          onCancel={() => setStep(IDLE)}
          onConfirm={problems.length === 0 && !step.saving ? () => confirm(step) : undefined}
        />
      ),
    }
  }

  return {
    label: step.name === 'reading' ? 'Reading the English text…' : `${MARK_REVIEWED_TITLE}…`,
    title: 'Record who reviewed this translation against the current English text, and when',
    disabled: Boolean(patch.disabled) || step.name === 'reading',
    onHandle: handle,
    dialog: dialog(),
  }
}
MarkReviewedAction.displayName = 'MarkReviewedAction'

/**
 * A translation's badge: "Stale" when it records another English text than the current one, else
 * its review state. Follows the English document, its versions and the metadata as they change.
 */
export const TranslationReviewBadge: DocumentBadgeComponent = (props) => {
  const documentStore = useDocumentStore()
  const [read, setRead] = useState<ReviewRead | null>(null)
  const document = props.draft ?? props.published
  const translation = isTranslationDocument(document)
  useEffect(() => {
    if (!translation) return undefined
    const subscription = documentStore
      .listenQuery(
        {fetch: REVIEW_READ_QUERY, listen: REVIEW_LISTEN_QUERY},
        reviewReadParams(props.type, props.id),
        {...READ_OPTIONS, apiVersion: SANITY_API_VERSION, throttleTime: 1000},
      )
      .subscribe({next: (answer: ReviewRead | null) => setRead(answer), error: () => setRead(null)})
    return () => subscription.unsubscribe()
  }, [documentStore, props.id, props.type, translation])
  if (!document || !translation) return null
  return reviewBadge(
    document.translation as Partial<TranslationRecord> | undefined,
    currentEnglish(read, props.type, new Date()),
  )
}
TranslationReviewBadge.displayName = 'TranslationReviewBadge'
