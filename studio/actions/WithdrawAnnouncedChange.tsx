import {useEffect, useId, useState} from 'react'
import {useClient, type DocumentActionComponent, type DocumentActionDialogProps} from 'sanity'
import {
  planWithdrawal,
  withdrawable,
  WITHDRAWN_NOTE_MAX,
  WITHDRAWN_NOTE_MIN,
} from '../../model/policyVersions'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {isPolicyId} from '../../model/siteDocuments'
import {failedDialog, noteDialog, reasonOf} from './NoteDialog'
import {
  WITHDRAW_READ_QUERY,
  withdrawalInWords,
  withdrawalMutations,
  withdrawErrorMessage,
  withdrawRead,
  type WithdrawRead,
} from './withdrawChange'

const CLIENT_OPTIONS = {apiVersion: SANITY_API_VERSION}
const TITLE = 'Withdraw the announced change'

type Step =
  | {name: 'idle'}
  | {name: 'reading'}
  | {name: 'failed'; message: string}
  | {name: 'dialog'; read: WithdrawRead; saving: boolean; message?: string}

/**
 * "Withdraw announced change…": on a policy with a change announced and not yet in force. A
 * dialog says what happens and asks why; then one transaction, at the Content Lake's time, marks
 * every announced version withdrawn and puts the published text back to the version in force
 * (docs/staff.md). Shown only while a change is announced, as the Content Lake last said.
 */
export const WithdrawAnnouncedChangeAction: DocumentActionComponent = (props) => {
  const client = useClient(CLIENT_OPTIONS)
  const [step, setStep] = useState<Step>({name: 'idle'})
  const [note, setNote] = useState('')
  const [announced, setAnnounced] = useState(false)
  const noteId = useId()
  const policy = isPolicyId(props.id) ? props.id : undefined
  const publishedRev = props.published?._rev

  const readNow = async () =>
    withdrawRead(
      await client.fetch(
        WITHDRAW_READ_QUERY,
        {policy: props.id},
        {perspective: 'raw', tag: 'policy-versions.withdraw-read'},
      ),
    )

  // Whether a change is announced: read again whenever the published policy changes.
  useEffect(() => {
    if (!policy) return
    let current = true
    readNow()
      .then((read) => current && setAnnounced(withdrawable(read.versions, policy, read.now) !== undefined))
      // The action stays offered: pressing it reads again and says what went wrong.
      .catch(() => current && setAnnounced(true))
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again for a new revision only
  }, [policy, publishedRev])

  if (!policy || !props.published || (!announced && step.name === 'idle')) return null
  const close = () => setStep({name: 'idle'})

  const handle = async () => {
    setStep({name: 'reading'})
    try {
      const read = await readNow()
      if (!withdrawable(read.versions, policy, read.now)) {
        setAnnounced(false)
        return setStep({
          name: 'failed',
          message: 'No change to this policy is announced: there is nothing to withdraw.',
        })
      }
      setNote('')
      setStep({name: 'dialog', read, saving: false})
    } catch (error) {
      setStep({
        name: 'failed',
        message: `The policy versions could not be read (${reasonOf(error)}). Nothing changed; try again.`,
      })
    }
  }

  /** Reads again, so the withdrawal is recorded at the Content Lake's time and locked to what it holds now. */
  const confirm = async (current: Extract<Step, {name: 'dialog'}>) => {
    setStep({...current, saving: true, message: undefined})
    try {
      const read = await readNow()
      const reopen = (message: string) => setStep({name: 'dialog', read, saving: false, message})
      if (!read.published) return reopen('This policy is not published: there is nothing to withdraw.')
      const plan = planWithdrawal({versions: read.versions, policy, note, now: read.now})
      if (!plan.ok) return reopen(`Nothing was withdrawn: ${plan.problems.join(' ')}`)
      const shown = withdrawable(current.read.versions, policy, current.read.now)?.announced.map(
        ({_id}) => _id,
      )
      if (shown?.join() !== plan.withdrawn.map(({_id}) => _id).join())
        return reopen(
          'The announced changes differ from when this dialog opened. Read the words above again, then withdraw.',
        )
      await client
        .transaction(withdrawalMutations(read.published, plan))
        .commit({tag: 'policy-versions.withdraw'})
      setAnnounced(false)
      close()
      props.onComplete()
    } catch (error) {
      setStep({...current, saving: false, message: withdrawErrorMessage(error)})
    }
  }

  const dialog = (): DocumentActionDialogProps | null => {
    if (step.name === 'failed') return failedDialog(TITLE, step.message, close)
    if (step.name !== 'dialog') return null
    const problems = note.trim()
      ? planWithdrawal({versions: step.read.versions, policy, note, now: step.read.now})
      : undefined
    return noteDialog({
      header: TITLE,
      lines: withdrawalInWords(step.read, policy) ?? [],
      id: noteId,
      label: 'Why it is withdrawn',
      hint: `Shown to readers with the withdrawn version, ${WITHDRAWN_NOTE_MIN} to ${WITHDRAWN_NOTE_MAX} characters.`,
      value: note,
      onChange: setNote,
      problems: problems && !problems.ok ? problems.problems : [],
      message: step.message,
      saving: step.saving,
      confirmText: 'Withdraw',
      onClose: close,
      onConfirm: problems?.ok ? () => confirm(step) : undefined,
    })
  }

  return {
    label: step.name === 'reading' ? 'Reading policy versions…' : 'Withdraw announced change…',
    title: 'Withdraw the change announced for this policy, before it applies, with the reason readers see',
    tone: 'critical',
    disabled: step.name === 'reading',
    onHandle: handle,
    dialog: dialog(),
  }
}
WithdrawAnnouncedChangeAction.displayName = 'WithdrawAnnouncedChangeAction'
