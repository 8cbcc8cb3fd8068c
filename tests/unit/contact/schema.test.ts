import {describe, expect, it} from 'vitest'
import {CONSENT_BOX_NAMES, CONSENT_BOXES} from '../../../model/contactForm'
import {precheckContactMessage} from '../../../src/contact/formRules'
import {CONTACT_LIMITS, validateContactMessage, type ContactFieldErrors} from '../../../src/contact/schema'

/** A message that passes every rule; each test changes one thing. */
const VALID = {
  name: 'Ravi Kumar',
  email: 'ravi.kumar@example.com',
  phone: '+44 20 7946 0000',
  subject: 'Knee surgery in Hyderabad',
  message: 'I would like to know about doctors and a hotel near the hospital.',
}

/** Every box of the model, unticked. */
const NONE_TICKED = Object.fromEntries(CONSENT_BOX_NAMES.map((box) => [box, false]))
/** The boxes that must be ticked (the model's, consent and age) are, unless a test says otherwise. */
const REQUIRED_BOXES = Object.fromEntries(
  CONSENT_BOX_NAMES.filter((box) => CONSENT_BOXES[box].requiredError).map((box) => [box, true]),
)
const ticked = (input: unknown) =>
  typeof input === 'object' && input !== null ? {...REQUIRED_BOXES, ...input} : input
/** What a message with only the required boxes ticked is, as the rules give it: every other box unticked. */
const REQUIRED_ONLY = {...NONE_TICKED, ...REQUIRED_BOXES}

function errorsOf(input: unknown): ContactFieldErrors {
  const result = validateContactMessage(ticked(input))
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused, but it passed`)
  return result.fieldErrors
}

function cleaned(input: Record<string, unknown>) {
  const result = validateContactMessage(ticked(input))
  if (!result.ok)
    throw new Error(`expected ${JSON.stringify(input)} to pass, got ${JSON.stringify(result.fieldErrors)}`)
  return result.message
}

/** A string of exactly `length` Unicode code points; an emoji is one code point but two UTF-16 units. */
const emojis = (length: number) => '😀'.repeat(length)

describe('the contact form rules', () => {
  it('accept a complete message with all five fields and keep every field', () => {
    expect(validateContactMessage({...VALID, ...REQUIRED_BOXES})).toEqual({
      ok: true,
      message: VALID,
      ticked: REQUIRED_ONLY,
    })
  })

  describe('the consent box', () => {
    it('must be ticked: a message that is right in every other way is refused without it (consentRequired)', () => {
      for (const consent of [undefined, false, '', 'no', 'false', 0, null]) {
        expect(errorsOf({...VALID, consent}), String(consent)).toEqual({consent: 'consentRequired'})
      }
    })

    it('is ticked as the island sends it (true) and as a form without JavaScript sends it ("yes", or "on")', () => {
      for (const consent of [true, 'yes', 'on']) expect(cleaned({...VALID, consent})).toEqual(VALID)
    })

    it('is named together with the other problems, so the visitor sees all of them at once', () => {
      expect(errorsOf({message: '', consent: false, ageConfirmation: false})).toEqual({
        consent: 'consentRequired',
        ageConfirmation: 'ageConfirmationRequired',
        message: 'messageRequired',
        email: 'replyRequired',
      })
    })
  })

  describe('the age box (18 or over, or the parent or lawful guardian of the person the message is about)', () => {
    it('must be ticked: a message that is right in every other way is refused without it (ageConfirmationRequired)', () => {
      for (const ageConfirmation of [undefined, false, '', 'no', 'false', 0, null]) {
        expect(errorsOf({...VALID, ageConfirmation}), String(ageConfirmation)).toEqual({
          ageConfirmation: 'ageConfirmationRequired',
        })
      }
    })

    it('is ticked as the island sends it (true) and as a form without JavaScript sends it ("yes", or "on")', () => {
      for (const ageConfirmation of [true, 'yes', 'on'])
        expect(cleaned({...VALID, ageConfirmation})).toEqual(VALID)
    })

    it('is not asked for when the page did not show it (a build made before the box existed)', () => {
      expect(validateContactMessage({...VALID, consent: true}, ['consent', 'healthDetails'])).toEqual({
        ok: true,
        message: VALID,
        ticked: {...NONE_TICKED, consent: true},
      })
    })

    it('is checked by the island too, before anything is sent', () => {
      expect(precheckContactMessage({...VALID, consent: true})).toEqual({
        ok: false,
        fieldErrors: {ageConfirmation: 'ageConfirmationRequired'},
      })
    })
  })

  describe('the health box (optional)', () => {
    it('never stops a message: unticked, the message passes, recorded as not ticked', () => {
      for (const healthDetails of [undefined, false, '', 'no'])
        expect(validateContactMessage({...VALID, ...REQUIRED_BOXES, healthDetails})).toEqual({
          ok: true,
          message: VALID,
          ticked: REQUIRED_ONLY,
        })
    })

    it('is recorded as ticked when the island sends true and a form without JavaScript "yes" (or "on")', () => {
      for (const healthDetails of [true, 'yes', 'on'])
        expect(validateContactMessage({...VALID, ...REQUIRED_BOXES, healthDetails})).toMatchObject({
          ok: true,
          ticked: {healthDetails: true},
        })
    })

    it('counts as not ticked when the page did not show it, whatever is sent', () => {
      expect(
        validateContactMessage({...VALID, ...REQUIRED_BOXES, healthDetails: true}, [
          'consent',
          'ageConfirmation',
        ]),
      ).toMatchObject({ok: true, ticked: {healthDetails: false}})
    })
  })

  describe('a way to reply', () => {
    it('needs an e-mail address or a phone number', () => {
      expect(errorsOf({...VALID, email: '', phone: ''})).toEqual({email: 'replyRequired'})
      expect(errorsOf({name: 'Ravi', message: 'Hello'})).toEqual({email: 'replyRequired'})
    })

    it('counts blank or whitespace-only e-mail and phone as missing', () => {
      expect(errorsOf({...VALID, email: '   ', phone: '\t \n'})).toEqual({email: 'replyRequired'})
    })

    it('is satisfied by an e-mail address alone', () => {
      expect(cleaned({...VALID, phone: ''})).toMatchObject({email: VALID.email, phone: ''})
    })

    it('is satisfied by a phone number alone', () => {
      expect(cleaned({...VALID, email: ''})).toMatchObject({email: '', phone: VALID.phone})
    })

    it('names the phone, not replyRequired, when the only way to reply is an invalid phone number', () => {
      expect(errorsOf({...VALID, email: '', phone: '123'})).toEqual({phone: 'phoneInvalid'})
    })
  })

  describe('the e-mail address', () => {
    for (const email of [
      'ravi.kumar',
      'ravi@example',
      'ravi kumar@example.com',
      'ravi@@example.com',
      '@example.com',
      'ravi@example.',
      'ravi@.com',
    ]) {
      it(`refuses ${JSON.stringify(email)} as emailInvalid`, () => {
        expect(errorsOf({...VALID, email})).toEqual({email: 'emailInvalid'})
      })
    }

    // Issue 25: each of these reached nodemailer, which read a display name, a group or a list.
    for (const email of [
      '=?UTF-8?B?UmVmdW5kIHJlYWR5OiBodHRwczovL2V2aWwuZXhhbXBsZS9y?=<victim@target.example>',
      'FREE-BITCOIN-visit-evil.example<victim@target.example>',
      'Name<victim@target.example>',
      'Name <victim@target.example>',
      'list:victim@target.example;',
      'a@x.example,b@x.example,victim@target.example',
      'root@[10.0.0.5]',
      'root@10.0.0.5',
      '"a b"@target.example',
      'victim@target.example(comment)',
      '=?utf-8?q?x?=@target.example',
    ]) {
      it(`refuses ${JSON.stringify(email)}, which is not a bare address, as emailInvalid`, () => {
        expect(errorsOf({...VALID, email})).toEqual({email: 'emailInvalid'})
      })
    }

    it('stores the address normalised: its domain in lower case', () => {
      expect(cleaned({...VALID, email: ' Ravi.Kumar@Example.COM '}).email).toBe('Ravi.Kumar@example.com')
    })

    for (const email of ['a@b.co', 'first.last+tag@mail.example.co.in', 'रवि@उदाहरण.भारत']) {
      it(`accepts ${JSON.stringify(email)}`, () => {
        expect(cleaned({...VALID, email}).email).toBe(email)
      })
    }
  })

  describe('the phone number', () => {
    it('refuses too few digits (fewer than 7)', () => {
      expect(errorsOf({...VALID, phone: '+44 123'})).toEqual({phone: 'phoneInvalid'})
      expect(errorsOf({...VALID, phone: '123456'})).toEqual({phone: 'phoneInvalid'})
    })

    it('accepts exactly 7 digits and exactly 15 digits, and refuses 16', () => {
      expect(cleaned({...VALID, phone: '1234567'}).phone).toBe('1234567')
      expect(cleaned({...VALID, phone: '+493012345678901'}).phone).toBe('+493012345678901') // Berlin
      expect(errorsOf({...VALID, phone: '+1234567890123456'})).toEqual({phone: 'phoneInvalid'})
    })

    it('refuses 16 digits even where libphonenumber would allow them (German numbers may be longer)', () => {
      expect(errorsOf({...VALID, phone: '+49 30 1234 5678 9012'})).toEqual({phone: 'phoneInvalid'})
    })

    it('refuses a number of a length its country does not have, or with a country code no country has', () => {
      for (const phone of [
        '+1 234 567 8901 2345',
        '+44 20 9876 543210',
        '+1 202 456 111',
        '+999 1234 5678',
      ]) {
        expect(errorsOf({...VALID, phone}), phone).toEqual({phone: 'phoneInvalid'})
      }
    })

    it('accepts a number libphonenumber does not know to be in use, as long as its length is right', () => {
      // The library's list of ranges in use lags the countries': a real visitor must not be refused.
      expect(cleaned({...VALID, phone: '+1 987 654 3210'}).phone).toBe('+1 987 654 3210')
    })

    it("is only shape-checked by the island, which leaves the number's length in its country to the endpoint", () => {
      const message = {...VALID, phone: '+1 234 567 8901 2345', ...REQUIRED_BOXES}
      expect(precheckContactMessage(message)).toEqual({
        ok: true,
        message: {...VALID, phone: message.phone},
        ticked: REQUIRED_ONLY,
      })
      expect(validateContactMessage(message)).toEqual({ok: false, fieldErrors: {phone: 'phoneInvalid'}})
      expect(precheckContactMessage({...message, phone: '+44 20 ABCD 0000'})).toEqual({
        ok: false,
        fieldErrors: {phone: 'phoneInvalid'},
      })
    })

    it('refuses letters', () => {
      expect(errorsOf({...VALID, phone: '+44 20 ABCD 0000'})).toEqual({phone: 'phoneInvalid'})
      expect(errorsOf({...VALID, phone: 'call me'})).toEqual({phone: 'phoneInvalid'})
    })

    it('accepts the usual ways of writing a number: country code, spaces, brackets, dashes, dots', () => {
      for (const phone of ['+91 98765 43210', '+1 (212) 555-0100', '040.2345.6789']) {
        expect(cleaned({...VALID, phone}).phone).toBe(phone)
      }
    })
  })

  describe('the message', () => {
    it('is required', () => {
      expect(errorsOf({...VALID, message: ''})).toEqual({message: 'messageRequired'})
      expect(errorsOf({...VALID, message: undefined})).toEqual({message: 'messageRequired'})
    })

    it('is still required when it holds only spaces, newlines or invisible characters', () => {
      expect(errorsOf({...VALID, message: ' \r\n\t \n '})).toEqual({message: 'messageRequired'})
      expect(errorsOf({...VALID, message: '\u202E\u0000\u200F'})).toEqual({message: 'messageRequired'})
    })

    it('reports every problem at once: no message and no way to reply', () => {
      expect(errorsOf({})).toEqual({email: 'replyRequired', message: 'messageRequired'})
    })
  })

  describe('the length limits, counted in Unicode code points', () => {
    it('are 100, 254, 30, 150 and 3000', () => {
      expect(CONTACT_LIMITS).toEqual({name: 100, email: 254, phone: 30, subject: 150, message: 3000})
    })

    for (const field of ['name', 'subject', 'message'] as const) {
      const limit = CONTACT_LIMITS[field]
      it(`let ${field} have exactly ${limit} characters and refuse ${limit + 1} as tooLong`, () => {
        expect(cleaned({...VALID, [field]: 'x'.repeat(limit)})[field]).toHaveLength(limit)
        expect(errorsOf({...VALID, [field]: 'x'.repeat(limit + 1)})).toEqual({[field]: 'tooLong'})
      })

      it(`count an emoji in ${field} as one character (${limit} emoji pass, ${limit + 1} do not)`, () => {
        expect([...cleaned({...VALID, [field]: emojis(limit)})[field]]).toHaveLength(limit)
        expect(errorsOf({...VALID, [field]: emojis(limit + 1)})).toEqual({[field]: 'tooLong'})
      })
    }

    it('let the e-mail address have exactly 254 characters and refuse 255 as tooLong', () => {
      const domain = '@example.com'
      const exact = 'a'.repeat(254 - domain.length) + domain
      expect(cleaned({...VALID, email: exact}).email).toBe(exact)
      expect(errorsOf({...VALID, email: 'a' + exact})).toEqual({email: 'tooLong'})
    })

    it('count an emoji in the e-mail address as one character', () => {
      const domain = '@example.com'
      const exact = emojis(254 - domain.length) + domain
      expect(cleaned({...VALID, email: exact}).email).toBe(exact)
      expect(errorsOf({...VALID, email: emojis(1) + exact})).toEqual({email: 'tooLong'})
    })

    it('let the phone number have exactly 30 characters and refuse 31 as tooLong (not phoneInvalid)', () => {
      const exact = '+4-9-3-0-1-2-3-4-5-6-7-8-9-0-1' // a Berlin number: 15 digits, 30 characters
      expect(exact).toHaveLength(30)
      expect(cleaned({...VALID, phone: exact}).phone).toBe(exact)
      expect(errorsOf({...VALID, phone: exact + '.'})).toEqual({phone: 'tooLong'})
    })

    it('count the cleaned text: a CRLF line break in the message is one character', () => {
      // Each "ab\r\n" is cleaned to "ab\n", three characters: 750 of them and 750 x's are 3,000.
      const sent = 'ab\r\n'.repeat(750) + 'x'.repeat(750) // 3,750 UTF-16 units sent
      expect(sent.length).toBeGreaterThan(3000)
      const message = cleaned({...VALID, message: sent}).message
      expect(message).toHaveLength(3000)
      expect(message).not.toContain('\r')
    })
  })

  describe('values of the wrong type', () => {
    for (const [field, value] of [
      ['name', 42],
      ['email', {address: 'ravi@example.com'}],
      ['phone', 4420794600],
      ['subject', true],
      ['message', ['Hello']],
    ] as const) {
      it(`are refused as invalid (${field}: ${JSON.stringify(value)})`, () => {
        expect(errorsOf({...VALID, [field]: value})).toEqual({[field]: 'invalid'})
      })
    }

    it('are not a message at all when the whole input is not an object', () => {
      for (const input of [null, 'Hello', 42, undefined]) {
        expect(errorsOf(input)).toEqual({
          email: 'replyRequired',
          message: 'messageRequired',
          consent: 'consentRequired',
          ageConfirmation: 'ageConfirmationRequired',
        })
      }
    })

    it('treat null like an empty field', () => {
      expect(cleaned({...VALID, name: null, subject: null})).toMatchObject({name: '', subject: ''})
    })
  })

  describe('cleaning', () => {
    it('removes bidirectional overrides and marks from every field', () => {
      const message = cleaned({
        ...VALID,
        name: 'Ravi\u202E Kumar\u202C',
        subject: '\u2066Invoice\u2069 \u200Egdp.exe\u200F',
        message: 'Please \u202Ereply\u202C soon',
      })
      expect(message.name).toBe('Ravi Kumar')
      expect(message.subject).toBe('Invoice gdp.exe')
      expect(message.message).toBe('Please reply soon')
    })

    it('removes control characters and the byte-order mark, but keeps tabs in the message', () => {
      const message = cleaned({
        ...VALID,
        name: '\u0000Ra\u0007vi\u001B\u007F\u0085\uFEFF',
        message: 'Dose:\t5 mg\u0008\u009B',
      })
      expect(message.name).toBe('Ravi')
      expect(message.message).toBe('Dose:\t5 mg')
    })

    it('keeps zero-width joiners, which emoji and Indian scripts need', () => {
      const family = '👩\u200D⚕️'
      const telugu = 'శ్రీ' // Sri: SHA, VIRAMA, RA, II
      const message = cleaned({...VALID, message: `${family} ${telugu} क्\u200Dष`}).message
      expect(message).toBe(`${family} ${telugu} क्\u200Dष`)
    })

    it('normalises text to NFC', () => {
      const decomposed = 'Jose\u0301 Muñoz'.normalize('NFD')
      const message = cleaned({...VALID, name: decomposed, message: 'Cafe\u0301'})
      expect(message.name).toBe('José Muñoz')
      expect(message.name).toBe(message.name.normalize('NFC'))
      expect(message.message).toBe('Caf\u00E9')
    })

    it('keeps Devanagari and Telugu text intact', () => {
      const text = 'नमस्ते, मुझे हैदराबाद में डॉक्टर चाहिए। నమస్కారం, నాకు హైదరాబాద్‌లో డాక్టర్ కావాలి.'
      expect(cleaned({...VALID, name: 'श्री रवि', message: text})).toMatchObject({
        name: 'श्री रवि',
        message: text,
      })
    })

    it('keeps the line breaks of the message, turning CRLF and CR into LF', () => {
      expect(cleaned({...VALID, message: 'Line one\r\nLine two\rLine three\nLine four'}).message).toBe(
        'Line one\nLine two\nLine three\nLine four',
      )
    })

    it('keeps up to two empty lines in the message and trims it', () => {
      expect(cleaned({...VALID, message: '\n\n  Hello\n\n\n\n\n\nBye  \n\n'}).message).toBe('Hello\n\n\nBye')
    })

    it('collapses whitespace and line breaks in single-line fields to one space and trims them', () => {
      const message = cleaned({
        ...VALID,
        name: '  Ravi \t\n  Kumar ',
        email: ' ravi.kumar@example.com\n',
        phone: '+44  20\t7946   0000',
        subject: 'Knee\r\nsurgery\u00A0\u00A0in Hyderabad',
      })
      expect(message).toMatchObject({
        name: 'Ravi Kumar',
        email: 'ravi.kumar@example.com',
        phone: '+44 20 7946 0000',
        subject: 'Knee surgery in Hyderabad',
      })
    })

    // Issue 25: each of these was stored, and a message of Hangul fillers counted as not empty.
    it('removes default-ignorable and invisible characters: the Arabic letter mark, tag characters, Hangul fillers, the soft hyphen', () => {
      const hidden = [...'ignore all'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('')
      const message = cleaned({
        ...VALID,
        name: 'Ra\u00ADvi\u061C Ku\u3164mar\u{E0001}',
        subject: 'Knee\u200B\u2060\u180E\u034F surgery\uFFA0\u115F\uFFF9',
        message: `Please call${hidden} me`,
      })
      expect(message).toMatchObject({name: 'Ravi Kumar', subject: 'Knee surgery', message: 'Please call me'})
    })

    it('keeps the zero-width non-joiner and the emoji variation selector', () => {
      const persianStyle = 'हैदराबाद\u200Cमें ❤\uFE0F'
      expect(cleaned({...VALID, message: persianStyle}).message).toBe(persianStyle)
    })

    it('needs a visible character in the message: Hangul fillers, joiners or blank Braille alone are empty', () => {
      for (const message of ['\u3164\u3164\u3164', '\u200D\u200C', '\u2800 \u2800', '\u00AD\u061C\u{E0041}'])
        expect(errorsOf({...VALID, message}), JSON.stringify(message)).toEqual({message: 'messageRequired'})
    })

    it('does not count removed characters towards the limit', () => {
      const name = 'x'.repeat(100) + '\u202E'.repeat(20)
      expect(cleaned({...VALID, name}).name).toBe('x'.repeat(100))
    })
  })
})
