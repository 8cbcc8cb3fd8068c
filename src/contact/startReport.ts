import type {ContactConfig} from '../config/index.ts'
import {isPublicSiteUrl} from '../../model/publicAddress.ts'

/** Where the people running the site read messages that were not e-mailed. */
function whereToRead(store: ContactConfig['store']) {
  return store.kind === 'sanity'
    ? "in Studio's Inbox or with `npm run messages -- list`"
    : 'with `npm run messages -- list` on this server'
}

/**
 * What the server says at start about the contact form's messages, one line each: where they
 * are stored, whether they are e-mailed and to whom, and, for a public site that e-mails nobody,
 * a plain warning. Never the SMTP address's user or password: only its host.
 */
export function contactStartLines({
  config,
  siteUrl,
  storeDescription,
  careAddress,
}: {
  config: Pick<ContactConfig, 'store' | 'mail'>
  siteUrl: string
  storeDescription: string
  /** Customer care's address in the build being served, when CONTACT_MAIL_TO does not name one. */
  careAddress: string
}): string[] {
  const {store, mail} = config
  const stored = `Contact messages are stored in ${storeDescription}.`
  if (mail)
    return [
      stored,
      `E-mail is on: each new message is e-mailed to ${mail.to ?? careAddress} through ${new URL(mail.smtpUrl).host}; a refused e-mail is retried up to ${mail.maxAttempts} times, then given up and reported by the health check.`,
    ]
  const lines = [
    stored,
    `E-mail is off (SMTP_URL is not set): nobody is e-mailed about new messages; read them ${whereToRead(store)}.`,
  ]
  if (isPublicSiteUrl(siteUrl))
    lines.push(
      `WARNING: ${siteUrl} is public but no e-mail is set up: messages from visitors will only be stored, and seen only ${whereToRead(store)}. Set SMTP_URL (docs/operating.md) to have each one e-mailed to customer care.`,
    )
  return lines
}
