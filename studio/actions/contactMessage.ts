import {CheckmarkCircleIcon} from '@sanity/icons/CheckmarkCircle'
import {useState} from 'react'
import {useClient, useCurrentUser, type DocumentActionComponent, type DocumentBadgeComponent} from 'sanity'
import {
  handledPatch,
  handledPhrase,
  MAIL_STAGE_TITLES,
  shownMailStage,
  type MailProgress,
} from '../../model/contactMessages'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {useSiteStatus} from '../siteStatus/useSiteStatus'

const CLIENT_OPTIONS = {apiVersion: SANITY_API_VERSION}
const MARK_HANDLED = 'Mark as handled'
const MARK_NOT_HANDLED = 'Mark as not handled'

// Plain TypeScript, no JSX: the Studio's configuration loads it in the unit tests as it is.

/**
 * "Mark as handled" on a contact message: records that someone answered it, when and by whom (the
 * staff member signed in), on the message the website wrote; "Mark as not handled" takes it back.
 * The message itself stays read-only. A handled message no longer counts in the website's health
 * check (GET /api/health), even when the e-mail about it was given up.
 */
export const MarkHandledAction: DocumentActionComponent = (props) => {
  const client = useClient(CLIENT_OPTIONS)
  const user = useCurrentUser()
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<string>()
  const message = props.published ?? props.draft
  if (!message) return null
  const handled = typeof message.handledAt === 'string'

  const onHandle = async () => {
    setSaving(true)
    try {
      const {set, unset} = handledPatch(
        handled ? null : {at: new Date().toISOString(), ...(user?.name ? {by: user.name} : {})},
      )
      const patch = client.patch(props.id)
      if (Object.keys(set).length > 0) patch.set(set)
      if (unset.length > 0) patch.unset(unset)
      await patch.commit()
      props.onComplete()
    } catch (error) {
      setProblem(
        `The message could not be marked (${error instanceof Error ? error.message : String(error)}). Nothing changed; try again.`,
      )
    } finally {
      setSaving(false)
    }
  }

  return {
    label: handled ? MARK_NOT_HANDLED : MARK_HANDLED,
    title: handled
      ? 'Record that this message needs an answer again'
      : 'Record that this message has been answered',
    icon: CheckmarkCircleIcon,
    tone: handled ? undefined : 'positive',
    disabled: saving,
    onHandle,
    dialog: problem
      ? {
          type: 'dialog',
          header: handled ? MARK_NOT_HANDLED : MARK_HANDLED,
          content: problem,
          onClose: () => setProblem(undefined),
        }
      : null,
  }
}
MarkHandledAction.displayName = 'MarkHandledAction'

const STAGE_COLORS = {sent: 'success', givenUp: 'danger', retrying: 'warning', waiting: undefined} as const

/**
 * How the e-mail to customer care about the message went: "E-mail given up" in red. "E-mail not
 * sent yet" only where the site at `origin` says it sends e-mail: with SMTP_URL unset nobody will
 * be e-mailed, and the Inbox is where staff read the message.
 */
export const mailStateBadge = (origin: string): DocumentBadgeComponent => {
  const MailStateBadge: DocumentBadgeComponent = (props) => {
    const site = useSiteStatus(origin)
    const message = props.published ?? props.draft
    if (!message) return null
    const stage = shownMailStage(
      {
        notifiedAt: message.notifiedAt as MailProgress['notifiedAt'],
        attempts: message.notificationAttempts as MailProgress['attempts'],
        gaveUpAt: message.notificationGivenUpAt as MailProgress['gaveUpAt'],
      },
      site?.ok ? site.status.emailsCustomerCare : undefined,
    )
    if (!stage) return null
    return {
      label: MAIL_STAGE_TITLES[stage],
      color: STAGE_COLORS[stage],
      title:
        stage === 'givenUp'
          ? 'Nobody was e-mailed about this message: answer it from here, then mark it handled.'
          : undefined,
    }
  }
  MailStateBadge.displayName = 'MailStateBadge'
  return MailStateBadge
}

/** Whether someone answered the message, and who said so when. */
export const HandledBadge: DocumentBadgeComponent = (props) => {
  const message = props.published ?? props.draft
  if (!message) return null
  const at = typeof message.handledAt === 'string' ? message.handledAt : undefined
  return at
    ? {
        label: 'Handled',
        color: 'success',
        title: handledPhrase(at, typeof message.handledBy === 'string' ? message.handledBy : undefined),
      }
    : {label: 'Not handled', color: 'warning', title: 'Nobody has recorded answering this message yet.'}
}
HandledBadge.displayName = 'HandledBadge'
