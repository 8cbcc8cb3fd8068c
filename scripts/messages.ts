// Contact messages, for whoever answers them and for requests about personal data, whichever store
// the site uses (the SQLite file or Sanity, as the same variables as the server choose). Times are
// India time, with the offset ("2026-11-24 18:05 +05:30").
//
//   npm run messages -- list                        every message not yet handled, one per line, oldest first:
//                                                   its reference, the first line of its text, how its
//                                                   e-mails went
//   npm run messages -- list --since 2026-11-01     every message since that day (India time), handled or not
//   npm run messages -- show REFERENCE              one message, whole (the reference its sender was given)
//   npm run messages -- handled REFERENCE [--by NAME]   record that someone answered it
//   npm run messages -- unhandled REFERENCE         take that back: it needs an answer again
//   npm run messages -- export --email ADDRESS      every message from that address, as JSON
//   npm run messages -- export --phone NUMBER       the same, by phone number
//   npm run messages -- erase --email ADDRESS       delete them: asks a person at a terminal first;
//                                                   elsewhere (a script, a pipe) only with --yes
//
// Runs on Node 24 as plain TypeScript. What each command does is in src/contact/messagesCommand.ts;
// this file only connects it to the terminal.
import {createInterface} from 'node:readline/promises'
import {messagesCommand} from '../src/contact/messagesCommand.ts'

/** Asks the person at the terminal. */
async function ask(question: string): Promise<string> {
  const prompt = createInterface({input: process.stdin, output: process.stdout})
  try {
    return await prompt.question(question)
  } finally {
    prompt.close()
  }
}

// A person is there to ask only when both the question and the answer go through a terminal.
const atTerminal = Boolean(process.stdin.isTTY && process.stdout.isTTY)

process.exitCode = await messagesCommand(process.argv.slice(2), {
  env: process.env,
  print: (text) => console.log(text),
  note: (text) => console.error(text),
  now: () => new Date(),
  ...(atTerminal ? {ask} : {}),
})
