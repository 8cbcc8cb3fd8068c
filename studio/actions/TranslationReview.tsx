import {Card, Flex, Radio, Stack, Text, TextInput} from '@sanity/ui'
import {useEffect, useId, useState} from 'react'
import {
  useClient,
  useDocumentOperation,
  useDocumentStore,
  useFormValue,
  type DocumentActionComponent,
  type DocumentActionDialogProps,
  type DocumentBadgeComponent,
  type InputProps,
} from 'sanity'
import {indiaToday} from '../../model/policyVersions'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_FIELD,
  TRANSLATED_TYPES,
  type TranslationRecord,
} from '../../model/translations'
import {EnglishChangesSince} from './EnglishChanges'
import {DialogProblems, hintId, Question, RecordChangeFooter} from './RecordChangeDialog'
import {
  chosenTarget,
  currentEnglish,
  englishReplacing,
  figureWordsBadge,
  isTranslationDocument,
  MARK_REVIEWED_TITLE,
  REVIEW_LISTEN_QUERY,
  REVIEW_READ_QUERY,
  reviewBadge,
  reviewProblems,
  reviewReadParams,
  reviewTarget,
  reviewedRecord,
  upcomingEnglish,
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
  | {
      name: 'dialog'
      read: ReviewRead | null
      target: Extract<ReviewTarget, {ok: true}>
      now: Date
      saving: boolean
      message?: string
    }

const IDLE: Step = {name: 'idle'}

/** Which English text the review is recorded against: the one in force, or a version announced. */
function ReviewChoices(props: {
  target: Extract<ReviewTarget, {ok: true}>
  chosen: string | undefined
  onChoose: (translates: string) => void
  busy: boolean
}) {
  const {target, chosen, onChoose, busy} = props
  const name = useId()
  return (
    <Stack gap={3}>
      <Text size={1} weight="medium">
        Reviewed against
      </Text>
      {[target, ...target.later].map((choice) => (
        <Flex as="label" key={choice.translates} gap={3} align="flex-start">
          <Radio
            name={name}
            value={choice.translates}
            checked={(chosen ?? target.translates) === choice.translates}
            disabled={busy}
            onChange={() => onChoose(choice.translates)}
          />
          <Text size={1}>{choice.against}</Text>
        </Flex>
      ))}
    </Stack>
  )
}

/** The reviewer's name and day, and which English text the review is recorded against. */
function MarkReviewedForm(props: {
  language: string
  type: string
  read: ReviewRead | null
  record: Partial<TranslationRecord> | undefined
  target: Extract<ReviewTarget, {ok: true}>
  chosen: string | undefined
  onChoose: (translates: string) => void
  form: ReviewForm
  onFormChange: (form: ReviewForm) => void
  today: string
  problems: string[]
  message?: string
  busy: boolean
}) {
  const {
    language,
    type,
    read,
    record,
    target,
    chosen,
    onChoose,
    form,
    onFormChange,
    today,
    problems,
    message,
    busy,
  } = props
  const nameId = useId()
  const dayId = useId()
  const choice = chosenTarget(target, chosen) ?? target
  return (
    <Stack gap={5}>
      <Stack gap={3}>
        <Text size={1}>
          Record that a named person who reads both English and this language ({language}) has checked this
          translation against the English text, sentence by sentence. It is recorded against{' '}
          <strong>{choice.against}</strong>: when that English text changes, the public site shows English
          again until the translation is brought up to date and reviewed again.
        </Text>
        {target.note && <Text size={1}>{target.note}</Text>}
        {target.later.length > 0 && (
          <ReviewChoices target={target} chosen={chosen} onChoose={onChoose} busy={busy} />
        )}
        <EnglishChangesSince type={type} read={read} record={record} translates={choice.translates} />
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
  const [chosen, setChosen] = useState<string>()
  const document = props.draft ?? props.published
  if (!document || !isTranslationDocument(document)) return null

  const readTarget = async (now: Date) => {
    const read = await client.fetch<ReviewRead | null>(
      REVIEW_READ_QUERY,
      reviewReadParams(props.type, props.id),
      READ_OPTIONS,
    )
    return {read, target: reviewTarget(read, props.type, now)}
  }
  const failed = (error: unknown) =>
    `The English text could not be read (${error instanceof Error ? error.message : String(error)}). Nothing was recorded; try again.`

  const handle = async () => {
    setStep({name: 'reading'})
    try {
      const now = new Date()
      const {read, target} = await readTarget(now)
      if (!target.ok) return setStep({name: 'problem', message: target.problem})
      setForm({reviewedBy: '', reviewedOn: indiaToday(now)})
      setChosen(undefined)
      setStep({name: 'dialog', read, target, now, saving: false})
    } catch (error) {
      setStep({name: 'problem', message: failed(error)})
    }
  }

  const confirm = async (current: Extract<Step, {name: 'dialog'}>) => {
    setStep({...current, saving: true, message: undefined})
    try {
      const now = new Date()
      const {read, target} = await readTarget(now)
      if (!target.ok) return setStep({name: 'problem', message: target.problem})
      const choice = chosenTarget(target, chosen)
      if (!choice || choice.translates !== chosenTarget(current.target, chosen)?.translates) {
        setChosen(undefined)
        return setStep({
          name: 'dialog',
          read,
          target,
          now,
          saving: false,
          message: `The English text changed while this dialog was open: the review is now recorded against ${target.against}. Check the translation against it, then confirm again.`,
        })
      }
      patch.execute([{set: {translation: reviewedRecord(choice.translates, form, target.englishRev)}}])
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
          type={props.type}
          read={step.read}
          record={document.translation as Partial<TranslationRecord> | undefined}
          target={step.target}
          chosen={chosen}
          onChoose={setChosen}
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
  const document = props.draft ?? props.published
  const translation = isTranslationDocument(document)
  const read = useReviewRead(props.type, props.id, translation)
  if (!document || !translation) return null
  const now = new Date()
  return reviewBadge(
    document.translation as Partial<TranslationRecord> | undefined,
    currentEnglish(read, props.type, now),
    upcomingEnglish(read, props.type, now),
  )
}

/** The English document, its id and its versions, followed as they change, for a translation. */
function useReviewRead(type: string, id: string, translation: boolean): ReviewRead | null {
  const documentStore = useDocumentStore()
  const [read, setRead] = useState<ReviewRead | null>(null)
  useEffect(() => {
    if (!translation) return undefined
    const subscription = documentStore
      .listenQuery({fetch: REVIEW_READ_QUERY, listen: REVIEW_LISTEN_QUERY}, reviewReadParams(type, id), {
        ...READ_OPTIONS,
        apiVersion: SANITY_API_VERSION,
        throttleTime: 1000,
      })
      .subscribe({next: (answer: ReviewRead | null) => setRead(answer), error: () => setRead(null)})
    return () => subscription.unsubscribe()
  }, [documentStore, id, type, translation])
  return read
}

/** Above a stale translation's form: that it is stale, and what changed in English since its review. */
function StaleTranslation({type}: {type: string}) {
  const id = useFormValue(['_id']) as string | undefined
  const record = useFormValue(['translation']) as Partial<TranslationRecord> | undefined
  const language = useFormValue([LANGUAGE_FIELD])
  const translation = typeof language === 'string' && language !== DEFAULT_LANGUAGE
  const read = useReviewRead(type, id ?? '', translation && Boolean(id))
  const now = new Date()
  const badge = reviewBadge(record, currentEnglish(read, type, now), upcomingEnglish(read, type, now))
  if (!translation || badge.label !== 'Stale') return null
  return (
    <Stack gap={3}>
      <Card tone="critical" padding={3} radius={2} border>
        <Text size={1}>Stale: {badge.title}</Text>
      </Card>
      <EnglishChangesSince
        type={type}
        read={read}
        record={record}
        translates={englishReplacing(read, type, record?.translates, now)}
      />
    </Stack>
  )
}

/** A translation's form, with what changed in English above it while the translation is stale. */
export function TranslationChangesInput(props: InputProps) {
  if (props.path.length > 0 || !TRANSLATED.has(props.schemaType.name)) return props.renderDefault(props)
  return (
    <Stack gap={4}>
      <StaleTranslation type={props.schemaType.name} />
      {props.renderDefault(props)}
    </Stack>
  )
}
const TRANSLATED = new Set<string>(TRANSLATED_TYPES)
TranslationReviewBadge.displayName = 'TranslationReviewBadge'

/** On a Site settings translation: which words of the figures it still lacks, if any. */
export const FigureWordsBadge: DocumentBadgeComponent = (props) => {
  const document = props.draft ?? props.published
  return isTranslationDocument(document) ? figureWordsBadge(document) : null
}
FigureWordsBadge.displayName = 'FigureWordsBadge'
