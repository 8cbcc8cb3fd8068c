import {randomUUID} from 'node:crypto'
import type {MessageRecord, StoredMessage} from '../../src/contact/store'
import {marker} from './contact'

/** The privacy notice's date and the boxes beside it, as a stored message carries them. */
export const CONSENT = {
  language: 'en',
  privacyPolicyUpdated: '2026-11-23',
  notice:
    'What happens to your message\n\nThis form collects your name, e-mail address, phone number, subject and message.',
  boxes: [
    {
      box: 'consent',
      wording: 'I agree that MediStay India may use what I write here, to reply to me.',
      ticked: true,
    },
    {
      box: 'ageConfirmation',
      wording: 'I am 18 or over, or the parent or lawful guardian of the person this message is about.',
      ticked: true,
    },
    {
      box: 'healthDetails',
      wording: 'Optional: MediStay India may use the health details in my message to answer it.',
      ticked: false,
    },
  ],
}

let made = 0

/**
 * A message as the service stores it, the consent given when it arrived. Unless a test says when,
 * each arrives a second after the one made before it.
 */
export function storedMessage(overrides: Partial<StoredMessage> = {}): StoredMessage {
  const receivedAt = overrides.receivedAt ?? new Date(Date.UTC(2026, 2, 1, 10) + ++made * 1000).toISOString()
  const ref = marker()
  return {
    id: randomUUID(),
    receivedAt,
    name: 'Asha Menon',
    email: 'asha.menon@example.com',
    phone: '+91 98765 43210',
    subject: `Knee surgery in Hyderabad (${ref})`,
    message: `Which hospitals do you work with? (${ref})`,
    consent: {givenAt: receivedAt, ...CONSENT},
    ...overrides,
  }
}

/** How a store gives back a message whose e-mail has not been tried yet. */
export const asRecord = (message: StoredMessage): MessageRecord => ({...message, notification: {attempts: 0}})

/** An ISO time `days` days before now. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString()
