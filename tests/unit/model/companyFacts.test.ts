import {describe, expect, it} from 'vitest'
import {
  COMPANY_FACT_KEYS,
  COMPANY_FACTS,
  countryIn,
  factText,
  factWordsNeeded,
  formatAddress,
  isNamedCountry,
  isSampleFact,
  processorRowTitle,
  sampleFacts,
  type CompanyFactKey,
  type CompanyFactsDocument,
} from '../../../model/companyFacts'
import {
  gstinCheckCharacter,
  gstinProblem,
  hasCompanyForm,
  isCin,
  isPinCode,
} from '../../../model/indianIdentifiers'
import {
  isReservedDomain,
  isSampleCin,
  isSampleEmail,
  isSampleGstin,
  isSamplePhone,
  isSampleText,
  isSampleUrl,
} from '../../../model/samples'
import {
  companyFactSamples,
  isPublicSiteUrl,
  judgeSamples,
  reservedLinksIn,
  samplesIn,
  type Sample,
} from '../../../src/content/launchCheck'
import {isInternationalPhone, telHref} from '../../../model/addresses'
import {figureWordProblem, figureWordsIn} from '../../../model/policyFigures'
import {figureWordsLacking} from '../../../model/translatedFigures'
import {realShapedCompanyFacts} from '../../support/companyFacts'
import {bundledDocuments, documentById, recordedAt} from '../../support/dataset'
import {PUBLIC_DOMAIN, PUBLIC_SITE_URL, publicMailbox} from '../../support/publicAddress'

/** The Company facts document the bundled dataset ships: every fact in it is a sample. */
const bundledFacts = documentById(bundledDocuments(), 'companyFacts') as CompanyFactsDocument

const realFacts = (): CompanyFactsDocument => realShapedCompanyFacts()

/** The privacy contact's facts: listed once, under the Grievance Officer, while that is the same person. */
const factsShownTwice = COMPANY_FACT_KEYS.filter((key) => key.startsWith('privacyContact'))

describe('the formats of Indian company identifiers', () => {
  /** The moment the CINs are judged at: the test's own, not the machine's. */
  const NOW = new Date('2031-06-15T00:00:00Z')
  const cin = (value: string, now = NOW) => isCin(value, now)

  it('a CIN is accepted in the shape the Registrar issues it', () => {
    expect(cin('L17110MH1973PLC019786')).toBe(true)
    expect(cin('U72200KA2015PTC081234')).toBe(true)
    expect(cin('U72200KA2031PTC081234'), 'incorporated this year').toBe(true)
  })

  it('a CIN of the wrong length, in lower case, from a future year or with a bad prefix is refused', () => {
    expect(cin('L17110MH1973PLC01978'), 'too short').toBe(false)
    expect(cin('L17110MH1973PLC0197860'), 'too long').toBe(false)
    expect(cin('l17110mh1973plc019786'), 'lower case').toBe(false)
    expect(cin('U72200KA2032PTC081234'), 'incorporated next year').toBe(false)
    expect(cin('U72200KA2031PTC081234', new Date('2030-12-31T23:59:59Z')), 'a year too early').toBe(false)
    expect(cin('U72200KA1849PTC081234'), 'before any Companies Act').toBe(false)
    expect(cin('X17110MH1973PLC019786'), 'neither listed nor unlisted').toBe(false)
    expect(cin(' L17110MH1973PLC019786'), 'with a space').toBe(false)
  })

  it('a GSTIN with a valid state code and check character has no problem', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAGFF2194N1Z1']) {
      expect(gstinProblem(gstin), gstin).toBeUndefined()
    }
  })

  it('the check character of a GSTIN is computed from its first fourteen characters', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V')
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4')
    expect(gstinCheckCharacter('07AAGFF2194N1Z')).toBe('1')
  })

  it('a GSTIN with any one character changed fails its check character', () => {
    const gstin = '27AAPFU0939F1ZV'
    const changed: string[] = []
    // Each position keeps its shape (digit for digit, letter for letter), so only the check can catch it.
    for (let index = 2; index < 15; index++) {
      if (index === 13) continue // the fixed Z
      const alphabet = /\d/.test(gstin[index]) ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
      for (const character of alphabet) {
        if (character === gstin[index] || (index === 12 && character === '0')) continue
        changed.push(gstin.slice(0, index) + character + gstin.slice(index + 1))
      }
    }
    expect(changed.length).toBeGreaterThan(200)
    expect(changed.filter((candidate) => gstinProblem(candidate) !== 'check')).toEqual([])
  })

  it('a GSTIN from a state code GST does not use is refused for its state', () => {
    const first14 = '40AAPFU0939F1Z'
    expect(gstinProblem(first14 + gstinCheckCharacter(first14))).toBe('state')
    expect(gstinProblem('00AAPFU0939F1ZV')).toBe('state')
  })

  it('a GSTIN of the wrong shape is refused for its format', () => {
    for (const value of [
      '27AAPFU0939F1Z', // fourteen characters
      '27AAPFU0939F1ZVX',
      '27aapfu0939f1zv',
      '27AAPFU0939F1YV', // no Z in the fourteenth place
      '27AAPFU0939F0ZV', // registration number 0
      '2AAAPFU0939F1ZV',
      '27AAPF10939F1ZV',
      '',
    ]) {
      expect(gstinProblem(value), value).toBe('format')
    }
  })

  it('a PIN code is six digits without spaces, the first not 0', () => {
    expect(isPinCode('500033')).toBe(true)
    for (const value of ['500 033', '050033', '12345', '5000333', '5000a3', '']) {
      expect(isPinCode(value), value).toBe(false)
    }
  })

  it('a phone number in international form is accepted', () => {
    for (const phone of ['+91 40 2345 6789', '+91 98765 43210', '+1 (202) 456-1111', '+44 20 7946 0100']) {
      expect(isInternationalPhone(phone), phone).toBe(true)
    }
  })

  it('a phone number with the trunk 0, without its country code, too short or with letters is refused', () => {
    for (const phone of [
      '+91 040 2345 6789',
      '040 2345 6789',
      '+91 12345',
      '+91 98765 4321O',
      '+91 CALL NOW',
      '+1 202 456 1111 12345', // more than E.164's fifteen digits
    ]) {
      expect(isInternationalPhone(phone), phone).toBe(false)
    }
  })

  it('a phone number libphonenumber does not know to be in use, or whose printed digits are not all dialled, is refused', () => {
    for (const phone of [
      '+1 987 654 3210', // no area code 987
      '+44 (0)20 7946 0100', // dialled from abroad, the 0 is wrong
      '+49 30 1234 5678 9012', // sixteen digits: valid in Germany, beyond E.164
    ]) {
      expect(isInternationalPhone(phone), phone).toBe(false)
    }
  })

  it('a phone number becomes a tel: address of its digits', () => {
    expect(telHref('+1 (202) 456-1111')).toBe('tel:+12024561111')
    expect(telHref('+91 40 2345 6789')).toBe('tel:+914023456789')
  })

  it('a legal name ends with an Indian company form', () => {
    for (const name of [
      'Fixture Test Stays Private Limited',
      'Fixture Test Stays Pvt. Ltd.',
      'Fixture Test Stays Pvt Ltd',
      'Tata Steel Limited',
      'Infosys Ltd',
      'Fixture Test Stays Private Limited  ',
    ]) {
      expect(hasCompanyForm(name), name).toBe(true)
    }
    for (const name of [
      'Fixture Test Stays',
      'Limited Editions LLP',
      'Fixture Test Stays Private Limited (sample)',
      'Limited',
      'Ltd.',
    ]) {
      expect(hasCompanyForm(name), name).toBe(false)
    }
  })
})

describe('how a sample company fact is recognised', () => {
  it('the bundled samples are well-formed, so a local build accepts them', () => {
    // As judged on the day the dataset was recorded: a build then accepted it.
    expect(isCin(bundledFacts.cin!, recordedAt(bundledDocuments()))).toBe(true)
    expect(gstinProblem(bundledFacts.gstin!)).toBeUndefined()
    expect(isInternationalPhone(bundledFacts.customerCare!.phone!)).toBe(true)
    expect(isInternationalPhone(bundledFacts.grievanceOfficer!.phone!)).toBe(true)
    expect(isPinCode(bundledFacts.registeredOffice!.pinCode!)).toBe(true)
  })

  it("every kind's rule recognises the bundled sample of that kind", () => {
    expect(isSampleText(bundledFacts.legalName!)).toBe(true)
    expect(isSampleCin(bundledFacts.cin!)).toBe(true)
    expect(isSampleGstin(bundledFacts.gstin!)).toBe(true)
    expect(isSampleText(formatAddress(bundledFacts.registeredOffice)!)).toBe(true)
    expect(isSampleEmail(bundledFacts.customerCare!.email!)).toBe(true)
    expect(isSamplePhone(bundledFacts.customerCare!.phone!)).toBe(true)
    expect(isSampleFact('hours', factText(bundledFacts, 'customerCareHours'))).toBe(true)
    expect(isSampleEmail(bundledFacts.grievanceOfficer!.email!)).toBe(true)
    expect(isSamplePhone(bundledFacts.grievanceOfficer!.phone!)).toBe(true)
    expect(isSampleUrl(bundledFacts.appUrl!)).toBe(true)
    // A postal address is judged as its object and as its printed line alike.
    expect(isSampleFact('address', bundledFacts.registeredOffice)).toBe(true)
    expect(isSampleFact('address', formatAddress(bundledFacts.registeredOffice))).toBe(true)
  })

  it('every fact of the bundled document is listed as a sample, the privacy contact once, as the Grievance Officer', () => {
    const listed = sampleFacts(bundledFacts)
    // The designation is the law's own word for the role, not a fact that could be anyone's.
    const notSamples: CompanyFactKey[] = ['grievanceOfficerDesignation']

    // The sentences made from the Data processors table are listed as its rows, one by one.
    const expectedKeys = COMPANY_FACT_KEYS.filter(
      (key) =>
        !factsShownTwice.includes(key) &&
        !notSamples.includes(key) &&
        COMPANY_FACTS[key].kind !== 'processors',
    )
    expect(expectedKeys).toHaveLength(18)
    const rows = bundledFacts.processors!
    expect(rows.length).toBeGreaterThan(0)
    expect(listed.map(({key}) => key)).toEqual([...expectedKeys, ...rows.map(() => 'processors')])
    for (const {key, title, value} of listed.filter((sample) => sample.key !== 'processors')) {
      const fact = key as CompanyFactKey
      expect(title).toBe(COMPANY_FACTS[fact].title)
      expect(value).toBe(factText(bundledFacts, fact))
      expect(value, key).not.toBe('')
    }
    expect(listed.filter(({key}) => key === 'processors')).toEqual(
      rows.map((row, index) => ({
        key: 'processors',
        title: processorRowTitle(index),
        value: `${row.name}, ${row.country}`,
      })),
    )
  })

  it('a document with real-shaped facts lists no sample', () => {
    const facts = realFacts()
    expect(gstinProblem(facts.gstin!)).toBeUndefined()
    expect(isCin(facts.cin!, new Date())).toBe(true)
    // Every fact has a value, so an empty list means each one was judged and passed; the server
    // these facts describe sends no e-mail, so no row names the website's e-mail provider.
    expect(COMPANY_FACT_KEYS.filter((key) => factText(facts, key) === '')).toEqual(['emailProcessors'])
    expect(sampleFacts(facts)).toEqual([])
    expect(companyFactSamples(facts)).toEqual([])
  })

  it('each fact of a real document turned into a sample is listed, and only that one', () => {
    const samples: Record<string, (facts: CompanyFactsDocument) => void> = {
      legalName: (facts) => (facts.legalName = 'Fixture Test Stays Private Limited (sample)'),
      cin: (facts) => (facts.cin = 'U86100TG2024PTC000000'),
      gstin: (facts) => (facts.gstin = `36AABCA0000B1Z${gstinCheckCharacter('36AABCA0000B1Z')}`),
      registeredOffice: (facts) =>
        (facts.registeredOffice = {...facts.registeredOffice, city: 'City (sample)'}),
      customerCareEmail: (facts) => (facts.customerCare!.email = 'care@arogyastays.test'),
      customerCarePhone: (facts) => (facts.customerCare!.phone = '+44 7700 900123'),
      customerCareHours: (facts) =>
        (facts.customerCare!.hours = {...facts.customerCare!.hours, sample: true}),
      grievanceOfficerName: (facts) => (facts.grievanceOfficer!.name = 'A. Person (sample)'),
      grievanceOfficerDesignation: (facts) => (facts.grievanceOfficer!.designation = 'Officer (sample)'),
      grievanceOfficerEmail: (facts) => (facts.grievanceOfficer!.email = 'grievance@example.org'),
      grievanceOfficerPhone: (facts) => (facts.grievanceOfficer!.phone = '+1 202 555 0147'),
      grievanceOfficerAddress: (facts) =>
        (facts.grievanceOfficer!.postalAddress = {
          ...facts.registeredOffice,
          streetAddress: 'Street (sample)',
        }),
      appUrl: (facts) => (facts.appUrl = 'https://app.arogyastays.example/login'),
      unverifiedChildDataDeletion: (facts) =>
        (facts.unverifiedChildDataDeletion = {count: 30, unit: 'day', sample: true}),
      lastCopyGoneWithin: (facts) => (facts.lastCopyGoneWithin = {count: 90, unit: 'day', sample: true}),
      clinicDataExportPeriod: (facts) =>
        (facts.clinicDataExportPeriod = {count: 90, unit: 'day', sample: true}),
      clinicBackupsGoneWithin: (facts) =>
        (facts.clinicBackupsGoneWithin = {count: 35, unit: 'day', sample: true}),
      bookingConfirmationWithin: (facts) =>
        (facts.bookingConfirmationWithin = {count: 2, unit: 'businessDay', sample: true}),
      dataProtectionBoardUrl: (facts) => (facts.dataProtectionBoardUrl = 'https://dpb.example/complaints'),
      processors: (facts) =>
        (facts.processors = [
          ...facts.processors!,
          {name: 'mail.example', purposes: ['email'], country: 'India'},
        ]),
    }
    expect(Object.keys(samples)).toHaveLength(20)
    for (const [key, makeSample] of Object.entries(samples)) {
      const facts = realFacts()
      makeSample(facts)
      expect(
        sampleFacts(facts).map((sample) => sample.key),
        key,
      ).toEqual([key])
    }
  })

  it('a privacy contact of its own with a sample e-mail is listed', () => {
    const facts = realFacts()
    facts.privacyContact = {
      sameAsGrievanceOfficer: false,
      name: 'Meera Iyer',
      designation: 'Data Protection Officer',
      email: 'privacy@arogyastays.example',
      phone: '+91 40 2345 6791',
    }

    expect(sampleFacts(facts)).toEqual([
      {
        key: 'privacyContactEmail',
        title: COMPANY_FACTS.privacyContactEmail.title,
        value: 'privacy@arogyastays.example',
      },
    ])
  })

  it('an e-mail address on example.com, .test, .invalid or .localhost is a sample', () => {
    for (const email of [
      'care@example.com',
      'care@mail.example.net',
      'care@Example.ORG',
      'care@medistay.test',
      'care@medistay.invalid',
      'care@medistay.localhost',
      'care@medistay.example.',
    ]) {
      expect(isSampleEmail(email), email).toBe(true)
    }
  })

  it('a real address that merely says "sample", or a name on a look-alike domain, is not a sample', () => {
    expect(isSampleEmail('sample@gmail.com')).toBe(false)
    expect(isSampleEmail('care@notexample.com')).toBe(false)
    expect(isSampleEmail('care@example.co.in')).toBe(false)
    expect(isSampleEmail('care@testing.in')).toBe(false)
    expect(isSampleEmail('no-at-sign.example')).toBe(false)
    expect(isSampleUrl('https://examples.org/login')).toBe(false)
    expect(isSampleUrl('not a url')).toBe(false)
    expect(isSampleText('Sampler Foods Limited')).toBe(false)
    expect(isSampleText('Sample Foods Limited')).toBe(false)
    expect(isReservedDomain('example.in')).toBe(false)
  })

  it('only the phone ranges regulators keep for fiction are samples', () => {
    for (const phone of [
      '+44 20 7946 0000',
      '+44 20 7946 0999',
      '+44 113 496 0123',
      '+44 7700 900999',
      '+1 (202) 555-0100',
      '+1 202 555 0199',
    ]) {
      expect(isSamplePhone(phone), phone).toBe(true)
    }
    for (const phone of [
      '+44 20 7946 1000',
      '+44 7700 901000',
      '+1 (202) 555-0200',
      '+1 (202) 456-1111',
      '+91 40 2345 6789',
    ]) {
      expect(isSamplePhone(phone), phone).toBe(false)
    }
  })

  it('a CIN or GSTIN is a sample only by its never-issued serial number', () => {
    expect(isSampleCin('U86100TG2025PTC000000')).toBe(true)
    expect(isSampleCin('U86100TG2025PTC000001')).toBe(false)
    expect(isSampleGstin('36AAACM0000A1ZN')).toBe(true)
    expect(isSampleGstin('36AAACM0001A1ZN')).toBe(false)
    expect(isSampleGstin('36AABCA1234B1ZI')).toBe(false)
  })

  it('an empty fact is missing, not a sample', () => {
    expect(isSampleFact('text', '')).toBe(false)
    expect(isSampleFact('address', null)).toBe(false)
    expect(sampleFacts({})).toEqual([])
  })
})

describe('whether SITE_URL is the public address', () => {
  it('a domain name on the internet is public', () => {
    expect(isPublicSiteUrl(PUBLIC_SITE_URL)).toBe(true)
    expect(isPublicSiteUrl(`http://${PUBLIC_DOMAIN}`)).toBe(true)
    expect(isPublicSiteUrl('http://93.184.215.14')).toBe(true)
    expect(isPublicSiteUrl('http://[2606:4700::1111]')).toBe(true)
  })

  it('this machine, a private network, a reserved name or no address is not public', () => {
    for (const site of [
      'http://localhost:4321',
      'http://127.0.0.1:8080',
      'http://[::1]:4321',
      'http://app.localhost',
      'https://www.medistay.example',
      'https://medistay.test',
      'http://192.168.1.5',
      'http://10.0.0.7',
      'http://172.20.1.1',
      'http://[fd00::1]',
      'http://intranet',
      'http://medistay.local',
      'http://nas.home.arpa',
      'http://staging.internal',
      'http://203.0.113.5',
      'http://100.64.0.1',
      'http://[2001:db8::1]',
      'http://[::ffff:127.0.0.1]',
      undefined,
      '',
      'not a url',
    ]) {
      expect(isPublicSiteUrl(site), String(site)).toBe(false)
    }
  })
})

describe('the launch check', () => {
  const samples: Sample[] = [
    {document: 'Company facts', field: 'Legal name', value: 'MediStay India Private Limited (sample)'},
    {
      document: 'Privacy Policy',
      field: 'section 2 “Contact” → paragraph 1 → link',
      value: 'mailto:a@b.example',
    },
  ]
  const listing = [
    '  - Company facts → Legal name: "MediStay India Private Limited (sample)"',
    '  - Privacy Policy → section 2 “Contact” → paragraph 1 → link: "mailto:a@b.example"',
  ]

  it('passes without a warning when nothing is a sample', () => {
    expect(judgeSamples([], PUBLIC_SITE_URL)).toEqual({ok: true})
    expect(judgeSamples([], undefined)).toEqual({ok: true})
  })

  it('passes a local build with samples, warning with each one listed', () => {
    for (const site of ['http://localhost:4321', undefined]) {
      const verdict = judgeSamples(samples, site)
      expect(verdict.ok).toBe(true)
      const warning = verdict.ok ? verdict.warning : undefined
      expect(warning).toContain('the content holds 2 values that are samples')
      for (const line of listing) expect(warning).toContain(line)
    }
  })

  it('refuses a build for the public address with samples, naming each document, field and value', () => {
    const verdict = judgeSamples(samples, PUBLIC_SITE_URL)
    expect(verdict.ok).toBe(false)
    const error = verdict.ok ? '' : verdict.error
    expect(error).toContain(PUBLIC_SITE_URL)
    expect(error.split('\n').slice(1)).toEqual(listing)
  })

  it('names the facts of the bundled document by their Studio titles', () => {
    const found = companyFactSamples(bundledFacts)
    expect(found).toHaveLength(sampleFacts(bundledFacts).length)
    expect(found.at(-1)).toEqual({
      document: 'Company facts',
      field: 'Data processors → row 4',
      value: 'payments.example (sample payment processor), India',
    })
    expect(found[0]).toEqual({document: 'Company facts', field: 'Legal name', value: bundledFacts.legalName})
  })
})

describe('links to reserved names elsewhere in a document', () => {
  const policy = {
    _id: 'privacyPolicy',
    _type: 'policy',
    title: 'Privacy Policy',
    sections: [
      {_key: 's1', heading: 'Scope', body: [{_type: 'block', markDefs: [], children: [{text: 'Hello'}]}]},
      {
        _key: 's2',
        heading: 'Contact',
        body: [
          {
            _type: 'block',
            _key: 'b1',
            markDefs: [
              {_type: 'link', _key: 'm1', href: 'mailto:privacy@medistay.example?subject=Data'},
              {_type: 'link', _key: 'm2', href: `mailto:${publicMailbox('privacy')}`},
              {_type: 'link', _key: 'm3', href: '/contact-us'},
            ],
            children: [{_type: 'span', text: 'Write to name@example.com or to us.', marks: ['m1']}],
          },
          {
            _type: 'block',
            _key: 'b2',
            markDefs: [
              {_type: 'link', _key: 'm4', href: 'https://docs.example.org/rights'},
              {_type: 'link', _key: 'm5', href: 'https://www.meity.gov.in/'},
            ],
            children: [],
          },
        ],
      },
    ],
  }

  it('finds a mailto: to .example and an https link to example.org, by their path in the document', () => {
    expect(reservedLinksIn(policy, 'Privacy Policy')).toEqual([
      {
        document: 'Privacy Policy',
        field: 'section 2 “Contact” → paragraph 1 → link',
        value: 'mailto:privacy@medistay.example?subject=Data',
      },
      {
        document: 'Privacy Policy',
        field: 'section 2 “Contact” → paragraph 2 → link',
        value: 'https://docs.example.org/rights',
      },
    ])
  })

  it('ignores example addresses in plain text and links to real addresses', () => {
    const text = {_id: 'contactPage', hint: 'name@example.com', body: [{text: 'see https://example.com'}]}
    expect(reservedLinksIn(text, 'Contact page')).toEqual([])
    const real = {
      links: [{href: `${PUBLIC_SITE_URL}/about-us`}, {href: `mailto:${publicMailbox('care')}`}, {href: '/'}],
    }
    expect(reservedLinksIn(real, 'Site settings')).toEqual([])
  })

  it('samples in every document are listed together: the company facts and a link typed into the About page', () => {
    const documents = bundledDocuments()
    const about = documents.find((document) => document._id === 'aboutPage')!
    const paragraph = (about.body as any[]).find((block) => block._type === 'block')
    paragraph.markDefs = [
      ...paragraph.markDefs,
      {_type: 'link', _key: 'added1', href: 'mailto:hello@medistay.example'},
    ]
    const found = samplesIn(documents)
    expect(found.filter((sample) => sample.document === 'Company facts')).toHaveLength(
      sampleFacts(bundledFacts).length,
    )
    // Each recorded policy version that quoted a sample fact has one line, never edited; a version
    // whose text quotes no company fact (a policy added later may quote none) has none.
    const sampleValues = new Set(sampleFacts(bundledFacts).map(({value}) => value))
    const quotingSamples = documents.filter(
      (document) =>
        document._type === 'policyVersion' &&
        ((document.facts ?? []) as {text?: string}[]).some(({text}) => sampleValues.has(text ?? '')),
    )
    expect(quotingSamples.length).toBeGreaterThan(0)
    expect(found.filter((sample) => sample.field === 'Company facts as quoted')).toHaveLength(
      quotingSamples.length,
    )
    expect(found.find((sample) => sample.document === 'Privacy Policy, version 1')?.value).toMatch(
      /^MediStay India Private Limited \(sample\) and \d+ more$/,
    )
    expect(
      found.filter(
        (sample) => sample.document !== 'Company facts' && sample.field !== 'Company facts as quoted',
      ),
    ).toEqual([
      {
        document: 'About page',
        field: `paragraph ${(about.body as any[]).indexOf(paragraph) + 1} → link`,
        value: 'mailto:hello@medistay.example',
      },
    ])
  })

  it('the bundled documents other than Company facts link to no reserved name', () => {
    const found = bundledDocuments()
      .filter((document) => document._id !== 'companyFacts')
      .flatMap((document) => reservedLinksIn(document, document._id))
    expect(found).toEqual([])
  })
})

describe('how a fact is printed', () => {
  it('the privacy contact is the Grievance Officer unless another person is named', () => {
    const facts = realFacts()
    for (const [privacyKey, grievanceKey] of [
      ['privacyContactName', 'grievanceOfficerName'],
      ['privacyContactDesignation', 'grievanceOfficerDesignation'],
      ['privacyContactEmail', 'grievanceOfficerEmail'],
      ['privacyContactPhone', 'grievanceOfficerPhone'],
    ] as const) {
      expect(factText(facts, privacyKey)).toBe(factText(facts, grievanceKey))
      expect(factText({...facts, privacyContact: null}, privacyKey)).toBe(factText(facts, grievanceKey))
    }
    facts.privacyContact = {sameAsGrievanceOfficer: false, email: publicMailbox('dpo')}
    expect(factText(facts, 'privacyContactEmail')).toBe(publicMailbox('dpo'))
    expect(factText(facts, 'privacyContactName')).toBe('')
  })

  it('an address prints as "Street, City, State PIN, India"', () => {
    expect(
      formatAddress({
        streetAddress: 'Plot 14, Road No. 2,\nBanjara Hills',
        city: 'Hyderabad',
        state: 'Telangana',
        pinCode: '500034',
      }),
    ).toBe('Plot 14, Road No. 2, Banjara Hills, Hyderabad, Telangana 500034, India')
    expect(factText(realFacts(), 'registeredOffice')).toBe(
      'Plot 14, Road No. 2, Banjara Hills, Hyderabad, Telangana 500034, India',
    )
    expect(formatAddress({city: 'Hyderabad', pinCode: '500034'})).toBe('Hyderabad, 500034, India')
    expect(formatAddress({})).toBeUndefined()
    expect(formatAddress(null)).toBeUndefined()
  })

  it('a fact staff have not entered prints as nothing', () => {
    expect(factText({}, 'legalName')).toBe('')
    expect(factText({}, 'registeredOffice')).toBe('')
  })
})

describe('the processors each sentence names', () => {
  it('the payment processors are named on their own, never as processors of this website', () => {
    const facts = realFacts()
    expect(factText(facts, 'paymentProcessors')).toBe('Rupee Pay Services Private Limited, in India')
    expect(factText(facts, 'dataProcessors')).not.toContain('Rupee Pay')
    expect(factText(facts, 'messageProcessors')).not.toContain('Rupee Pay')
  })

  it('the sender of the acknowledgement is the row that sends the website’s e-mail, with its country', () => {
    expect(factText(bundledFacts, 'emailProcessors')).toBe(
      'mail.example (sample e-mail provider), in the United States, outside India',
    )
    // A server that sends no e-mail has no such row: the launch check names the gap (emptyQuotedFacts).
    expect(factText(realFacts(), 'emailProcessors')).toBe('')
  })
  it('in Hindi and Telugu: what each does, where, the joining word and a foreign country in the language; names as entered', () => {
    const documents = bundledDocuments()
    for (const [language, india, abroad, which, store] of [
      ['hi', 'भारत में', 'संयुक्त राज्य में, भारत के बाहर', ', जो ', 'हमारे संदेश भंडार में रखता है'],
      ['te', 'భారతదేశంలో', 'యునైటెడ్ స్టేట్స్ లో, భారతదేశం వెలుపల', ', ఇది ', 'మా సందేశ నిల్వలో ఉంచుతుంది'],
    ] as const) {
      const given = figureWordsIn(documentById(documents, `siteSettings__i18n_${language}`).figureWords)
      expect(given.missing, language).toEqual([])
      const words = {...given.words, language}
      const list = factText(bundledFacts, 'messageProcessors', words)
      expect(list, language).toContain(`hosting.example (sample hosting provider), ${india}${which}`)
      expect(list, language).toContain(store)
      expect(list, language).toContain(
        `; ${words.processorAnd} mail.example (sample e-mail provider), ${abroad}${which}`,
      )
      // No English word of the list is left in the sentence.
      expect(list, language).not.toMatch(/\b(in|which|keeps|outside|and|United|States)\b/)
      expect(factText(bundledFacts, 'emailProcessors', words), language).toBe(
        `mail.example (sample e-mail provider), ${abroad}`,
      )
    }
  })

  it('the copies a deleted message leaves read in Hindi and Telugu, with the document history only when the content provider keeps the messages', () => {
    const documents = bundledDocuments()
    const inSanity: CompanyFactsDocument = {
      ...bundledFacts,
      processors: bundledFacts.processors!.map((row) =>
        row.purposes?.includes('content') ? {...row, purposes: [...row.purposes, 'messageStore']} : row,
      ),
    }
    for (const [language, copies, history] of [
      [
        'hi',
        'बैकअप प्रतियाँ और हटाए गए आइटम',
        'बैकअप प्रतियाँ, हमारे संदेश भंडार का दस्तावेज़ इतिहास (document history) और हटाए गए आइटम',
      ],
      [
        'te',
        'బ్యాకప్ కాపీలు మరియు తొలగించిన అంశాలు',
        'బ్యాకప్ కాపీలు, మా సందేశ నిల్వ యొక్క డాక్యుమెంట్ హిస్టరీ (document history) మరియు తొలగించిన అంశాలు',
      ],
    ] as const) {
      const given = figureWordsIn(documentById(documents, `siteSettings__i18n_${language}`).figureWords)
      expect(given.missing, language).toEqual([])
      const words = {...given.words, language}
      expect(factText(bundledFacts, 'deletedMessageCopies', words), language).toBe(copies)
      expect(factText(inSanity, 'deletedMessageCopies', words), language).toBe(history)
    }
    // A language needs the words of the copies the rows name, and only those.
    expect(factWordsNeeded(bundledFacts, ['deletedMessageCopies'])).toEqual([
      'processorAnd',
      'copyBackups',
      'copyDeletedItems',
    ])
    expect(factWordsNeeded(inSanity, ['deletedMessageCopies'])).toContain('copyHistory')
    const contact = documentById(documents, 'contactPage__i18n_hi')
    const {missing} = figureWordsIn({
      ...documentById(documents, 'siteSettings__i18n_hi').figureWords,
      copyHistory: '',
    })
    expect(figureWordsLacking(contact, missing, bundledFacts)).toEqual([])
    expect(figureWordsLacking(contact, missing, inSanity)).toEqual(['copyHistory'])
  })

  it('names a foreign country in the language only when staff typed a country’s English name', () => {
    expect(countryIn('the United States', 'hi')).toBe('संयुक्त राज्य')
    expect(countryIn('Singapore', 'te')).toBe('సింగపూర్')
    // A typo, or English, prints as typed.
    expect(countryIn('the Untied States', 'hi')).toBe('the Untied States')
    expect(countryIn('the United States', 'en')).toBe('the United States')
    expect(countryIn('the United States', undefined)).toBe('the United States')
    // Studio warns of a country no language can name.
    expect(['India', 'the United States', 'Singapore'].every(isNamedCountry)).toBe(true)
    expect(isNamedCountry('the Untied States')).toBe(false)
  })

  it('a language needs the words of the list a text quotes, and a missing one is named', () => {
    expect(factWordsNeeded(bundledFacts, ['emailProcessors'])).toEqual([
      'processorIn',
      'processorAbroad',
      'processorAnd',
    ])
    expect(factWordsNeeded(bundledFacts, ['messageProcessors'])).toEqual([
      'processorIn',
      'processorAbroad',
      'processorAnd',
      'processorClause',
      'processorMessageStore',
      'processorBackups',
      'processorEmail',
      'processorMailbox',
    ])
    // No rows, no list, no words.
    expect(factWordsNeeded({}, ['dataProcessors'])).toEqual([])
    expect(figureWordProblem('processorClause', '{name}, {where}')).toMatch(/^Write \{does\}/)
    expect(figureWordProblem('processorAbroad', '{land} में')).toMatch(/^\{land\} is not a value/)
    expect(figureWordProblem('processorAbroad', '{country} में, भारत के बाहर')).toBeUndefined()
    const contact = documentById(bundledDocuments(), 'contactPage__i18n_hi')
    const {missing} = figureWordsIn({
      ...documentById(bundledDocuments(), 'siteSettings__i18n_hi').figureWords,
      processorMailbox: '',
    })
    expect(figureWordsLacking(contact, missing, bundledFacts)).toEqual(['processorMailbox'])
  })
})
