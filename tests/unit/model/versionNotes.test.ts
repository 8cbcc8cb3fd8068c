import {describe, expect, it} from 'vitest'
import {
  historyWordProblem,
  notesAsShown,
  planNote,
  POLICY_HISTORY_WORDS,
  versionNoteProblems,
} from '../../../model/policyVersions'
import {policyVersionSchema} from '../../../src/content/schemas'
import {bundledDocuments, documentById} from '../../support/dataset'

const dataset = bundledDocuments()
/** 3 pm in India on 1 December 2026. */
const NOW = new Date('2026-12-01T09:30:00Z')
const NOTE = 'The summary above leaves out that this version also changed who may ask for a refund.'
const words = (id: string) => documentById(dataset, id).policyHistory as {noteAdded: string}

describe('a note of correction', () => {
  it('is refused, in words staff understand, when empty, too short or too long', () => {
    expect(versionNoteProblems('  ')).toEqual([
      'Write the note: readers see it with the version, with the date it was added.',
    ])
    expect(versionNoteProblems(' Oops. ')[0]).toMatch(/too short.*at least 10/)
    expect(versionNoteProblems('x'.repeat(501))[0]).toMatch(/at most 500/)
    expect(versionNoteProblems('x'.repeat(500))).toEqual([])
  })

  it("is added after the earlier ones, at the Content Lake's time, in the staff's words trimmed", () => {
    const earlier = {
      _key: 'first',
      addedAt: '2026-11-25T09:30:00.000Z',
      text: 'An earlier note of correction.',
    }
    const plan = planNote({notes: [earlier], text: `  ${NOTE}\n`, now: NOW, key: 'second'})
    expect(plan).toEqual({
      ok: true,
      notes: [earlier, {_key: 'second', _type: 'versionNote', addedAt: NOW.toISOString(), text: NOTE}],
    })
    expect(planNote({notes: [earlier], text: NOTE, now: NOW, key: 'first'})).toMatchObject({ok: false})
    expect(planNote({notes: undefined, text: 'short', now: NOW, key: 'k'})).toMatchObject({ok: false})
  })

  it('is shown with the day it was added in India, in the words of each language', () => {
    // 11:30 pm UTC on 30 November is 1 December in India.
    const version = {notes: [{addedAt: '2026-11-30T23:30:00.000Z', text: NOTE}]}
    expect(notesAsShown(version, words('siteSettings'), 'en')).toEqual([
      `Note added on 1 December 2026: ${NOTE}`,
    ])
    expect(notesAsShown(version, words('siteSettings__i18n_hi'), 'hi')).toEqual([
      `1 दिसंबर 2026 को जोड़ी गई टिप्पणी: ${NOTE}`,
    ])
    expect(notesAsShown(version, words('siteSettings__i18n_te'), 'te')).toEqual([
      `1 డిసెంబర్ 2026న చేర్చిన గమనిక: ${NOTE}`,
    ])
    expect(notesAsShown({}, words('siteSettings'), 'en')).toEqual([])
  })

  it('has words whose example and bundled translations place the date', () => {
    expect(POLICY_HISTORY_WORDS.noteAdded.example).toBe('Note added on {date}:')
    for (const id of ['siteSettings', 'siteSettings__i18n_hi', 'siteSettings__i18n_te'])
      expect(historyWordProblem('noteAdded', words(id).noteAdded), id).toBeUndefined()
  })
})

describe('a recorded version with a note', () => {
  it('reads on the site with its note, word for word', () => {
    const version = dataset.find((document) => document._type === 'policyVersion')!
    const notes = [{_key: 'k1', _type: 'versionNote', addedAt: NOW.toISOString(), text: NOTE}]
    expect(policyVersionSchema.parse({...version, notes}).notes[0]!.text).toBe(NOTE)
  })
})
