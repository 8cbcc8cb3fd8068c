import {describe, expect, it} from 'vitest'
import {isFrom} from '../../../src/contact/store'
import {parsePhone, samePhone} from '../../../model/phoneNumbers'

/** Asha's mobile, as she might write it in the form or tell staff on the phone. */
const ASHA = ['+91 98765 43210', '098765 43210', '0091 98765 43210', '+919876543210', '98765-43210']

/**
 * Other people's numbers whose digits end like Asha's: the whole ten ("…98765 43210", a length
 * those countries' numbers have) or the last eight (a London and an Illinois number in use).
 */
const ABROAD = ['+44 98765 43210', '+1 987 654 3210', '+44 20 7654 3210', '+1 217 654 3210']

const fromPhone = (phone: string) => ({email: '', phone})

describe('a phone number, read by libphonenumber', () => {
  it('is its E.164 number, a number without its country code being Indian', () => {
    for (const written of ASHA) expect(parsePhone(written)?.e164, written).toBe('+919876543210')
    expect(parsePhone('040 2345 6789')).toEqual({e164: '+914023456789', valid: true, possible: true})
    expect(parsePhone('+44 20 7946 0100')).toEqual({e164: '+442079460100', valid: true, possible: true})
  })

  it('is possible but not valid when only its length is right for its country', () => {
    expect(parsePhone('+1 987 654 3210')).toEqual({e164: '+19876543210', valid: false, possible: true})
  })

  it('has no E.164 form when blank, written with letters or given a country code no country has', () => {
    for (const written of [
      '',
      '   ',
      '+91 98765 4321O',
      '1-800-FLOWERS',
      '+91 98765 43210 ext. 12',
      '+999 1234567',
    ])
      expect(parsePhone(written), written).toBeUndefined()
  })
})

describe('two phone numbers are the same', () => {
  it('when they are the same number written in any of the usual ways', () => {
    for (const a of ASHA) for (const b of ASHA) expect(samePhone(a, b), `${a} and ${b}`).toBe(true)
  })

  it("never when a number abroad ends in the same digits: +44 and +1 numbers are not Asha's", () => {
    for (const mine of ASHA) for (const theirs of ABROAD) expect(samePhone(mine, theirs), theirs).toBe(false)
  })

  it('never when one is blank', () => {
    expect(samePhone('', '')).toBe(false)
    expect(samePhone('  ', '+91 98765 43210')).toBe(false)
  })

  it('never when neither can be read, even with the same digits: the form stores no such number', () => {
    expect(samePhone('+999 1234567', '+999 123-4567')).toBe(false)
  })

  it('never when only one can be read, even with the same digits: its country is known, the other is a guess', () => {
    // "+999 98765 43210" is a typo for +91; it must not reach the Indian number 999 98765 43210.
    expect(parsePhone('999 98765 43210')?.e164).toMatch(/^\+91/)
    expect(samePhone('+999 98765 43210', '999 98765 43210')).toBe(false)
    expect(samePhone('+91 98765 4321O', '+91 98765 43210')).toBe(false)
  })
})

describe('whether a message came from a phone number (isFrom)', () => {
  it('matches Asha however either of them wrote her number', () => {
    for (const stored of ASHA)
      for (const asked of ASHA)
        expect(isFrom(fromPhone(stored), {phone: asked}), `${stored} / ${asked}`).toBe(true)
  })

  it('does not match a +44 or +1 number that ends in the same digits as the one asked about', () => {
    for (const stored of ABROAD)
      expect(isFrom(fromPhone(stored), {phone: '098765 43210'}), stored).toBe(false)
  })

  it('matches nothing with a blank number, not even a message without one', () => {
    expect(isFrom(fromPhone(''), {phone: ''})).toBe(false)
    expect(isFrom(fromPhone('+91 98765 43210'), {phone: ' '})).toBe(false)
  })

  it('does not match by the last digits a number that cannot be read', () => {
    expect(isFrom(fromPhone('+91 98765 43210'), {phone: '+999 98765 43210'})).toBe(false)
    expect(isFrom(fromPhone('+999 1 98765 43210'), {phone: '+999 98765 43210'})).toBe(false)
  })
})
