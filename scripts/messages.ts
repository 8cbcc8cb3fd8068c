// Contact messages, for the people who answer requests about personal data, whichever store the
// site uses (the SQLite file or Sanity, as the same variables as the server choose):
//
//   npm run messages -- export --email ADDRESS      every message from that address, as JSON
//   npm run messages -- export --phone NUMBER       the same, by phone number
//   npm run messages -- erase --email ADDRESS       delete them: asks a person at a terminal first;
//                                                   elsewhere (a script, a pipe) only with --yes
//   npm run messages -- list --since 2026-11-01     every message since that day (India time), one per line,
//                                                   with the reference its sender was given
//
// export and erase first show what they matched, one line per message, so that staff see whose
// messages they are about to hand over or erase (export on stderr: its JSON stays whole for a program).
// A phone number without its country code is Indian: "098765 43210" is +91 98765 43210.
//
// Runs on Node 24 as plain TypeScript.
import {existsSync} from 'node:fs'
import {createInterface} from 'node:readline/promises'
import {parseArgs} from 'node:util'
import {ConfigError, readConfig} from '../src/config/index.ts'
import {messageStoreFromConfig} from '../src/contact/service.ts'
import {
  isTicked,
  referenceOf,
  type MessageRecord,
  type NotificationState,
  type Sender,
} from '../src/contact/store.ts'

const USAGE = `Usage:
  npm run messages -- export (--email ADDRESS | --phone NUMBER)
  npm run messages -- erase (--email ADDRESS | --phone NUMBER) [--yes]
  npm run messages -- list --since DATE`

class UsageError extends Error {}

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
function openStore() {
  const {store} = readConfig(process.env).contact
  if (store.kind === 'sqlite' && !existsSync(store.path))
    throw new UsageError(
      `There is no message store at ${store.path}. Run this in the site's folder with the server's variables (CONTACT_DB_PATH, or the Sanity ones).`,
    )
  return messageStoreFromConfig(store)
}

const describe = (sender: Sender) => (sender.email !== undefined ? sender.email : `phone ${sender.phone}`)

/** How the e-mail to customer care about a message went. */
function notificationState(n: NotificationState): string {
  if (n.notifiedAt) return `e-mailed ${n.notifiedAt}`
  if (n.gaveUpAt)
    return `E-MAIL GIVEN UP after ${n.attempts} refusals (${n.lastError ?? 'no reason given'}): reply from here`
  if (n.attempts > 0) return `e-mail refused ${n.attempts} times, next try after ${n.nextAttemptAt}`
  return 'e-mail not sent yet'
}

/** How the acknowledgement to the sender went; nothing when none is owed. */
function acknowledgementState(a: NotificationState | undefined): string {
  if (!a) return ''
  if (a.notifiedAt) return `; acknowledged ${a.notifiedAt}`
  if (a.gaveUpAt)
    return `; acknowledgement given up after ${a.attempts} refusals (${a.lastError ?? 'no reason given'})`
  if (a.attempts > 0)
    return `; acknowledgement refused ${a.attempts} times, next try after ${a.nextAttemptAt}`
  return '; acknowledgement not sent yet'
}

/**
 * One line per message: when, id, the reference the sender was given, who, subject, the language of
 * the page it was sent from, whether the health details may be used, and how its e-mails went.
 */
function line(message: MessageRecord): string {
  const who = [message.name, message.email, message.phone].filter(Boolean).join(', ')
  // A message stored before forms said their language came from the English page.
  const language = `language ${message.consent.language ?? 'en'}`
  const health = `health details ${isTicked(message.consent, 'healthDetails') ? 'may' : 'may NOT'} be used`
  return `${message.receivedAt}  ${message.id}  ${referenceOf(message.id)}  ${who}  "${message.subject}"  ${language}  ${health}  ${notificationState(message.notification)}${acknowledgementState(message.acknowledgement)}`
}

/**
 * Whether there is a person to ask, reading the question and typing the answer. An answer piped in
 * is whatever ran before, not anyone's decision, so without a terminal only --yes erases.
 */
const atTerminal = () => Boolean(process.stdin.isTTY && process.stdout.isTTY)

/** Asks the person at the terminal; only "y" or "yes" is yes. */
async function confirmed(question: string): Promise<boolean> {
  const prompt = createInterface({input: process.stdin, output: process.stdout})
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim())
  } finally {
    prompt.close()
  }
}

async function main(): Promise<number> {
  const {positionals, values} = parseArgs({
    allowPositionals: true,
    options: {
      email: {type: 'string'},
      phone: {type: 'string'},
      since: {type: 'string'},
      yes: {type: 'boolean', short: 'y', default: false},
      help: {type: 'boolean', short: 'h'},
    },
  })
  const [command] = positionals
  if (values.help || !command) {
    console.log(USAGE)
    return values.help ? 0 : 2
  }
  const store = openStore()
  try {
    switch (command) {
      case 'export': {
        const messages = await store.findFrom(senderOf(values))
        for (const message of messages) console.error(line(message))
        console.log(JSON.stringify(messages, null, 2))
        return 0
      }
      case 'erase': {
        const sender = senderOf(values)
        const matched = await store.findFrom(sender)
        const count = matched.length
        if (count === 0) {
          console.log(`No messages from ${describe(sender)} in ${store.description}.`)
          return 0
        }
        for (const message of matched) console.log(line(message))
        if (!values.yes) {
          if (!atTerminal()) {
            console.error('Nothing erased: run this at a terminal to be asked, or pass --yes to erase these.')
            return 1
          }
          const these = count === 1 ? 'this message' : `these ${count} messages`
          if (!(await confirmed(`Erase ${these} from ${describe(sender)}?`))) {
            console.log('Nothing erased.')
            return 1
          }
        }
        const erased = await store.deleteFrom(sender)
        console.log(
          `Erased ${erased} message${erased === 1 ? '' : 's'} from ${describe(sender)} in ${store.description}.`,
        )
        return 0
      }
      case 'list': {
        const messages = await store.listSince(startOf(values.since))
        for (const message of messages) console.log(line(message))
        const givenUp = messages.filter((message) => message.notification.gaveUpAt).length
        console.log(
          `${messages.length} message${messages.length === 1 ? '' : 's'} since ${values.since}` +
            (givenUp
              ? `; the e-mail about ${givenUp} was given up: answer ${givenUp === 1 ? 'it' : 'them'} from here.`
              : '.'),
        )
        return 0
      }
      default:
        throw new UsageError(`Unknown command "${command}".`)
    }
  } finally {
    store.close()
  }
}

try {
  process.exitCode = await main()
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`)
  else if (error instanceof ConfigError) console.error(error.message)
  else
    console.error(
      `The message store could not be read: ${error instanceof Error ? error.message : String(error)}`,
    )
  process.exitCode = 2
}
