import {describe, expect, it} from 'vitest'
import {
  acknowledgementPhrase,
  firstLine,
  handledPatch,
  handledPhrase,
  inboxSubtitle,
  shownMailStage,
  indiaTime,
  notificationPhrase,
} from '../../../model/contactMessages'

describe('how a contact message stands, in the words of `npm run messages` and the Inbox', () => {
  it('gives times in India time with the offset, whatever the clock of the server', () => {
    expect(indiaTime('2026-11-24T12:35:00.000Z')).toBe('2026-11-24 18:05 +05:30')
    // 20:00 in London on 30 November is already 1 December in India.
    expect(indiaTime('2026-11-30T20:00:00Z')).toBe('2026-12-01 01:30 +05:30')
    expect(indiaTime('not a time')).toBe('not a time')
  })

  it('says how the e-mail to customer care went, naming a given-up one loudly with what to do', () => {
    expect(notificationPhrase({attempts: 0})).toBe('e-mail not sent yet')
    expect(notificationPhrase({attempts: 0, notifiedAt: '2026-11-24T12:35:00Z'})).toBe(
      'e-mailed 2026-11-24 18:05 +05:30',
    )
    expect(
      notificationPhrase({attempts: 1, lastError: '451 try later', nextAttemptAt: '2026-11-24T12:36:00Z'}),
    ).toBe('e-mail refused once, next try after 2026-11-24 18:06 +05:30')
    expect(
      notificationPhrase({
        attempts: 8,
        lastError: '550 mailbox unavailable',
        gaveUpAt: '2026-11-24T14:00:00Z',
      }),
    ).toBe(
      'E-MAIL GIVEN UP after 8 refusals (550 mailbox unavailable): nobody was e-mailed about it: read it here and answer it',
    )
  })

  it('says how the acknowledgement to the sender went, or that none is owed', () => {
    expect(acknowledgementPhrase(undefined)).toBe('no acknowledgement owed')
    expect(acknowledgementPhrase({attempts: 0})).toBe('acknowledgement not sent yet')
    expect(acknowledgementPhrase({attempts: 2, nextAttemptAt: '2026-11-24T12:40:00Z'})).toBe(
      'acknowledgement refused 2 times, next try after 2026-11-24 18:10 +05:30',
    )
    expect(acknowledgementPhrase({attempts: 0, notifiedAt: '2026-11-24T12:35:00Z'})).toBe(
      'acknowledged 2026-11-24 18:05 +05:30',
    )
  })

  it('says whether someone answered it, who and when', () => {
    expect(handledPhrase(undefined)).toBe('NOT HANDLED')
    expect(handledPhrase('2026-11-24T12:35:00Z')).toBe('handled 2026-11-24 18:05 +05:30')
    expect(handledPhrase('2026-11-24T12:35:00Z', 'Priya')).toBe('handled 2026-11-24 18:05 +05:30 by Priya')
  })

  it("shows a message's first line, shortened", () => {
    expect(firstLine('\n  Which hospitals?\nSecond line')).toBe('Which hospitals?')
    expect(firstLine('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`)
  })

  it('marks a document handled or not with a patch that never sets and unsets one field', () => {
    expect(handledPatch({at: '2026-11-24T12:35:00Z', by: 'Priya'})).toEqual({
      set: {handledAt: '2026-11-24T12:35:00Z', handledBy: 'Priya'},
      unset: [],
    })
    expect(handledPatch({at: '2026-11-24T12:35:00Z'})).toEqual({
      set: {handledAt: '2026-11-24T12:35:00Z'},
      unset: ['handledBy'],
    })
    expect(handledPatch(null)).toEqual({set: {}, unset: ['handledAt', 'handledBy']})
  })

  it('lists a message in the Inbox with its reference, sender, India time, e-mail state and handled state', () => {
    expect(
      inboxSubtitle({
        submissionId: '0a1b2c3d-0000-4000-8000-000000000000',
        name: 'Asha Menon',
        receivedAt: '2026-11-24T12:35:00Z',
        notification: {attempts: 8, gaveUpAt: '2026-11-24T14:00:00Z'},
      }),
    ).toBe('0A1B2C3D · Asha Menon · 2026-11-24 18:05 +05:30 · E-mail given up · Not handled')
    expect(
      inboxSubtitle({
        email: 'asha@example.com',
        notification: {notifiedAt: '2026-11-24T12:36:00Z', attempts: null, gaveUpAt: null},
        handledAt: '2026-11-25T04:00:00Z',
      }),
    ).toBe('asha@example.com · E-mailed · Handled')
  })

  it('never says an e-mail is still to come in the Inbox list, which cannot ask the site whether it sends e-mail', () => {
    expect(inboxSubtitle({name: 'Asha Menon', notification: {attempts: 0}})).toBe('Asha Menon · Not handled')
  })

  it('says an e-mail is not sent yet only where the site says it sends e-mail; what happened to one, always', () => {
    const waiting = {attempts: 0}
    expect(shownMailStage(waiting, true)).toBe('waiting')
    expect(shownMailStage(waiting, false)).toBeUndefined()
    expect(shownMailStage(waiting, undefined)).toBeUndefined()
    for (const emailsCustomerCare of [true, false, undefined]) {
      expect(shownMailStage({notifiedAt: '2026-11-24T12:36:00Z'}, emailsCustomerCare)).toBe('sent')
      expect(shownMailStage({attempts: 2}, emailsCustomerCare)).toBe('retrying')
      expect(shownMailStage({attempts: 8, gaveUpAt: '2026-11-24T14:00:00Z'}, emailsCustomerCare)).toBe(
        'givenUp',
      )
    }
  })
})
