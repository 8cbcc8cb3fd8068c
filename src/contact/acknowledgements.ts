import type {ContactConfig} from '../config/index.ts'
import {slidingWindowLimiter, type RateLimiter} from './rateLimit.ts'

/** Providers that deliver "first.last" to "firstlast": a dot in the name is no other mailbox. */
const DOTS_IGNORED: Record<string, string> = {'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com'}

/**
 * The inbox an address delivers to, for the cap per recipient: case ignored, a "+tag" dropped
 * (every large provider delivers "victim+1@" to "victim@"), and at Gmail the dots in the name too.
 * Otherwise one inbox could be sent an acknowledgement for every tag, up to the overall cap.
 */
export function mailboxOf(email: string): string {
  const address = email.toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  const domain = address.slice(at + 1)
  const local = address.slice(0, at).split('+', 1)[0]!
  const provider = DOTS_IGNORED[domain]
  return provider ? `${local.replaceAll('.', '')}@${provider}` : `${local}@${domain}`
}

/** The caps on acknowledgements: per recipient (their mailbox, mailboxOf) and in all. */
export interface AcknowledgementCaps {
  perRecipient: RateLimiter
  overall: RateLimiter
}

/** The caps the configuration sets (CONTACT_ACK_PER_RECIPIENT, CONTACT_ACK_MAX, CONTACT_ACK_WINDOW_SECONDS). */
export const acknowledgementCaps = ({
  perRecipient,
  overall,
  windowSeconds,
}: ContactConfig['acknowledgementCaps']): AcknowledgementCaps => ({
  perRecipient: slidingWindowLimiter(perRecipient, windowSeconds),
  overall: slidingWindowLimiter(overall, windowSeconds, 1),
})

/**
 * Whether a message to this address may be acknowledged now: within the cap for the address and
 * the cap for all. A message past either is stored and reaches customer care all the same; the
 * log hears that one went unacknowledged. Without caps, every address may be.
 */
export function acknowledgementAllowance(
  caps: AcknowledgementCaps | undefined,
  {now, log}: {now: () => Date; log: (line: string) => void},
): (email: string) => boolean {
  if (!caps) return () => true
  return (email) => {
    const at = now().getTime()
    const allowed =
      caps.perRecipient.take(mailboxOf(email), at).allowed && caps.overall.take('all', at).allowed
    if (!allowed)
      log('A message is stored without an acknowledgement: the cap on acknowledgements was reached.')
    return allowed
  }
}
