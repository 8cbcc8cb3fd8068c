// `npm run messages` (scripts/messages.ts): contact messages, for whoever answers them and for
// requests about personal data, whichever store the site uses (the SQLite file or Sanity, as the
// same variables as the server choose). The commands are listed in that script. Times are India
// time, with the offset ("2026-11-24 18:05 +05:30").
//
// export and erase first show what they matched, one line per message, so that staff see whose
// messages they are about to hand over or erase (export on stderr: its JSON stays whole for a program).
// A phone number without its country code is Indian: "098765 43210" is +91 98765 43210.
import {existsSync} from 'node:fs'
import {parseArgs} from 'node:util'
import {
  acknowledgementPhrase,
  firstLine,
  handledPhrase,
  indiaTime,
  mailStage,
  notificationPhrase,
} from '../../model/contactMessages.ts'
import {ConfigError, readConfig} from '../config/index.ts'
import {messageStoreFromConfig} from './service.ts'
import {
  isTicked,
  readReference,
  referenceOf,
  type MessageRecord,
  type MessageStore,
  type Sender,
} from './store.ts'

/** Where the command reads its settings and answers, so that it runs the same in a test as at a terminal. */
export interface MessagesIo {
  /** The variables the server runs with: they choose the store (readConfig). */
  env: Parameters<typeof readConfig>[0]
  /** A line of the result (standard output). */
  print(text: string): void
  /** A line about the result, kept out of it so that an export's JSON stays whole (standard error). */
  note(text: string): void
  /**
   * Asks the person at the terminal and resolves to the answer. Absent without a terminal: an
   * answer piped in is whatever ran before, not anyone's decision, so only --yes erases then.
   */
  ask?: (question: string) => Promise<string>
  /** The clock: when a message is marked handled. */
  now(): Date
}

const USAGE = `Usage:
  npm run messages -- list [--since DATE]
  npm run messages -- show REFERENCE
  npm run messages -- handled REFERENCE [--by NAME]
  npm run messages -- unhandled REFERENCE
  npm run messages -- export (--email ADDRESS | --phone NUMBER)
  npm run messages -- erase (--email ADDRESS | --phone NUMBER) [--yes]`

class UsageError extends Error {}
/** The message asked for is not in the store. */
class NotFound extends Error {}

function senderOf(values: {email?: string; phone?: string}): Sender {
  const email = values.email?.trim()
  const phone = values.phone?.trim()
  if (email && phone) throw new UsageError('Give either --email or --phone, not both.')
  if (email) return {email}
  if (phone && /\d/.test(phone)) return {phone}
  throw new UsageError('Say whose messages: --email ADDRESS or --phone NUMBER.')
}

/** "2026-11-01" is that day from midnight in India, where staff work; a full timestamp is taken as written. */
function startOf(since: string | undefined): string {
  const value = since?.trim() ?? ''
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00+05:30`) : new Date(value)
  if (!value || Number.isNaN(date.getTime()))
    throw new UsageError('Say from when: --since DATE, for example --since 2026-11-01.')
  return date.toISOString()
}

/** The store the server uses. A SQLite file that is not there is a wrong path, not an empty store. */
function openStore(store: ReturnType<typeof readConfig>['contact']['store']) {
  if (store.kind === 'sqlite' && !existsSync(store.path))
    throw new UsageError(
      `There is no message store at ${store.path}. Run this in the site's folder with the server's variables (CONTACT_DB_PATH, or the Sanity ones).`,
    )
  return messageStoreFromConfig(store)
}

const describe = (sender: Sender) => (sender.email !== undefined ? sender.email : `phone ${sender.phone}`)

const EVER = '1970-01-01T00:00:00.000Z'

/** Who wrote, as they gave it. */
const whoWrote = (message: MessageRecord) =>
  [message.name, message.email, message.phone].filter(Boolean).join(', ')

/**
 * One line per message, for a person's request (export, erase): when, the whole id, the reference
 * the sender was given, whether someone answered it, who, subject, the first line of the text, the
 * language of the page it was sent from, whether the health details may be used, and, with e-mail
 * on, how its e-mails went.
 */
function recordLine(message: MessageRecord, mailOn: boolean): string {
  const language = `language ${message.consent.language}`
  const health = `health details ${isTicked(message.consent, 'healthDetails') ? 'may' : 'may NOT'} be used`
  const mails = mailOn
    ? `  ${notificationPhrase(message.notification)}${message.acknowledgement ? `; ${acknowledgementPhrase(message.acknowledgement)}` : ''}`
    : ''
  return `${indiaTime(message.receivedAt)}  ${message.id}  ${referenceOf(message.id)}  ${handledPhrase(message.handledAt, message.handledBy)}  ${whoWrote(message)}  "${message.subject}"  «${firstLine(message.message)}»  ${language}  ${health}${mails}`
}

/** The width of a terminal `list` fits. */
export const LIST_WIDTH = 120

/** An e-mail about a message that someone must know of; none while it is on its way or sent. */
function mailTrouble(message: MessageRecord): string {
  const stage = mailStage(message.notification)
  if (stage === 'givenUp') return 'E-MAIL GIVEN UP'
  if (stage === 'retrying') return 'e-mail refused'
  return ''
}

/**
 * One line per message to answer, within LIST_WIDTH columns: when, the reference, whether someone
 * answered it, who, the subject and the start of the text, and, with e-mail on, an e-mail in
 * trouble. `show REFERENCE` prints the rest.
 */
function listLine(message: MessageRecord, mailOn: boolean): string {
  const state = message.handledAt ? 'handled' : 'NOT HANDLED'
  const start = `${indiaTime(message.receivedAt)}  ${referenceOf(message.id)}  ${state.padEnd(11)}  `
  const trouble = mailOn ? mailTrouble(message) : ''
  const end = trouble ? `  ${trouble}` : ''
  const who = message.name || message.email || message.phone || '(no name)'
  const about = `${who}  "${message.subject}"  «${firstLine(message.message)}»`
  const room = LIST_WIDTH - start.length - end.length
  return start + (about.length > room ? `${about.slice(0, room - 1).trimEnd()}…` : about) + end
}

/**
 * A message whole, as staff need it to answer: who, what they wrote, how its e-mails went (with
 * e-mail on), then the consent it was sent with.
 */
function whole(message: MessageRecord, mailOn: boolean): string {
  const reference = referenceOf(message.id)
  const {consent} = message
  return [
    `Message ${reference}, received ${indiaTime(message.receivedAt)}`,
    `Handled:         ${message.handledAt ? handledPhrase(message.handledAt, message.handledBy) : `not yet; once answered: npm run messages -- handled ${reference}`}`,
    `Name:            ${message.name || '(not given)'}`,
    `E-mail:          ${message.email || '(not given)'}`,
    `Phone:           ${message.phone || '(not given)'}`,
    `Subject:         ${message.subject || '(not given)'}`,
    `Health details:  ${isTicked(consent, 'healthDetails') ? 'may be used to answer' : 'may NOT be used: answer without them, and ask the visitor first'}`,
    '',
    message.message,
    '',
    ...(mailOn
      ? [
          `E-mail to care:  ${notificationPhrase(message.notification)}`,
          `Acknowledgement: ${acknowledgementPhrase(message.acknowledgement)}`,
        ]
      : []),
    `Language:        ${consent.language} (the contact page it was sent from)`,
    `Consent:         given ${indiaTime(consent.givenAt)}, to the Privacy Policy of ${consent.privacyPolicyUpdated}`,
    ...consent.boxes.map(
      ({box, wording, ticked}) => `  Box ${box} (${ticked ? 'ticked' : 'not ticked'}): ${wording}`,
    ),
    `  Notice above the boxes: ${consent.notice.replaceAll('\n\n', ' ¶ ')}`,
    `Message id:      ${message.id}`,
  ].join('\n')
}

/** The one message a reference (or a whole id) names; a reference two messages share needs the id. */
async function oneMessage(
  store: MessageStore,
  typed: string | undefined,
  mailOn: boolean,
): Promise<MessageRecord> {
  const reference = readReference(typed ?? '')
  if (!reference)
    throw new UsageError(
      `Say which message: its reference, eight characters from 0-9 and A-F such as 0A1B2C3D${typed ? ` ("${typed}" is not one)` : ''}.`,
    )
  const found = await store.findByReference(reference)
  const exact = found.filter((message) => message.id === typed?.trim().toLowerCase())
  const matches = exact.length === 1 ? exact : found
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0)
    throw new NotFound(`No message has the reference ${reference} in ${store.description}.`)
  throw new NotFound(
    `${matches.length} messages have the reference ${reference}; give the whole message id instead:\n${matches.map((message) => recordLine(message, mailOn)).join('\n')}`,
  )
}

async function run(args: string[], io: MessagesIo): Promise<number> {
  const {print, note} = io
  const {positionals, values} = parseArgs({
    args,
    allowPositionals: true,
    options: {
      email: {type: 'string'},
      phone: {type: 'string'},
      since: {type: 'string'},
      by: {type: 'string'},
      yes: {type: 'boolean', short: 'y', default: false},
      help: {type: 'boolean', short: 'h'},
    },
  })
  const [command, argument] = positionals
  if (values.help || !command) {
    print(USAGE)
    return values.help ? 0 : 2
  }
  const {contact} = readConfig(io.env)
  const store = openStore(contact.store)
  // Without SMTP_URL no e-mail is sent: saying "not sent yet" would promise one.
  const mailOn = contact.mail !== undefined
  try {
    switch (command) {
      case 'export': {
        const messages = await store.findFrom(senderOf(values))
        for (const message of messages) note(recordLine(message, mailOn))
        print(JSON.stringify(messages, null, 2))
        return 0
      }
      case 'erase': {
        const sender = senderOf(values)
        const matched = await store.findFrom(sender)
        const count = matched.length
        if (count === 0) {
          print(`No messages from ${describe(sender)} in ${store.description}.`)
          return 0
        }
        for (const message of matched) print(recordLine(message, mailOn))
        if (!values.yes) {
          if (!io.ask) {
            note('Nothing erased: run this at a terminal to be asked, or pass --yes to erase these.')
            return 1
          }
          const these = count === 1 ? 'this message' : `these ${count} messages`
          const answer = await io.ask(`Erase ${these} from ${describe(sender)}? [y/N] `)
          // Only "y" or "yes" is yes.
          if (!/^y(es)?$/i.test(answer.trim())) {
            print('Nothing erased.')
            return 1
          }
        }
        const erased = await store.deleteFrom(sender)
        print(
          `Erased ${erased} message${erased === 1 ? '' : 's'} from ${describe(sender)} in ${store.description}.`,
        )
        return 0
      }
      case 'list': {
        // Without --since: what still needs an answer, however old; with it: everything since then.
        const since = values.since === undefined ? undefined : startOf(values.since)
        const messages = (await store.listSince(since ?? EVER)).filter(
          (message) => since !== undefined || !message.handledAt,
        )
        for (const message of messages) print(listLine(message, mailOn))
        const givenUp = messages.filter(
          (message) => message.notification.gaveUpAt && !message.handledAt,
        ).length
        const notHandled = messages.filter((message) => !message.handledAt).length
        const count = `${messages.length} message${messages.length === 1 ? '' : 's'}`
        print(
          (since === undefined
            ? `${count} not handled`
            : `${count} since ${values.since}, ${notHandled} not handled`) +
            (givenUp
              ? `; the e-mail about ${givenUp} was given up: answer ${givenUp === 1 ? 'it' : 'them'} from here (npm run messages -- show REFERENCE).`
              : '.'),
        )
        return 0
      }
      case 'show': {
        print(whole(await oneMessage(store, argument, mailOn), mailOn))
        return 0
      }
      case 'handled': {
        const message = await oneMessage(store, argument, mailOn)
        const reference = referenceOf(message.id)
        if (message.handledAt) {
          print(
            `Message ${reference} was already marked ${handledPhrase(message.handledAt, message.handledBy)}; nothing changed.`,
          )
          return 0
        }
        const at = io.now().toISOString()
        const by = values.by?.trim() || undefined
        await store.setHandled(message.id, {at, ...(by ? {by} : {})})
        print(
          `Message ${reference} (${whoWrote(message) || 'no name given'}, "${message.subject}") is marked ${handledPhrase(at, by)}.`,
        )
        return 0
      }
      case 'unhandled': {
        const message = await oneMessage(store, argument, mailOn)
        const reference = referenceOf(message.id)
        if (!message.handledAt) {
          print(`Message ${reference} is not marked handled; nothing changed.`)
          return 0
        }
        await store.setHandled(message.id, null)
        print(`Message ${reference} is marked not handled again: it needs an answer.`)
        return 0
      }
      default:
        throw new UsageError(`Unknown command "${command}".`)
    }
  } finally {
    store.close()
  }
}

/**
 * Runs the command `args` (as typed after `npm run messages --`) and returns its exit code: 0 done,
 * 1 nothing done (no such message, an erase not confirmed), 2 a mistake in the command or a store
 * that cannot be read. Every problem is said through `note`; nothing is thrown.
 */
export async function messagesCommand(args: string[], io: MessagesIo): Promise<number> {
  try {
    return await run(args, io)
  } catch (error) {
    if (error instanceof UsageError) io.note(`${error.message}\n\n${USAGE}`)
    else if (error instanceof ConfigError || error instanceof NotFound) io.note(error.message)
    else
      io.note(
        `The message store could not be read: ${error instanceof Error ? error.message : String(error)}`,
      )
    return error instanceof NotFound ? 1 : 2
  }
}
