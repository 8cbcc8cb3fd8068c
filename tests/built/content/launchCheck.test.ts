import {execFile} from 'node:child_process'
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DOCUMENT_TITLES, POLICY_IDS, type PolicyId} from '../../../model/siteDocuments'
import {COMPANY_FACTS, factText, sampleFacts, type CompanyFactsDocument} from '../../../model/companyFacts'
import {telHref} from '../../../model/addresses'
import {POLICY_PATHS} from '../../../model/routes'
import {newVersion, POLICY_VERSION_TYPE, quotesFor, type PolicyWording} from '../../../model/policyVersions'
import {wordsDigest} from '../../../model/translations'
import {astroBuild, ROOT, type BuildResult} from '../../support/astroBuild'
import {realShapedCompanyFacts} from '../../support/companyFacts'
import {bundledDocuments, documentById, TAMIL} from '../../support/dataset'
import {
  startQueryApiStandIn,
  type QueryApiStandIn,
  type SanityDocumentLike,
} from '../../support/queryApiStandIn'
import {PUBLIC_DOMAIN, PUBLIC_SITE_URL, publicMailbox} from '../../support/publicAddress'

const run = promisify(execFile)

let standIn: QueryApiStandIn
const builds: BuildResult[] = []
beforeAll(async () => {
  standIn = await startQueryApiStandIn({documents: bundledDocuments()})
})
afterAll(async () => {
  builds.forEach((build) => build.dispose())
  await standIn?.close()
})

/** What `npm run launch-check` prints for the documents the stand-in serves now, and its exit code. */
async function launchCheckList(env: Record<string, string> = {}): Promise<{code: number; output: string}> {
  const options = {
    cwd: ROOT,
    env: {PATH: process.env.PATH ?? '', SANITY_PROJECT_ID: 'test', SANITY_API_HOST: standIn.url, ...env},
  }
  try {
    const {stdout, stderr} = await run(process.execPath, ['scripts/launchCheck.ts'], options)
    return {code: 0, output: stdout + stderr}
  } catch (error) {
    const failed = error as {code: number; stdout: string; stderr: string}
    return {code: failed.code, output: failed.stdout + failed.stderr}
  }
}

/** Builds from these documents, served by the Query API stand-in. */
async function buildFrom(documents: SanityDocumentLike[], env: Record<string, string> = {}) {
  standIn.setDocuments(documents)
  const result = await astroBuild({SANITY_PROJECT_ID: 'test', SANITY_API_HOST: standIn.url, ...env})
  builds.push(result)
  return result
}

const bundledFacts = documentById(bundledDocuments(), 'companyFacts') as CompanyFactsDocument

/** How the build lists each sample of the bundled Company facts, derived from the catalogue. */
const expectedListing = sampleFacts(bundledFacts).map(
  ({title, value}) => `  - ${DOCUMENT_TITLES.companyFacts} → ${title}: ${JSON.stringify(value)}`,
)

/** What the company enters before launch: the right shapes, nothing reserved for examples. */
const realFacts = realShapedCompanyFacts()

/** The bundled sample history: every version quotes the sample facts. */
const bundledVersions = bundledDocuments().filter((document) => document._type === POLICY_VERSION_TYPE)

/**
 * The bundled dataset as it is before launch: the Company facts document holds the real-shaped
 * facts, the sample history is deleted and each policy has been published once, recording its
 * first real version (docs/operating.md, "Before launch").
 */
function documentsWithRealFacts(): SanityDocumentLike[] {
  const documents = bundledDocuments().filter(
    (document) => document._type !== POLICY_VERSION_TYPE && !isTranslation(document),
  )
  // Before launch the sample translations are deleted and their languages turned off, until
  // reviewed translations are published.
  for (const language of documentById(documents, 'siteSettings').languages ?? []) language.enabled = false
  const facts = documentById(documents, 'companyFacts')
  for (const key of Object.keys(facts)) if (!key.startsWith('_')) delete facts[key]
  Object.assign(facts, structuredClone(realFacts))
  const figures = documentById(documents, 'policyFigures')
  const firstVersions = Object.values(POLICY_IDS).map((policy) => {
    const wording = documentById(documents, policy) as PolicyWording
    return newVersion({
      policy,
      wording,
      quotes: quotesFor(wording, figures, facts),
      note: {effectiveDate: '2026-11-23', summary: 'The first version published on the live site.'},
      now: new Date('2026-11-23T00:00:00+05:30'),
    })
  })
  return [...documents, ...firstVersions.map((version) => ({...version}))]
}

/** A translation, or the plugin's record of which documents translate each other. */
const isTranslation = (document: SanityDocumentLike) =>
  (typeof document.language === 'string' && document.language !== 'en') ||
  document._type === 'translation.metadata'

/** The bundled sample translations, by id and language. */
const sampleTranslations = bundledDocuments()
  .filter((document) => isTranslation(document) && document._type !== 'translation.metadata')
  .map(({_id, language}) => ({id: _id, language: language as string}))

/**
 * The content of the one build for the public address that passes: real-shaped facts, and Hindi
 * turned on with a reviewed Contact page of the English text as it was, before one comma changed
 * in English.
 */
function documentsForLaunch() {
  const documents = documentsWithRealFacts()
  const english = documentById(documents, 'contactPage')
  const hindi = documentById(documents, 'siteSettings').languages.find(
    (language: {code: string}) => language.code === 'hi',
  )
  hindi.enabled = true
  const translation: SanityDocumentLike = {
    ...(structuredClone(documentById(bundledDocuments(), 'contactPage__i18n_hi')) as SanityDocumentLike),
    translation: {
      translates: wordsDigest(english),
      review: 'reviewed',
      reviewedBy: 'Priya Raman',
      reviewedOn: '2026-11-20',
    },
  }
  english.reachUsHeading = `${english.reachUsHeading},`
  return {documents: [...documents, translation], english, hindi}
}
const forLaunch = documentsForLaunch()

/** That build, shared by the tests that read it. */
let realBuild: Promise<BuildResult> | undefined
const builtWithRealFacts = () => (realBuild ??= buildFrom(forLaunch.documents, {SITE_URL: PUBLIC_SITE_URL}))

const htmlFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.html'))
    : []

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_, entity: string) => {
    const named: Record<string, string> = {amp: '&', quot: '"', apos: "'", lt: '<', gt: '>'}
    if (entity[0] !== '#') return named[entity.toLowerCase()]
    return String.fromCodePoint(
      entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
    )
  })

interface ShownFact {
  fact: string
  href: string | undefined
  text: string
}

/** Every company fact a page shows, as the CompanyFact component marks it: data-fact="<key>". */
function factsShown(html: string): ShownFact[] {
  return [...html.matchAll(/<(a|span)\b([^>]*\bdata-fact="([^"]+)"[^>]*)>([^<]*)<\/\1>/g)].map((match) => ({
    fact: match[3],
    href: /\bhref="([^"]*)"/.exec(match[2])?.[1],
    text: decode(match[4]),
  }))
}

const footerOf = (html: string) => /<footer\b[\s\S]*<\/footer>/.exec(html)?.[0] ?? ''

/** The page each document's text is shown on. */
const PAGE_OF_DOCUMENT: Record<string, string> = {
  homePage: 'index.html',
  aboutPage: 'about-us.html',
  contactPage: 'contact-us.html',
  ...Object.fromEntries(Object.values(POLICY_IDS).map((id) => [id, `${POLICY_PATHS[id].slice(1)}.html`])),
}

/** How often a document's text shows a fact: each inline reference to it, each Grievance Officer card. */
function referencesTo(document: object, fact: string): number {
  const json = JSON.stringify(document)
  const inline = json.split(`"fact":"${fact}"`).length - 1
  const cards = fact.startsWith('grievanceOfficer') ? json.split('"_type":"grievanceContact"').length - 1 : 0
  return inline + cards
}

describe('the launch check in a build', () => {
  it('a build for the public address from the sample company facts fails, listing every sample at once, and writes no pages', async () => {
    const documents = bundledDocuments()
    // A link staff typed into another document is listed in the same failure, not in a second build.
    const about = documentById(documents, 'aboutPage')
    const paragraph = about.body.findIndex((block: {_type: string}) => block._type === 'block')
    about.body[paragraph].markDefs.push({
      _type: 'link',
      _key: 'typedlink1',
      href: 'mailto:hello@medistay.example',
    })
    // So is a server that e-mails each message while no row of Data processors sends e-mail.
    for (const row of documentById(documents, 'companyFacts').processors)
      row.purposes = row.purposes.filter((purpose: string) => purpose !== 'email')

    const result = await buildFrom(documents, {
      SITE_URL: PUBLIC_SITE_URL,
      SMTP_URL: `smtp://mail.${PUBLIC_DOMAIN}:587`,
      CONTACT_MAIL_FROM: publicMailbox('website'),
    })

    expect(result.code, result.output).not.toBe(0)
    expect(result.output).toContain(`this build is for ${PUBLIC_SITE_URL}, a public address`)
    expect(expectedListing.length).toBeGreaterThan(0)
    for (const line of expectedListing) expect(result.output).toContain(line)
    // Each sample row of the Data processors table is named, as staff find it in Studio.
    expect(result.output).toContain(
      `  - ${DOCUMENT_TITLES.companyFacts} → Data processors → row 2: "mail.example (sample e-mail provider), the United States"`,
    )
    expect(result.output).toContain(
      `  - ${DOCUMENT_TITLES.aboutPage} → paragraph ${paragraph + 1} → link: "mailto:hello@medistay.example"`,
    )
    // The sample history is listed once per version, with what to do about a document nobody can edit.
    for (const {policy, number} of bundledVersions as unknown as {policy: PolicyId; number: number}[])
      expect(result.output).toContain(
        `  - ${DOCUMENT_TITLES[policy]}, version ${number} → Company facts as quoted: "`,
      )
    expect(result.output).toContain('A policy version is never edited: delete the sample versions')
    // The sample translations, each by id and language (a public build refuses them on their own:
    // tests/unit/content/launchReport.test.ts).
    expect(sampleTranslations).toHaveLength(6)
    expect(result.output).toContain('Translations a public build cannot show')
    for (const {id, language} of sampleTranslations)
      expect(result.output).toContain(`  - ${id} (${language}): it is a sample translation`)
    expect(result.output).toContain('has Company facts that do not fit the law or this server')
    expect(result.output).toContain(
      'the server e-mails each message (SMTP_URL is set), but no row is the e-mail provider’s.',
    )
    expect(htmlFiles(result.outDir)).toEqual([])
  })

  it('a build for the public address with real company facts (and Hindi turned on) succeeds and shows none of the samples', async () => {
    const result = await builtWithRealFacts()

    expect(result.code, result.output).toBe(0)
    expect(result.output).not.toContain('which a build for the public address refuses')
    const pages = htmlFiles(result.outDir)
    expect(pages).toEqual(expect.arrayContaining(['index.html', 'contact-us.html', 'privacy-policy.html']))
    const leftovers: string[] = []
    for (const page of pages) {
      const html = decode(readFileSync(join(result.outDir, page), 'utf8'))
      for (const {key, value} of sampleFacts(bundledFacts)) {
        // A processor row is listed as "name, country": its name is what a page would show.
        const kind = key === 'processors' ? 'processors' : COMPANY_FACTS[key].kind
        const forms =
          kind === 'phone'
            ? [value, telHref(value)]
            : kind === 'processors'
              ? [value.split(',')[0]!]
              : [value]
        for (const form of forms) if (html.includes(form)) leftovers.push(`${page}: ${key} "${form}"`)
      }
      if (/\(sample\)/i.test(html)) leftovers.push(`${page}: "(sample)"`)
    }
    expect(leftovers).toEqual([])
  })

  it('an English edit of the Contact page leaves a public build passing: the stale translation shows English with its line, and the launch check names it', async () => {
    const {english, hindi} = forLaunch
    const result = await builtWithRealFacts()

    expect(result.code, result.output).toBe(0)
    expect(result.output).toMatch(
      /Launch check: \d+ places shown in English, untranslated\. The list: npm run launch-check\n/,
    )
    standIn.setDocuments(forLaunch.documents)
    const list = await launchCheckList({SITE_URL: PUBLIC_SITE_URL})
    expect(list.code, list.output).toBe(0)
    expect(list.output).toContain(
      `/hi/contact-us shows the English ${DOCUMENT_TITLES.contactPage} with the line that it is not translated: ` +
        'it translates an older English text (translation contactPage__i18n_hi).',
    )
    const page = decode(readFileSync(join(result.outDir, 'hi/contact-us.html'), 'utf8'))
    expect(page).toContain(hindi.notTranslatedLine)
    expect(page).toContain(english.reachUsHeading)
  })

  it('a local build from the sample company facts succeeds and counts the list in one line, which the command prints whole; a language added to Site settings (Tamil) leaves Hindi and Telugu shown', async () => {
    const documents = bundledDocuments()
    documentById(documents, 'siteSettings').languages.push(TAMIL)
    const result = await buildFrom(documents)

    expect(result.code, result.output).toBe(0)
    expect(bundledVersions.length).toBeGreaterThan(0)
    const samples = expectedListing.length + bundledVersions.length
    const [summary, ...more] = result.output.split('\n').filter((line) => line.includes('[launch-check]'))
    expect(summary).toMatch(
      new RegExp(
        `Launch check: ${samples} sample values, ${sampleTranslations.length} sample translations and \\d+ ` +
          'Company facts? to correct, which a build for the public address refuses; \\d+ places shown in English, ' +
          'untranslated\\. The list: npm run launch-check$',
      ),
    )
    expect(more).toEqual([])
    expect(result.output).not.toContain(expectedListing[0])

    const list = await launchCheckList()
    expect(list.code, list.output).toBe(0)
    expect(list.output).toContain(`the content holds ${samples} values that are samples`)
    for (const line of expectedListing) expect(list.output).toContain(line)
    for (const {id, language} of sampleTranslations)
      expect(list.output).toContain(`  - ${id} (${language}): it is a sample translation`)
    // What fell back to English, a line per page and language.
    expect(list.output).toMatch(/\(hi\): \/hi\/terms&conditions shows the English Terms and Conditions/)
    // A local build shows the sample Hindi Privacy Policy, under its sample line: no fallback.
    expect(list.output).not.toMatch(/\(hi\): \/hi\/privacy-policy shows the English/)
    expect(list.output).toMatch(/\(te\): \/te\/terms&conditions shows the English Terms and Conditions/)
    expect(htmlFiles(result.outDir)).toContain('index.html')
    // Tamil, with no translation yet, is English with its line; Hindi and Telugu keep their header,
    // menu, footer and Privacy Policy.
    expect(list.output).toContain(`${TAMIL.name} (ta): the header, menu and footer are shown in English`)
    expect(list.output).not.toMatch(/\((hi|te)\): the header, menu and footer are shown in English/)
    expect(list.output).not.toMatch(/\(te\): \/te\/privacy-policy shows the English/)
    for (const code of ['hi', 'te']) {
      const page = decode(readFileSync(join(result.outDir, `${code}/privacy-policy.html`), 'utf8'))
      const translated = documentById(documents, `siteSettings__i18n_${code}`)
      expect(page).toContain(translated.tagline)
      expect(page).toContain(documentById(documents, `privacyPolicy__i18n_${code}`).title)
    }
    expect(decode(readFileSync(join(result.outDir, 'ta/privacy-policy.html'), 'utf8'))).toContain(
      TAMIL.notTranslatedLine,
    )
  })
})

describe('company facts are entered once and shown on every page', () => {
  it("the Grievance Officer's e-mail is a mailto link on every page whose text refers to it", async () => {
    const result = await builtWithRealFacts()
    expect(result.code, result.output).toBe(0)
    const email = realFacts.grievanceOfficer.email
    const documents = bundledDocuments()

    const shownOn: Record<string, number> = {}
    for (const [id, page] of Object.entries(PAGE_OF_DOCUMENT)) {
      const document = documentById(documents, id)
      // While the privacy contact is the Grievance Officer, references to its e-mail show the same address.
      const expected =
        referencesTo(document, 'grievanceOfficerEmail') + referencesTo(document, 'privacyContactEmail')
      const shown = factsShown(readFileSync(join(result.outDir, page), 'utf8')).filter(({fact}) =>
        ['grievanceOfficerEmail', 'privacyContactEmail'].includes(fact),
      )
      expect(shown, page).toHaveLength(expected)
      for (const link of shown)
        expect(link, page).toEqual({fact: link.fact, href: `mailto:${email}`, text: email})
      shownOn[page] = shown.length
    }
    // The Contact page's Grievance Officer block and the Privacy Policy show it whatever the wording.
    expect(shownOn['contact-us.html']).toBeGreaterThan(0)
    expect(shownOn['privacy-policy.html']).toBeGreaterThan(0)
  })

  it('the legal name, registered office, CIN and GSTIN are in the footer of every page', async () => {
    const result = await builtWithRealFacts()
    expect(result.code, result.output).toBe(0)
    const pages = htmlFiles(result.outDir)
    expect(pages).toEqual(
      expect.arrayContaining([
        'index.html',
        'about-us.html',
        'contact-us.html',
        '404.html',
        ...Object.values(PAGE_OF_DOCUMENT),
      ]),
    )
    const expected = [
      {fact: 'legalName', href: undefined, text: realFacts.legalName},
      {
        fact: 'registeredOffice',
        href: undefined,
        text: 'Plot 14, Road No. 2, Banjara Hills, Hyderabad, Telangana 500034, India',
      },
      {fact: 'cin', href: undefined, text: realFacts.cin},
      {fact: 'gstin', href: undefined, text: realFacts.gstin},
    ]
    for (const page of pages) {
      expect(factsShown(footerOf(readFileSync(join(result.outDir, page), 'utf8'))), page).toEqual(
        expect.arrayContaining(expected),
      )
    }
  })

  it("the Contact page shows customer care's e-mail, phone and working hours", async () => {
    const result = await builtWithRealFacts()
    expect(result.code, result.output).toBe(0)
    const shown = factsShown(readFileSync(join(result.outDir, 'contact-us.html'), 'utf8'))
    const {email, phone} = realFacts.customerCare

    expect(shown).toEqual(
      expect.arrayContaining([
        {fact: 'customerCareEmail', href: `mailto:${email}`, text: email},
        {fact: 'customerCarePhone', href: 'tel:+914023456789', text: phone},
        {fact: 'customerCareHours', href: undefined, text: factText(realFacts as never, 'customerCareHours')},
      ]),
    )
  })
})
