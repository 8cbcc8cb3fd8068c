/**
 * How a contact message stands, in the words staff read in `npm run messages` and in Studio's
 * Inbox, written once here: the e-mail about it to customer care, the acknowledgement to its
 * sender, whether someone has answered it, and its times in India, where staff work.
 */

/** How one e-mail about a message went, as both stores keep it (a missing value may be null in Sanity). */
export interface MailProgress {
  notifiedAt?: string | null
  attempts?: number | null
  lastError?: string | null
  nextAttemptAt?: string | null
  gaveUpAt?: string | null
}

/** Where an e-mail about a message is: sent, given up after too many refusals, refused and retried, or not tried yet. */
export type MailStage = 'sent' | 'givenUp' | 'retrying' | 'waiting'

export function mailStage(mail: MailProgress): MailStage {
  if (mail.notifiedAt) return 'sent'
  if (mail.gaveUpAt) return 'givenUp'
  if ((mail.attempts ?? 0) > 0) return 'retrying'
  return 'waiting'
}

/**
 * The stage Studio shows, if any: an e-mail sent, refused or given up is a fact whatever the
 * server does now, but "not sent yet" is only true where the server sends e-mail
 * (`emailsCustomerCare`, from the site's status; undefined while Studio has not heard from it).
 */
export function shownMailStage(
  mail: MailProgress,
  emailsCustomerCare: boolean | undefined,
): MailStage | undefined {
  const stage = mailStage(mail)
  return stage === 'waiting' && emailsCustomerCare !== true ? undefined : stage
}

/** Each stage of the e-mail to customer care, in a few words (Studio's Inbox). */
export const MAIL_STAGE_TITLES: Readonly<Record<MailStage, string>> = {
  sent: 'E-mailed',
  givenUp: 'E-mail given up',
  retrying: 'E-mail refused, retrying',
  waiting: 'E-mail not sent yet',
}

/** What staff do about a message whose e-mail was given up: nobody was told of it. */
export const GIVEN_UP_ADVICE = 'nobody was e-mailed about it: read it here and answer it'

/**
 * A moment in India time with its offset, to the minute: "2026-11-24T12:35:00Z" is
 * "2026-11-24 18:05 +05:30". India (Asia/Kolkata) keeps +05:30 all year, with no summer time.
 */
export function indiaTime(moment: string): string {
  const time = new Date(moment).getTime()
  if (Number.isNaN(time)) return moment
  return `${new Date(time + (5 * 60 + 30) * 60_000).toISOString().slice(0, 16).replace('T', ' ')} +05:30`
}

const times = (count: number) => (count === 1 ? 'once' : `${count} times`)

/** The e-mail to customer care, in one phrase: "e-mailed 2026-11-24 18:05 +05:30". */
export function notificationPhrase(mail: MailProgress): string {
  const attempts = mail.attempts ?? 0
  switch (mailStage(mail)) {
    case 'sent':
      return `e-mailed ${indiaTime(mail.notifiedAt!)}`
    case 'givenUp':
      return `E-MAIL GIVEN UP after ${attempts} refusals (${mail.lastError ?? 'no reason given'}): ${GIVEN_UP_ADVICE}`
    case 'retrying':
      return `e-mail refused ${times(attempts)}, next try after ${mail.nextAttemptAt ? indiaTime(mail.nextAttemptAt) : 'the next round'}`
    case 'waiting':
      return 'e-mail not sent yet'
  }
}

/** The acknowledgement to the sender, in one phrase; none owed (no address given, or no e-mail sent). */
export function acknowledgementPhrase(mail: MailProgress | undefined | null): string {
  if (!mail) return 'no acknowledgement owed'
  const attempts = mail.attempts ?? 0
  switch (mailStage(mail)) {
    case 'sent':
      return `acknowledged ${indiaTime(mail.notifiedAt!)}`
    case 'givenUp':
      return `acknowledgement given up after ${attempts} refusals (${mail.lastError ?? 'no reason given'})`
    case 'retrying':
      return `acknowledgement refused ${times(attempts)}, next try after ${mail.nextAttemptAt ? indiaTime(mail.nextAttemptAt) : 'the next round'}`
    case 'waiting':
      return 'acknowledgement not sent yet'
  }
}

/** Whether someone has answered the message, and who said so when: "handled 2026-11-24 18:05 +05:30 by Priya". */
export function handledPhrase(handledAt?: string | null, handledBy?: string | null): string {
  if (!handledAt) return 'NOT HANDLED'
  return `handled ${indiaTime(handledAt)}${handledBy ? ` by ${handledBy}` : ''}`
}

/** The first line of a message's text, shortened to `max` characters: what `list` and the Inbox show of it. */
export function firstLine(text: string, max = 80): string {
  const line = text.trim().split(/\r?\n/, 1)[0]!.trim()
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line
}

/** The fields of a contactMessage document that record that someone answered it. */
export const HANDLED_FIELDS = {at: 'handledAt', by: 'handledBy'} as const

/**
 * The patch that marks a contactMessage document handled (at a time, by a name if given) or not
 * handled (null), for the website's Sanity store and Studio's "Mark as handled" alike. A field is
 * never both set and unset in it: Sanity applies a patch's operations in an order of its own.
 */
export function handledPatch(handled: {at: string; by?: string} | null): {
  set: Record<string, string>
  unset: string[]
} {
  const {at, by} = HANDLED_FIELDS
  if (!handled) return {set: {}, unset: [at, by]}
  return handled.by
    ? {set: {[at]: handled.at, [by]: handled.by}, unset: []}
    : {set: {[at]: handled.at}, unset: [by]}
}

/** What Studio's Inbox reads of a message to list it. */
export interface InboxEntry {
  submissionId?: string | null
  name?: string | null
  email?: string | null
  phone?: string | null
  receivedAt?: string | null
  notification: MailProgress
  handledAt?: string | null
}

/**
 * A message's line under its subject in Studio's Inbox: the reference its sender was given, who
 * wrote, when (India time), how the e-mail about it went and whether someone answered it. The
 * list cannot ask the site whether it sends e-mail, so an e-mail not sent yet is not mentioned
 * here (the message's badge says so where the site does).
 */
export function inboxSubtitle(entry: InboxEntry): string {
  const stage = shownMailStage(entry.notification, undefined)
  return [
    entry.submissionId?.slice(0, 8).toUpperCase(),
    entry.name || entry.email || entry.phone,
    entry.receivedAt && indiaTime(entry.receivedAt),
    stage && MAIL_STAGE_TITLES[stage],
    entry.handledAt ? 'Handled' : 'Not handled',
  ]
    .filter(Boolean)
    .join(' · ')
}
