import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import PolicyText from '../../../src/components/portable-text/PolicyText'
import {companyFactsSchema, policyFiguresSchema, type CompanyFacts} from '../../../src/content/schemas'
import {DEFAULT_BUNDLED_DATASET} from '../../../src/config'
import {bundledDatasetSource} from '../../../src/lib/contentSource'
import {liveQuotes} from '../../../src/content/quotes'
import {factText} from '../../../model/companyFacts'
import {recordedQuotes} from '../../../model/policyDiff'
import {
  changesPolicy,
  quotesFor,
  type PolicyVersionDocument,
  type ReadText,
} from '../../../model/policyVersions'
import {
  companyFactProblems,
  companyFactSamples,
  emptyQuotedFacts,
  judgeSamples,
} from '../../../src/content/launchCheck'
import {readPart} from '../../support/contentParts'
import {realShapedCompanyFacts} from '../../support/companyFacts'
import {bundledDocuments, documentById} from '../../support/dataset'
import {PUBLIC_DOMAIN, PUBLIC_SITE_URL} from '../../support/publicAddress'

const source = bundledDatasetSource(DEFAULT_BUNDLED_DATASET)
const figures = policyFiguresSchema.parse(await readPart(source, 'policyFigures'))
const bundledFacts = companyFactsSchema.parse(await readPart(source, 'companyFacts'))
/** Text the test makes, quoting the facts a notice quotes: what a sentence around them says is staff's. */
const span = (text: string) => ({_type: 'span', _key: text.slice(0, 8), text, marks: []})
const fact = (name: string) => ({_type: 'factRef', _key: name, fact: name})
const notice = [
  {
    _type: 'block',
    _key: 'where',
    style: 'normal',
    markDefs: [],
    children: [
      fact('legalName'),
      span(', '),
      fact('registeredOffice'),
      span(', collects and keeps your message. It goes only to these providers, in these countries: '),
      fact('messageProcessors'),
      span('. We delete it a year after it reaches us; '),
      fact('deletedMessageCopies'),
      span(' are gone at the latest '),
      fact('lastCopyGoneWithin'),
      span(' after that.'),
    ],
  },
] as never

/** The notice beside the contact form as a visitor reads it, with these Company facts. */
const noticeText = (facts: CompanyFacts) =>
  renderToStaticMarkup(createElement(PolicyText, {value: notice, quotes: liveQuotes(figures, facts)}))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")

/** The sentences that say where a message is kept and sent. */
const wherePassage = noticeText

const realFacts = () => companyFactsSchema.parse({_id: 'companyFacts', ...realShapedCompanyFacts()})

describe('where a contact message goes, as the notice beside the form says', () => {
  it('names every provider that keeps or sends a message, with its country, without "if" or "or"', () => {
    const passage = wherePassage(bundledFacts)
    expect(passage).toContain(
      `${bundledFacts.legalName}, ${factText(bundledFacts, 'registeredOffice')}, collects and keeps your message.`,
    )
    expect(passage).toContain(
      'hosting.example (sample hosting provider), in India, which keeps contact-form messages in our message store and keeps the backups of our message store',
    )
    expect(passage).toContain(
      'mail.example (sample e-mail provider), in the United States, outside India, which sends the e-mailed copy of each message and the acknowledgement and hosts our mailboxes',
    )
    // The content provider keeps no message with this table, so the passage does not name it.
    expect(passage).not.toContain('cms.example')
    expect(passage).not.toMatch(/\b(if|or)\b/i)
  })

  it('changes when the rows change: another provider, another country, e-mail sent or not', () => {
    const facts = realFacts()
    const before = wherePassage(facts)
    expect(before).toContain(
      'Deccan Cloud Services Private Limited, in India, which keeps contact-form messages in our message store and keeps the backups of our message store; and Nimbus Workspace Inc., in the United States, outside India, which hosts our mailboxes',
    )
    expect(before).not.toContain('sends the e-mailed copy')

    facts.processors.push({name: 'Kestrel Mail Limited', purposes: ['email'], country: 'Ireland'})
    const after = wherePassage(facts)
    expect(after).toContain(
      'Nimbus Workspace Inc., in the United States, outside India, which hosts our mailboxes, where the e-mailed copies and the e-mails you send us are kept; and Kestrel Mail Limited, in Ireland, outside India, which sends the e-mailed copy of each message and the acknowledgement',
    )
    expect(after).not.toMatch(/\b(if|or)\b/i)
  })
})

describe('the copies a deleted message leaves, as the notice and the Privacy Policy name them', () => {
  /** Real rows with the server keeping messages in the Sanity project: the content provider's row is the message store. */
  const keptInSanity = () => {
    const facts = realFacts()
    facts.processors[0]!.purposes = ['hosting', 'logs']
    facts.processors[2]!.purposes = ['content', 'messageStore', 'backups']
    return facts
  }
  const gone = (facts: CompanyFacts) =>
    `after it reaches us; ${factText(facts, 'deletedMessageCopies')} are gone at the latest ${factText(facts, 'lastCopyGoneWithin')} after that.`

  it('are backups and deleted items with the bundled rows: no provider named for messages keeps a document history', () => {
    expect(factText(bundledFacts, 'deletedMessageCopies')).toBe('backup copies and deleted items')
    expect(wherePassage(bundledFacts)).toContain(gone(bundledFacts))
    expect(noticeText(bundledFacts)).not.toContain('document history')
  })

  it('change when the rows change: the document history only while the content provider keeps the messages', () => {
    const sanity = keptInSanity()
    // The rows match a server that keeps messages in the Sanity project, so a public build accepts them.
    expect(companyFactProblems(sanity, {store: {kind: 'sanity'}})).toEqual([])
    expect(factText(sanity, 'deletedMessageCopies')).toBe(
      'backup copies, our message store’s document history and deleted items',
    )
    expect(wherePassage(sanity)).toContain(gone(sanity))
    expect(noticeText(realFacts())).not.toContain('document history')
    // A server keeping messages in its own database has no such history: those rows are refused.
    expect(companyFactProblems(sanity, {store: {kind: 'sqlite'}})).toEqual([
      expect.stringMatching(/^the server keeps messages in a database on its own machine \(no SANITY/),
    ])
    const oneProvider = realFacts()
    oneProvider.processors[0]!.purposes = ['hosting', 'messageStore', 'backups', 'logs', 'content']
    expect(companyFactProblems(oneProvider, {store: {kind: 'sqlite'}})).toEqual([
      expect.stringMatching(/names a document history of messages that does not exist/),
    ])
    // No row keeps backups: none are named.
    const noBackups = realFacts()
    noBackups.processors[0]!.purposes = ['hosting', 'messageStore', 'logs']
    expect(factText(noBackups, 'deletedMessageCopies')).toBe('deleted items')
    expect(wherePassage(noBackups)).toContain(gone(noBackups))
  })

  it('a recorded Privacy Policy keeps what it said; new rows are a change to record', () => {
    const documents = bundledDocuments()
    const privacy = documentById(documents, 'privacyPolicy') as unknown as ReadText
    // The latest recorded version of the Privacy Policy: what the published policy says.
    const announced = documents
      .filter((document) => document._type === 'policyVersion' && document.policy === 'privacyPolicy')
      .sort((a, b) => Number(b.number) - Number(a.number))[0] as unknown as PolicyVersionDocument
    const copies = recordedQuotes(announced).facts.deletedMessageCopies!
    const read = (quotes: ReturnType<typeof liveQuotes>) =>
      renderToStaticMarkup(
        createElement(PolicyText, {
          value: announced.sections.flatMap((section) => section.body) as never,
          quotes,
        }),
      ).replace(/<[^>]+>/g, '')
    expect(factText(bundledFacts, 'deletedMessageCopies')).toBe(
      recordedQuotes(announced).facts.deletedMessageCopies,
    )
    // Its page prints what it recorded, whatever the rows say today.
    expect(read(recordedQuotes(announced))).toContain(copies)
    expect(read(liveQuotes(figures, keptInSanity()))).toContain(
      factText(keptInSanity(), 'deletedMessageCopies'),
    )
    expect(read(liveQuotes(figures, keptInSanity()))).not.toContain(`${copies} are`)
    // The policy's wording and the bundled rows are what the version recorded; other rows change it.
    expect(changesPolicy(announced, privacy, quotesFor(privacy, figures, bundledFacts))).toBe(false)
    expect(changesPolicy(announced, privacy, quotesFor(privacy, figures, keptInSanity()))).toBe(true)
  })
})

describe('the launch check on Company facts', () => {
  const sqlite = {store: {kind: 'sqlite' as const}}
  const mail = {
    ...sqlite,
    mail: {smtpUrl: `smtp://mail.${PUBLIC_DOMAIN}`, from: 'x', retrySeconds: 1, maxAttempts: 1},
  }

  it('refuses a public build with the bundled sample rows, naming each row', () => {
    const samples = companyFactSamples(bundledFacts)
    const verdict = judgeSamples(samples, PUBLIC_SITE_URL)
    expect(verdict.ok).toBe(false)
    const error = verdict.ok ? '' : verdict.error
    for (const [index, row] of bundledFacts.processors.entries())
      expect(error).toContain(
        `Company facts → Data processors → row ${index + 1}: "${row.name}, ${row.country}"`,
      )
  })

  it('accepts real rows that match the server: messages in its own database, no e-mail', () => {
    expect(companyFactProblems(realFacts(), sqlite)).toEqual([])
  })

  it('refuses a configured store or mailer that no row names, and an e-mail row the server never uses', () => {
    const facts = realFacts()
    expect(companyFactProblems(facts, mail)).toEqual([
      'the server e-mails each message (SMTP_URL is set), but no row is the e-mail provider’s.',
    ])
    expect(companyFactProblems(facts, {store: {kind: 'sanity'}})).toEqual([
      'the server keeps messages in the Sanity project (SANITY_API_WRITE_TOKEN is set), so the content provider’s row must also be the message store’s.',
    ])
    facts.processors[0]!.purposes = ['hosting']
    expect(companyFactProblems(facts, sqlite)).toEqual([
      'no row keeps the messages (tick “Message store” on the row of the provider that keeps them).',
      'no row keeps the request logs (tick “Request logs” on that provider’s row).',
    ])
    const emailed = realFacts()
    emailed.processors.push({name: 'Kestrel Mail Limited', purposes: ['email'], country: 'Ireland'})
    expect(companyFactProblems(emailed, mail)).toEqual([])
    expect(companyFactProblems(emailed, sqlite)).toEqual([
      'a row says each message is e-mailed, but the server sends no e-mail (SMTP_URL is not set): untick “E-mail”, or set SMTP_URL.',
    ])
  })

  it('refuses customer care without an Indian phone number, and says so in the refusal', () => {
    const facts = realFacts()
    facts.customerCare.phone = '+44 20 3123 4567'
    const problems = companyFactProblems(facts, sqlite)
    expect(problems).toEqual([
      expect.stringMatching(/^Customer care → Phone "\+44 20 3123 4567" is not an Indian number/),
    ])
    const verdict = judgeSamples([], PUBLIC_SITE_URL, [], problems)
    expect(verdict).toMatchObject({ok: false})
    expect(verdict.ok ? '' : verdict.error).toContain('Give an Indian number (+91)')
    expect(judgeSamples([], 'http://localhost:4321', [], problems)).toMatchObject({ok: true})
  })
})

describe('a quoted Company fact that reads empty', () => {
  const withFacts = (facts: object) =>
    bundledDocuments().map((document) =>
      document._id === 'companyFacts' ? {_id: 'companyFacts', _type: 'companyFacts', ...facts} : document,
    )

  it('is named, with the texts that quote it, when the server sends no e-mail and no row names its provider', () => {
    expect(emptyQuotedFacts(withFacts(realShapedCompanyFacts()))).toEqual([
      'Privacy Policy quotes the Company fact “Data processors → who sends the website’s e-mail”, which is empty, ' +
        'so the sentence shows a gap: enter it in Company facts, or reword that sentence and record a version.',
    ])
  })

  it('is not raised when every quoted fact has a value', () => {
    const facts = realShapedCompanyFacts()
    facts.processors.push({
      _key: 'mail',
      name: 'Kestrel Mail Limited',
      purposes: ['email'],
      country: 'Ireland',
    })
    expect(emptyQuotedFacts(withFacts(facts))).toEqual([])
    expect(emptyQuotedFacts(bundledDocuments())).toEqual([])
  })
})
