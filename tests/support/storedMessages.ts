import {randomUUID} from 'node:crypto'
import type {MessageRecord, StoredMessage} from '../../src/contact/store'
import {marker} from './contact'

/** The words beside the consent box and the privacy notice's date, as a stored message carries them. */
export const CONSENT = {
  privacyPolicyUpdated: '2026-11-23',
  wording: 'I agree that MediStay India may use what I write here, to reply to me.',
  ageConfirmationWording:
    'I am 18 or over, or the parent or lawful guardian of the person this message is about.',
  healthDetailsAllowed: false,
  healthDetailsWording: 'Optional: MediStay India may use the health details in my message to answer it.',
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
