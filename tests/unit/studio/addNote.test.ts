import {describe, expect, it} from 'vitest'
import type {PolicyVersionDocument} from '../../../model/policyVersions'
import {noteErrorMessage, noteInWords, noteMutation, noteRead} from '../../../studio/actions/addNote'
import {bundledDocuments, documentById} from '../../support/dataset'

/** A recorded Refund Policy version the test makes: number 4, from 23 November 2026, with a note already. */
const refund4 = {
  ...(documentById(bundledDocuments(), 'policyVersion-refundPolicy-1') as unknown as PolicyVersionDocument),
  _id: 'policyVersion-refundPolicy-4',
  number: 4,
  effectiveDate: '2026-11-23',
  recordedAt: '2026-11-22T04:30:00.000Z',
  notes: [{_key: 'k1', _type: 'versionNote', addedAt: '2026-11-25T09:30:00.000Z', text: 'An earlier note.'}],
} as PolicyVersionDocument
/** 3 pm in India on 1 December 2026. */
const NOW = new Date('2026-12-01T09:30:00Z')
const NOTE = 'The summary above leaves out that this version also changed who may ask for a refund.'

describe('"Add a note of correction" in Studio', () => {
  const stored = {...refund4, _rev: 'rev-1'}

  it('appends the note in one patch locked to the revision read, keeping the earlier notes', () => {
    const planned = noteMutation(stored, {text: NOTE, now: NOW, key: 'k2'})
    expect(planned).toEqual({
      ok: true,
      mutation: {
        patch: {
          id: 'policyVersion-refundPolicy-4',
          ifRevisionID: 'rev-1',
          set: {
            notes: [
              ...refund4.notes!,
              {_key: 'k2', _type: 'versionNote', addedAt: NOW.toISOString(), text: NOTE},
            ],
          },
        },
      },
    })
    expect(noteMutation(stored, {text: '', now: NOW, key: 'k2'})).toMatchObject({ok: false})
  })

  it("dates the note by the Content Lake's clock only, and says what happens before staff write", () => {
    expect(() => noteRead({now: null, version: stored})).toThrow(/did not say what time/)
    expect(noteRead({now: NOW.toISOString(), version: null})).toEqual({now: NOW, version: null})
    expect(noteInWords(refund4)).toMatch(
      /^Refund and Cancellation Policy, version 4 \(from 23 November 2026\) stays as it was recorded\./,
    )
    expect(noteErrorMessage({statusCode: 409})).toMatch(/Nothing was added/)
    expect(noteErrorMessage(new Error('offline'))).toBe(
      'The note could not be added (offline). Nothing changed; try again.',
    )
  })
})
