import {describe, expect, it} from 'vitest'
import {daysAfter} from '../../../model/policyVersions'
import {formatDate} from '../../../model/dates'
import {
  chosenDayMeaning,
  DRAFT_GONE_MESSAGE,
  publishDialogView,
  RECORDS_NOTHING_MESSAGE,
  SETTLING_MESSAGE,
  VALIDATION_ERRORS_MESSAGE,
  withShortNoticeReason,
  type PublishDialogState,
} from '../../../studio/actions/publishDialog'

/** A dialog whose note is fine, with Studio done saving and checking, nothing pressed yet. */
const OPEN: PublishDialogState = {
  draftGone: false,
  plan: 'ok',
  settling: false,
  hasErrors: false,
  pressed: false,
  saving: false,
}

describe('the Record this change dialog', () => {
  it('keeps Publish and record pressable while Studio saves and checks the last edit, and says nothing of it', () => {
    for (const settling of [false, true])
      expect(publishDialogView({...OPEN, settling})).toEqual({
        message: undefined,
        confirm: 'enabled',
        cancel: true,
        publishNow: false,
      })
  })

  it('remembers a press while the last edit is being saved or checked, says so, and publishes once it is', () => {
    const waiting = publishDialogView({...OPEN, settling: true, pressed: true})
    expect(waiting).toEqual({message: SETTLING_MESSAGE, confirm: 'busy', cancel: true, publishNow: false})
    expect(publishDialogView({...OPEN, settling: false, pressed: true})).toMatchObject({
      confirm: 'busy',
      publishNow: true,
    })
  })

  it('publishes a press at once when Studio has nothing left to save', () => {
    expect(publishDialogView({...OPEN, pressed: true})).toMatchObject({message: undefined, publishNow: true})
  })

  it('is busy and cannot be cancelled while the publish is under way', () => {
    expect(publishDialogView({...OPEN, saving: true})).toEqual({
      message: undefined,
      confirm: 'busy',
      cancel: false,
      publishNow: false,
    })
  })

  it("greys the button while the note has problems: the planner's problems say why", () => {
    expect(publishDialogView({...OPEN, plan: 'refused'})).toMatchObject({
      message: undefined,
      confirm: 'disabled',
    })
  })

  it('says why it cannot publish when the draft is gone or no longer records a version', () => {
    expect(publishDialogView({...OPEN, draftGone: true})).toMatchObject({
      message: DRAFT_GONE_MESSAGE,
      confirm: 'disabled',
    })
    expect(publishDialogView({...OPEN, plan: 'recordsNothing', pressed: true})).toMatchObject({
      message: RECORDS_NOTHING_MESSAGE,
      confirm: 'disabled',
      publishNow: false,
    })
  })

  it('judges validation errors once the edit being checked is checked, never publishing over them', () => {
    expect(publishDialogView({...OPEN, hasErrors: true, settling: true})).toMatchObject({confirm: 'enabled'})
    const pressed = {...OPEN, hasErrors: true, settling: true, pressed: true}
    expect(publishDialogView(pressed)).toMatchObject({message: SETTLING_MESSAGE, publishNow: false})
    expect(publishDialogView({...pressed, settling: false})).toEqual({
      message: VALIDATION_ERRORS_MESSAGE,
      confirm: 'disabled',
      cancel: true,
      publishNow: false,
    })
  })

  it('shows why the last attempt did not publish, until staff press again', () => {
    const failed = 'Not published, as the draft saved so far stands: …'
    expect(publishDialogView({...OPEN, message: failed})).toMatchObject({message: failed, confirm: 'enabled'})
  })
})

describe('the reasons for short notice in the dialog', () => {
  const NOTE = {effectiveDate: '2026-12-02', summary: 'Corrects a heading.'}

  it('ticks reasons in the order the dialog lists them, each once, and unticks one alone', () => {
    const ticked = withShortNoticeReason(withShortNoticeReason(NOTE, 'newRight', true), 'correction', true)
    expect(ticked.shortNoticeReasons).toEqual(['correction', 'newRight'])
    expect(withShortNoticeReason(ticked, 'newRight', true).shortNoticeReasons).toEqual([
      'correction',
      'newRight',
    ])
    expect(withShortNoticeReason(ticked, 'correction', false).shortNoticeReasons).toEqual(['newRight'])
  })

  it('keeps the law’s name typed while "the law requires it" is unticked, so ticking it again loses nothing', () => {
    const law = {...withShortNoticeReason(NOTE, 'requiredByLaw', true), shortNoticeLaw: 'rule 8(3)'}
    const unticked = withShortNoticeReason(law, 'requiredByLaw', false)
    expect(unticked).toEqual({...NOTE, shortNoticeReasons: [], shortNoticeLaw: 'rule 8(3)'})
    expect(withShortNoticeReason(unticked, 'requiredByLaw', true)).toEqual(law)
  })
})

describe('what the chosen day means, said before the press', () => {
  const today = '2026-12-01'
  const noticeFrom = daysAfter(today, 30)

  it('proposing the notice period, says when visitors see it and how to put it live today', () => {
    const meaning = chosenDayMeaning({date: noticeFrom, today, noticeFrom})
    expect(meaning).toContain(`Visitors see this from ${formatDate(noticeFrom)}`)
    expect(meaning).toContain('To put it live today')
    expect(meaning).toContain('if none does, the notice period applies')
  })

  it('for a day sooner than the notice period, asks for the reasons and names the first day without one', () => {
    const meaning = chosenDayMeaning({date: today, today, noticeFrom})
    expect(meaning).toMatch(/^Visitors see this today/)
    expect(meaning).toContain(`If none does, choose ${formatDate(noticeFrom)} or later.`)
  })

  it("writes every date as the pages do, never as the date field's figures", () => {
    for (const date of [today, daysAfter(today, 3), noticeFrom])
      expect(chosenDayMeaning({date, today, noticeFrom})).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  })

  it("needs no notice for a policy's first version, and says nothing of a day it refuses", () => {
    expect(chosenDayMeaning({date: today, today})).toBe('Visitors see this today, once the site has rebuilt.')
    expect(chosenDayMeaning({date: '2026-11-30', today, noticeFrom})).toBeUndefined()
    expect(chosenDayMeaning({date: '', today, noticeFrom})).toBeUndefined()
  })
})
