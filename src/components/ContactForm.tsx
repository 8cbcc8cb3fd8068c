import {useEffect, useId, useState, type FormEvent} from 'react'

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
type Values = Record<ContactField, string>

export interface ContactFormLabels {
  nameLabel: string
  emailLabel: string
  phoneLabel: string
  subjectLabel: string
  messageLabel: string
  submitLabel: string
  sendingLabel: string
  successMessage: string
  errorMessage: string
}

type Status =
  | {kind: 'idle'}
  | {kind: 'sending'}
  | {kind: 'sent'}
  | {kind: 'failed'; message: string; fieldErrors: Partial<Record<ContactField, string>>}

const EMPTY: Values = {name: '', email: '', phone: '', subject: '', message: ''}

/**
 * The contact form. It sends the message to /api/contact and tells the visitor the outcome on
 * the page; what they typed stays in the form until the message is confirmed as received.
 */
export default function ContactForm({labels}: {labels: ContactFormLabels}) {
  const [values, setValues] = useState<Values>(EMPTY)
  const [status, setStatus] = useState<Status>({kind: 'idle'})
  const idPrefix = useId()

  // "Book Appointment" links here with the subject filled in.
  useEffect(() => {
    const subject = new URLSearchParams(window.location.search).get('subject')
    if (subject) setValues((current) => (current.subject ? current : {...current, subject: subject.slice(0, 200)}))
  }, [])

  const fieldErrors = status.kind === 'failed' ? status.fieldErrors : {}

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setStatus({kind: 'sending'})
    try {
      const response = await fetch(event.currentTarget.action, {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json'},
        body: JSON.stringify(values),
      })
      const body = (await response.json().catch(() => ({}))) as {
        message?: string
        fieldErrors?: Partial<Record<ContactField, string>>
      }
      if (response.ok) {
        setValues(EMPTY)
        setStatus({kind: 'sent'})
        return
      }
      setStatus({kind: 'failed', message: body.message ?? labels.errorMessage, fieldErrors: body.fieldErrors ?? {}})
    } catch {
      setStatus({kind: 'failed', message: labels.errorMessage, fieldErrors: {}})
    }
  }

  const field = (name: ContactField, label: string, input: (props: Record<string, unknown>) => React.ReactNode) => {
    const id = `${idPrefix}-${name}`
    const error = fieldErrors[name]
    return (
      <div className="contact-form__field">
        <label htmlFor={id}>{label}</label>
        {input({
          id,
          name,
          value: values[name],
          onChange: (event: {currentTarget: {value: string}}) =>
            setValues({...values, [name]: event.currentTarget.value}),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
        {error ? (
          <p className="contact-form__error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <form className="contact-form" method="post" action="/api/contact" onSubmit={submit} noValidate>
      {field('name', labels.nameLabel, (props) => <input type="text" autoComplete="name" {...props} />)}
      {field('email', labels.emailLabel, (props) => <input type="email" autoComplete="email" {...props} />)}
      {field('phone', labels.phoneLabel, (props) => <input type="tel" autoComplete="tel" {...props} />)}
      {field('subject', labels.subjectLabel, (props) => <input type="text" {...props} />)}
      {field('message', labels.messageLabel, (props) => <textarea rows={3} {...props} />)}
      <button className="button" type="submit" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? labels.sendingLabel : labels.submitLabel}
      </button>
      <div className="contact-form__status" role="status" aria-live="polite">
        {status.kind === 'sent' ? <p className="contact-form__success">{labels.successMessage}</p> : null}
        {status.kind === 'failed' ? <p className="contact-form__failure">{status.message}</p> : null}
      </div>
    </form>
  )
}
