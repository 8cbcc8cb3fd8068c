import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react'
import {
  CONSENT_BOXES,
  CONSENT_BOX_NAMES,
  CONTACT_FIELDS,
  CONTACT_FORM_FIELDS,
  type ConsentBox,
  type ContactErrorCode,
  type ContactField,
  type ContactFieldDefinition,
  type ContactFormLabels,
} from '../../model/contactForm'
import {
  CONSENT_VALUE,
  LANGUAGE_FIELD,
  PRIVACY_VERSION_FIELD,
  precheckContactMessage,
  WORDINGS_FIELD,
  type ContactFieldErrors,
  type TickedBoxes,
} from '../contact/formRules'
import './ContactForm.css'

type Values = Record<ContactField, string>
type Status =
  | {kind: 'idle'}
  | {kind: 'sending'}
  | {kind: 'sent'; reference?: string}
  | {kind: 'failed'; message: string; fieldErrors: ContactFieldErrors; detail?: string}

const EMPTY = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, ''])) as Values
// Never ticked in advance: the visitor agrees to the notice, and decides on the health box, for each message.
const UNTICKED = Object.fromEntries(CONSENT_BOX_NAMES.map((name) => [name, false])) as TickedBoxes
/** The form's controls in page order: the first with an error takes the focus. */
const CONTROLS = [...CONTACT_FIELDS, ...CONSENT_BOX_NAMES] as const

/** What points a control at its error message, while it has one. */
const describedBy = (id: string, error: ContactErrorCode | undefined) =>
  error ? {'aria-invalid': true, 'aria-describedby': `${id}-error`} : {}

/** A control's error, in the words staff wrote for its code. */
function FieldError({id, text}: {id: string; text: string | undefined}) {
  return text === undefined ? null : (
    <p className="contact-form__error" id={`${id}-error`}>
      {text}
    </p>
  )
}

/**
 * The contact form. It checks the fields with the same rules as the server (the phone number by
 * its shape only), sends the message to /api/contact and shows the outcome on the page. What the
 * visitor typed stays in the form until the server confirms the message is stored. Without
 * JavaScript it is an ordinary form post.
 *
 * `children` is the privacy notice, rendered by the page from the CMS: it stands above the
 * boxes (whose wording refers to it) and describes the send button, as `noticeId`.
 */
export default function ContactForm({
  labels,
  action,
  noticeId,
  privacyVersion,
  language,
  wordings,
  children,
}: {
  labels: ContactFormLabels
  action: string
  noticeId: string
  /** The Privacy Policy version in force on this page: sent with the message, as the notice agreed to. */
  privacyVersion?: number
  /** The page's language ("hi"): the server records the consent in that page's words and answers in them. */
  language: string
  /** The digest of the words beside the boxes on this page: the server records only words a page showed. */
  wordings: string
  children: ReactNode
}) {
  const [values, setValues] = useState<Values>(EMPTY)
  const [boxes, setBoxes] = useState<TickedBoxes>(UNTICKED)
  const [status, setStatus] = useState<Status>({kind: 'idle'})
  const idPrefix = useId()
  // One id per message, kept across retries, so a send repeated after a timeout is stored once.
  const submissionId = useRef<string | undefined>(undefined)
  const honeypot = useRef<HTMLInputElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    // On a slow connection visitors type before this script arrives: keep what they typed.
    const typed = {...EMPTY}
    for (const name of CONTACT_FIELDS) {
      const element = formRef.current?.elements.namedItem(name)
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
        typed[name] = element.value
    }
    const ticked = {...UNTICKED}
    for (const name of CONSENT_BOX_NAMES) {
      const box = formRef.current?.elements.namedItem(name)
      ticked[name] = box instanceof HTMLInputElement && box.checked
    }
    // "Book Appointment" links here with the subject filled in.
    const subject = new URLSearchParams(window.location.search).get('subject')
    if (subject && !typed.subject) typed.subject = subject.slice(0, CONTACT_FORM_FIELDS.subject.max)
    // Reading the DOM once after hydration is the point here; one extra render is the price.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues(typed)
    setBoxes(ticked)
  }, [])

  const fail = (message: string, fieldErrors: ContactFieldErrors = {}, detail?: string) => {
    setStatus({kind: 'failed', message, fieldErrors, detail})
    const first = CONTROLS.find((name) => fieldErrors[name])
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus()
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = precheckContactMessage({...values, ...boxes})
    if (!checked.ok) return fail(labels.invalidMessage, checked.fieldErrors)
    setStatus({kind: 'sending'})
    submissionId.current ??= crypto.randomUUID()
    try {
      const response = await fetch(action, {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json'},
        body: JSON.stringify({
          ...values,
          ...boxes,
          website: honeypot.current?.value ?? '',
          submissionId: submissionId.current,
          [PRIVACY_VERSION_FIELD]: privacyVersion,
          [LANGUAGE_FIELD]: language,
          [WORDINGS_FIELD]: wordings,
        }),
      })
      const body = (await response.json().catch(() => ({}))) as {
        fieldErrors?: ContactFieldErrors
        reference?: unknown
        message?: unknown
      }
      if (response.ok) {
        submissionId.current = undefined
        setValues(EMPTY)
        setBoxes(UNTICKED)
        setStatus({kind: 'sent', reference: typeof body.reference === 'string' ? body.reference : undefined})
        statusRef.current?.focus()
      } else if (response.status === 422) {
        fail(labels.invalidMessage, body.fieldErrors ?? {})
      } else if (response.status === 429) {
        fail(labels.rateLimitedMessage)
      } else if (response.status === 409 && typeof body.message === 'string') {
        // The boxes changed since this page was opened, or this send was made before with other
        // words: the server says which, and what to do (in English; staff have no words for it yet).
        fail(labels.errorMessage, {}, body.message)
      } else {
        fail(labels.errorMessage)
      }
    } catch {
      fail(labels.errorMessage)
    }
  }

  const fieldErrors = status.kind === 'failed' ? status.fieldErrors : {}
  const field = (name: ContactField): ReactNode => {
    const id = `${idPrefix}-${name}`
    const error = fieldErrors[name]
    const props = {
      id,
      name,
      value: values[name],
      onChange: (event: {currentTarget: {value: string}}) => {
        const value = event.currentTarget.value
        // Other words are another message: a send repeated with them is no repeat (409 otherwise).
        submissionId.current = undefined
        setValues((current) => ({...current, [name]: value}))
      },
      ...describedBy(id, error),
    }
    const {input, autoComplete}: ContactFieldDefinition = CONTACT_FORM_FIELDS[name]
    return (
      <div className="contact-form__field" key={name}>
        <label htmlFor={id}>{labels[`${name}Label`]}</label>
        {input === 'textarea' ? (
          <textarea rows={3} {...props} />
        ) : (
          <input type={input} autoComplete={autoComplete} {...props} />
        )}
        <FieldError id={id} text={error && labels[error]} />
      </div>
    )
  }

  const checkbox = (name: ConsentBox): ReactNode => {
    const id = `${idPrefix}-${name}`
    const error = fieldErrors[name]
    const required = CONSENT_BOXES[name].requiredError !== undefined
    return (
      <div
        className={`contact-form__consent${required ? '' : ' contact-form__consent--optional'}`}
        key={name}
      >
        <input
          type="checkbox"
          id={id}
          name={name}
          value={CONSENT_VALUE}
          checked={boxes[name]}
          onChange={(event) => {
            const checked = event.currentTarget.checked
            submissionId.current = undefined
            setBoxes((current) => ({...current, [name]: checked}))
          }}
          required={required}
          {...describedBy(id, error)}
        />
        <label htmlFor={id}>{labels[`${name}Label`]}</label>
        <FieldError id={id} text={error && labels[error]} />
      </div>
    )
  }

  return (
    <form ref={formRef} className="contact-form" method="post" action={action} onSubmit={submit} noValidate>
      {CONTACT_FIELDS.map(field)}
      {children}
      {CONSENT_BOX_NAMES.map(checkbox)}
      {privacyVersion === undefined ? null : (
        <input type="hidden" name={PRIVACY_VERSION_FIELD} value={privacyVersion} />
      )}
      <input type="hidden" name={LANGUAGE_FIELD} value={language} />
      <input type="hidden" name={WORDINGS_FIELD} value={wordings} />
      {/* People never see or fill this field; automated senders do. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={`${idPrefix}-website`}>Website</label>
        <input
          ref={honeypot}
          id={`${idPrefix}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <button
        className="button"
        type="submit"
        disabled={status.kind === 'sending'}
        aria-describedby={noticeId}
      >
        {status.kind === 'sending' ? labels.sendingLabel : labels.submitLabel}
      </button>
      <div className="contact-form__status" role="status" aria-live="polite" tabIndex={-1} ref={statusRef}>
        {status.kind === 'sent' ? <p className="contact-form__success">{labels.successMessage}</p> : null}
        {status.kind === 'sent' && status.reference ? (
          <p className="contact-form__reference">
            {labels.referenceLabel} <strong>{status.reference}</strong>
          </p>
        ) : null}
        {status.kind === 'failed' ? <p className="contact-form__failure">{status.message}</p> : null}
        {status.kind === 'failed' && status.detail ? (
          <p className="contact-form__failure" lang="en">
            {status.detail}
          </p>
        ) : null}
      </div>
    </form>
  )
}
