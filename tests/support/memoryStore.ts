import {CONSENT_BOX_NAMES, CONSENT_BOXES, type ConsentBox} from '../../model/contactForm'
import {shownConsent, type ShownConsent} from '../../src/contact/consent'
import type {ContactContent} from '../../src/contact/service'
import {isFrom, referenceOf, type Mail, type MessageRecord, type MessageStore} from '../../src/contact/store'

export interface MemoryStore extends MessageStore {
  /** Every stored message by id, in the order they were stored, with its e-mail's state. */
  readonly messages: Map<string, MessageRecord>
  readonly closed: boolean
  /** Makes every later `save` throw, as a store that cannot be reached does. */
  breakSaves(error?: Error): void
  /** Makes `save` work again, as a disk with room again does. */
  mendSaves(): void
}

/** A MessageStore in memory, keeping the same promises as the SQLite and Sanity stores. */
export function memoryStore(): MemoryStore {
  const messages = new Map<string, MessageRecord>()
  let saveError: Error | undefined
  let closed = false
  const kept = (id: string) => {
    const message = messages.get(id)
    if (!message) throw new Error(`No message ${id} in the store`)
    return message
  }
  const stateOf = (mail: Mail, id: string) => {
    const state = kept(id)[mail]
    if (!state) throw new Error(`Message ${id} is owed no ${mail}`)
    return state
  }
  const oldestFirst = (list: MessageRecord[]) =>
    list.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt)).map((message) => structuredClone(message))
  const remove = (list: MessageRecord[]) => {
    for (const {id} of list) messages.delete(id)
    return list.length
  }
  return {
    description: 'the in-memory test store',
    messages,
    get closed() {
      return closed
    },
    breakSaves(error = new Error('the store cannot be reached')) {
      saveError = error
    },
    mendSaves() {
      saveError = undefined
    },
    async save(message, {acknowledge} = {acknowledge: false}) {
      if (saveError) throw saveError
      const reference = referenceOf(message.id)
      const found =
        [...messages.values()].find(
          (kept) => message.submission && kept.submission?.key === message.submission.key,
        ) ??
        [...messages.values()].find((kept) => kept.id === message.id || referenceOf(kept.id) === reference)
      if (found)
        return {
          stored: false,
          existing: {id: found.id, ...(found.submission ? {submission: found.submission} : {})},
        }
      messages.set(message.id, {
        ...structuredClone(message),
        notification: {attempts: 0},
        ...(acknowledge ? {acknowledgement: {attempts: 0}} : {}),
      })
      return {stored: true}
    },
    async dueFor(mail, now, limit) {
      return oldestFirst(
        [...messages.values()].filter((message) => {
          const state = message[mail]
          return (
            state !== undefined &&
            !state.notifiedAt &&
            !state.gaveUpAt &&
            (!state.nextAttemptAt || state.nextAttemptAt <= now)
          )
        }),
      ).slice(0, limit)
    },
    async markSent(mail, id, at) {
      stateOf(mail, id).notifiedAt = at
    },
    async recordRefusal(mail, id, {error, nextAttemptAt, gaveUpAt}) {
      const state = stateOf(mail, id)
      state.attempts++
      state.lastError = error
      if (nextAttemptAt) state.nextAttemptAt = nextAttemptAt
      if (gaveUpAt) state.gaveUpAt = gaveUpAt
    },
    async deleteReceivedBefore(cutoff) {
      return remove([...messages.values()].filter((message) => message.receivedAt < cutoff))
    },
    async findFrom(sender) {
      return oldestFirst([...messages.values()].filter((message) => isFrom(message, sender)))
    },
    async deleteFrom(sender) {
      return remove([...messages.values()].filter((message) => isFrom(message, sender)))
    },
    async listSince(since) {
      return oldestFirst([...messages.values()].filter((message) => message.receivedAt >= since))
    },
    async findByReference(reference) {
      return oldestFirst(
        [...messages.values()].filter((message) => referenceOf(message.id) === reference.toUpperCase()),
      )
    },
    async setHandled(id, handled) {
      const message = kept(id)
      delete message.handledAt
      delete message.handledBy
      if (handled) Object.assign(message, {handledAt: handled.at}, handled.by ? {handledBy: handled.by} : {})
    },
    async countUnseen(waitingSince) {
      const unseen = [...messages.values()].filter((message) => !message.handledAt)
      return {
        emailGivenUp: unseen.filter(({notification}) => notification.gaveUpAt).length,
        emailWaiting: unseen.filter(
          ({notification, receivedAt}) =>
            !notification.notifiedAt && !notification.gaveUpAt && receivedAt < waitingSince,
        ).length,
      }
    },
    close() {
      closed = true
    },
  }
}

/**
 * Words beside every box the model has (model/contactForm.ts), made by `words`: a test page shows
 * each box, so a new box needs no test edited.
 */
export const boxLabels = (words: (box: ConsentBox) => string) =>
  Object.fromEntries(CONSENT_BOX_NAMES.map((box) => [`${box}Label`, words(box)])) as Record<
    `${ConsentBox}Label`,
    string
  >

/** The words beside the boxes on the test content's English page. */
export const ENGLISH_LABELS = boxLabels((box) => `The English words beside the ${box} box.`)

/** Whether a box must be ticked to send: the boxes a message from a form the visitor filled in has ticked. */
export const isRequiredBox = (box: ConsentBox) => CONSENT_BOXES[box].requiredError !== undefined

/** The privacy notice above the boxes on the test content's English page, as printed. */
export const ENGLISH_NOTICE =
  'What happens to your message\n\nWe delete your message, and its copies in our mailboxes, 12 months after it reaches us.'

/** The test content's English Contact page: Privacy Policy version 4, the notice and the words above. */
export const ENGLISH_PAGE: ShownConsent = shownConsent({
  language: 'en',
  privacyVersion: 4,
  privacyPolicyUpdated: '2026-11-23',
  notice: ENGLISH_NOTICE,
  labels: ENGLISH_LABELS,
})

/** What a form on `page` sends with each message besides its fields, as the island sends it. */
export const sentFrom = (page: ShownConsent) => ({
  ...(page.privacyVersion === null ? {} : {privacyVersion: page.privacyVersion}),
  language: page.language,
  wordings: page.digest,
})

/** What a build's content gives the contact service, as the bundled dataset has it. */
export function contactContent(overrides: Partial<ContactContent> = {}): ContactContent {
  return {
    customerCareEmail: 'care@medistay.example',
    shown: [ENGLISH_PAGE],
    retentionMonths: 12,
    acknowledgement: {
      subject: 'We have received your message',
      body: 'Thank you for writing to us. If you did not, ignore this e-mail.',
      referenceLabel: 'Your reference:',
    },
    sentPage: {
      title: 'Message sent',
      message: 'Thank you. We have received your message.',
      referenceLabel: 'Your reference:',
      backLabel: 'Back to the contact page',
    },
    notStored: 'Your message could not be kept just now. Press Back and send it again.',
    languages: {},
    ...overrides,
  }
}
