import {randomUUID} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {CONSENT_BOX_NAMES, CONSENT_BOXES} from '../../../model/contactForm'
import {
  acceptSubmission,
  servedPages,
  type AcceptedSubmission,
  type Submission,
} from '../../../src/contact/submission'
import {contactContent, ENGLISH_PAGE, sentFrom} from '../../support/memoryStore'
import {validFields} from '../../support/contact'

const FIRST_SENT = new Date('2026-03-01T10:00:00.000Z')

/** The boxes that must be ticked to send, ticked; the others left as they are. */
const requiredTicked = Object.fromEntries(
  CONSENT_BOX_NAMES.filter((box) => CONSENT_BOXES[box].requiredError).map((box) => [box, true]),
)
const everyBoxTicked = Object.fromEntries(CONSENT_BOX_NAMES.map((box) => [box, true]))

/** What the island sends from the English page of the test content. */
const fromIsland = (fields: Record<string, unknown>, submissionId: string): Submission => ({
  fields: {...requiredTicked, ...fields},
  website: '',
  submissionId,
  ...sentFrom(ENGLISH_PAGE),
})

/** The post as the service takes it at `at`. */
function acceptedAt(submission: Submission, at: Date): AcceptedSubmission {
  const pages = servedPages(() => contactContent(), [])
  const accepted = acceptSubmission(submission, {pages, now: () => at})
  if ('kind' in accepted) throw new Error(`The post was refused: ${accepted.kind}`)
  return accepted
}

describe('a send the island repeats after a timeout', () => {
  const submissionId = randomUUID()
  const fields = validFields()

  it('is the same send when it arrives later with the same words: when it arrived is no part of it', () => {
    const first = acceptedAt(fromIsland(fields, submissionId), FIRST_SENT)
    const repeat = acceptedAt(fromIsland(fields, submissionId), new Date(FIRST_SENT.getTime() + 90_000))
    expect(repeat.message.receivedAt).not.toBe(first.message.receivedAt)
    expect(repeat.message.submission).toEqual(first.message.submission)
  })

  it('is another send under the same name when a word differs, or a box the sender may leave is ticked', () => {
    const first = acceptedAt(fromIsland(fields, submissionId), FIRST_SENT)
    const reworded = acceptedAt(
      fromIsland({...fields, message: `${fields.message}.`}, submissionId),
      FIRST_SENT,
    )
    const ticked = acceptedAt(fromIsland({...fields, ...everyBoxTicked}, submissionId), FIRST_SENT)
    for (const other of [reworded, ticked]) {
      expect(other.message.submission?.key).toBe(first.message.submission?.key)
      expect(other.message.submission?.digest).not.toBe(first.message.submission?.digest)
    }
  })
})
