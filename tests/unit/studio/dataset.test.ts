/**
 * The bundled dataset (studio/seed/production.ndjson, Sanity export format: one document a line)
 * is valid against the Studio schema, judged offline the way Studio judges it:
 *
 * - the schema is compiled with Studio's own `createSchema` from 'sanity' (builtin types as the
 *   parent schema, schema problems checked, then `inferFromSchema`, which attaches the rules);
 * - every document goes through `validateDocument` from `@sanity/validation`, with custom rules
 *   on, and with an in-process client whose `fetch` answers GROQ from the same dataset with
 *   groq-js and whose `doc` endpoint answers reference-existence checks from it;
 * - every error-level marker fails; warnings are printed only.
 */
import {readFileSync} from 'node:fs'
import {beforeAll, describe, expect, it} from 'vitest'
import {evaluate, parse} from 'groq-js'
import {defer, firstValueFrom, of, throwError} from 'rxjs'
import type {DocumentValidationMarker, DocumentValidationResult, ValidationClient} from '@sanity/validation'
import type {ObjectSchemaType, Path, SanityDocument, Schema} from '@sanity/types'
import {COMPANY_FACT_KEYS, PERIOD_SAMPLE_WARNING, SAMPLE_WARNING} from '../../../model/companyFacts'
import {
  changesPolicy,
  indiaToday,
  isCalendarDate,
  quotedKeys,
  quotesFor,
  sameQuotes,
  sameWording,
  versionId,
  type PolicyVersionDocument,
  type Quotes,
} from '../../../model/policyVersions'
import type {PolicyId} from '../../../model/siteDocuments'
import {SITE_CONTENT} from '../../../src/content/siteContent'
import {SANITY_API_VERSION} from '../../../model/sanityApi'
import {policyVersionSchema} from '../../../src/content/schemas'
import {realShapedCompanyFacts} from '../../support/companyFacts'

const DATASET_FILE = new URL('../../../studio/seed/production.ndjson', import.meta.url)

const EXPECTED_DOCUMENTS: Record<string, string> = {
  siteSettings: 'siteSettings',
  homePage: 'homePage',
  aboutPage: 'aboutPage',
  contactPage: 'contactPage',
  policyFigures: 'policyFigures',
  companyFacts: 'companyFacts',
  privacyPolicy: 'policy',
  termsAndConditions: 'policy',
  refundPolicy: 'policy',
  // The history of each policy; the highest number is the text its page shows.
  'policyVersion-privacyPolicy-1': 'policyVersion',
  'policyVersion-privacyPolicy-2': 'policyVersion',
  'policyVersion-privacyPolicy-3': 'policyVersion',
  'policyVersion-privacyPolicy-4': 'policyVersion',
  'policyVersion-privacyPolicy-5': 'policyVersion',
  'policyVersion-privacyPolicy-6': 'policyVersion',
  'policyVersion-privacyPolicy-7': 'policyVersion',
  'policyVersion-privacyPolicy-8': 'policyVersion',
  'policyVersion-termsAndConditions-1': 'policyVersion',
  'policyVersion-termsAndConditions-2': 'policyVersion',
  'policyVersion-termsAndConditions-3': 'policyVersion',
  'policyVersion-termsAndConditions-4': 'policyVersion',
  'policyVersion-termsAndConditions-5': 'policyVersion',
  'policyVersion-termsAndConditions-6': 'policyVersion',
  'policyVersion-termsAndConditions-7': 'policyVersion',
  'policyVersion-refundPolicy-1': 'policyVersion',
  'policyVersion-refundPolicy-2': 'policyVersion',
  'policyVersion-refundPolicy-3': 'policyVersion',
  'policyVersion-refundPolicy-4': 'policyVersion',
  'policyVersion-refundPolicy-5': 'policyVersion',
  'policyVersion-refundPolicy-6': 'policyVersion',
  'policyVersion-refundPolicy-7': 'policyVersion',
  // Sample translations (awaiting review) of the words of the Contact page, the header, menu and
  // footer and the Privacy Policy, and the plugin's documents that link each English document to
  // its translations.
  contactPage__i18n_hi: 'contactPage',
  contactPage__i18n_te: 'contactPage',
  siteSettings__i18n_hi: 'siteSettings',
  siteSettings__i18n_te: 'siteSettings',
  privacyPolicy__i18n_hi: 'policy',
  privacyPolicy__i18n_te: 'policy',
  'translation-metadata-contactPage': 'translation.metadata',
  'translation-metadata-siteSettings': 'translation.metadata',
  'translation-metadata-privacyPolicy': 'translation.metadata',
}

/**
 * Types the document-internationalization plugin defines and writes itself; Studio's own schema
 * types (which the validation below compiles) do not include them, so they get a test of their own.
 */
const PLUGIN_TYPES = new Set(['translation.metadata'])
const STUDIO_DOCUMENTS = Object.keys(EXPECTED_DOCUMENTS).filter(
  (id) => !PLUGIN_TYPES.has(EXPECTED_DOCUMENTS[id]!),
)

/** Every policy document: the English policies and their translations. */
const POLICY_DOCUMENTS = Object.keys(EXPECTED_DOCUMENTS).filter((id) => EXPECTED_DOCUMENTS[id] === 'policy')
/** The English policies, at the fixed ids; versions record their text. */
const POLICY_IDS = POLICY_DOCUMENTS.filter((id) => !id.includes('__i18n_')) as PolicyId[]

const CLIENT_CONFIG = {dataset: 'production', projectId: 'test', apiVersion: SANITY_API_VERSION}

// Type-level alias only: anything goes inside the documents we break on purpose.
type Doc = SanityDocument & Record<string, any>

function readDataset(): Doc[] {
  return readFileSync(DATASET_FILE, 'utf8')
    .split('\n')
    .map((line: string, index: number) => ({line: line.trim(), lineNumber: index + 1}))
    .filter(({line}: {line: string}) => line !== '')
    .map(({line, lineNumber}: {line: string; lineNumber: number}) => {
      try {
        return JSON.parse(line) as Doc
      } catch (error) {
        throw new Error(`production.ndjson line ${lineNumber} is not JSON: ${(error as Error).message}`, {
          cause: error,
        })
      }
    })
}

const documents = readDataset()
const byId = new Map(documents.map((doc) => [doc._id, doc]))

function original(id: string): Doc {
  const doc = byId.get(id)
  if (!doc) throw new Error(`The dataset has no document "${id}"`)
  return doc
}

/**
 * A stand-in for the configured Sanity client, answering from the dataset in this process.
 * validateDocument uses: `withConfig({apiVersion})` for the client it gives custom rules;
 * `getDataUrl('doc', ids)` + `observable.request(...)` for its batched reference-existence
 * check; `fetch` (raw perspective) for slug-uniqueness rules and custom rules that query (none in
 * this schema today, but a future one will get real answers rather than a crash). The dataset
 * holds published documents only (asserted below), so every perspective sees the same documents.
 */
function createDatasetClient(
  dataset: Doc[],
  config: Record<string, unknown> = CLIENT_CONFIG,
): ValidationClient {
  const query = async (groq: string, params: Record<string, unknown> = {}) =>
    (await evaluate(parse(groq, {params}), {dataset, params})).get()

  const request = ({url, query: search}: {url: string; query?: Record<string, string>}) => {
    const match = /^\/data\/doc\/([^/]+)\/([^?]+)$/.exec(url)
    if (!match || match[1] !== config.dataset) {
      return throwError(() => new Error(`Dataset client stand-in cannot answer a request to ${url}`))
    }
    const ids = match[2].split(',').map(decodeURIComponent)
    const found = ids.map((id) => dataset.find((doc) => doc._id === id))
    return of({
      documents: found
        .filter((doc) => doc !== undefined)
        .map((doc) => (search?.excludeContent ? {_id: doc!._id} : doc)),
      omitted: ids.filter((_, index) => !found[index]).map((id) => ({id, reason: 'existence'})),
    })
  }

  const client = {
    fetch: (groq: string, params?: Record<string, unknown>) => query(groq, params),
    getDataUrl: (operation: string, path?: string) =>
      `/data/${operation}/${config.dataset}${path ? `/${path}` : ''}`,
    config: () => ({...config}),
    withConfig: (next: Record<string, unknown>) => createDatasetClient(dataset, {...config, ...next}),
    clone: () => createDatasetClient(dataset, config),
    observable: {
      fetch: (groq: string, params?: Record<string, unknown>) => defer(() => query(groq, params)),
      request,
    },
  }
  return client as unknown as ValidationClient
}

/** Marker paths hold `{_key}` segments for keyed array items; turn them into array indexes. */
function normalisePath(doc: unknown, path: Path): string {
  const segments: string[] = []
  let value: any = doc
  for (const segment of path) {
    if (typeof segment === 'object' && segment !== null && '_key' in segment) {
      const index = Array.isArray(value) ? value.findIndex((item) => item?._key === segment._key) : -1
      segments.push(index >= 0 ? String(index) : `[_key=="${segment._key}"]`)
      value = index >= 0 ? value[index] : undefined
    } else if (Array.isArray(segment)) {
      segments.push(`[${segment.join(':')}]`)
      value = undefined
    } else {
      segments.push(String(segment))
      value = value?.[segment as string | number]
    }
  }
  return segments.join('.')
}

const describeMarker = (doc: Doc, marker: DocumentValidationMarker) =>
  `${doc._id} ${normalisePath(doc, marker.path) || '(document)'}: ${marker.message} [${marker.code}]`

const errorsOf = (result: DocumentValidationResult) =>
  result.markers.filter((marker) => marker.level === 'error')

let schema: Schema
let validateDocument: typeof import('@sanity/validation').validateDocument
const client = createDatasetClient(documents)

async function validate(doc: Doc): Promise<DocumentValidationResult> {
  return validateDocument({document: doc, schema, client})
}

const originalResults = new Map<string, Promise<DocumentValidationResult>>()
const validateOriginal = (id: string) => {
  if (!originalResults.has(id)) originalResults.set(id, validate(original(id)))
  return originalResults.get(id)!
}

beforeAll(async () => {
  // Importing 'sanity' (which the schema files import for defineType) takes ~2 s.
  const [{createSchema}, {schemaTypes}, validation] = await Promise.all([
    import('sanity'),
    import('../../../studio/schemaTypes/index.ts'),
    import('@sanity/validation'),
  ])
  schema = createSchema({name: 'default', types: schemaTypes})
  validateDocument = validation.validateDocument
})

/** A compiled schema's errors and warnings, one a line, each with the path to the type it is about. */
const schemaProblems = (compiled: Schema) =>
  (compiled._validation ?? []).flatMap((group) =>
    group.problems.map(
      (problem) =>
        `${problem.severity}: ${group.path.map((p) => p.name ?? (p.kind === 'type' ? p.type : '?')).join(' > ')}: ${problem.message}`,
    ),
  )

/**
 * The schema of the Studio's workspace as `sanity schema extract` gives it: studio/sanity.config.ts
 * resolved as Sanity's CLI resolves it (signed out; the plugins add their types), then Sanity's own
 * `extractSchema`. The CLI first bundles the whole Studio with Vite to load the configuration
 * (18 CPU s); here Node loads the same modules. Schema errors anywhere in the workspace fail it.
 */
async function extractWorkspaceSchema(): Promise<unknown> {
  const [{resolveConfig, SchemaError}, {extractSchema}, {createClient}, {default: config}] =
    await Promise.all([
      import('sanity'),
      import('@sanity/schema/_internal'),
      import('@sanity/client'),
      import('../../../studio/sanity.config.ts'),
    ])
  // The CLI's stand-in for a signed-out user: nothing is fetched while resolving a schema.
  const client = createClient({
    apiHost: 'http://localhost',
    apiVersion: SANITY_API_VERSION,
    projectId: 'unused',
    useCdn: false,
  })
  const auth = {state: of({authenticated: false, client, currentUser: null})}
  try {
    const [workspace] = await firstValueFrom(resolveConfig({...config, auth} as typeof config))
    return extractSchema(workspace!.schema, {enforceRequiredFields: true})
  } catch (error) {
    if (error instanceof SchemaError)
      throw new Error(`Schema errors:\n${schemaProblems(error.schema).join('\n')}`, {cause: error})
    throw error
  }
}

describe('Studio schema', () => {
  it('compiles without schema errors or warnings, as `sanity schema validate` judges it', () => {
    // Errors stop Studio loading any type; a warning is a mistake Studio only mentions in the console.
    expect(schemaProblems(schema)).toEqual([])
    // With schema errors createSchema compiles no types at all, and validation would skip every document.
    for (const type of new Set(STUDIO_DOCUMENTS.map((id) => EXPECTED_DOCUMENTS[id]!)))
      expect(schema.get(type)?.jsonType, type).toBe('object')
  })

  // The site's query types are generated from that file (tests/built/studio/typegen.test.ts).
  it('of the whole workspace is the committed studio/schema.json (run `npm run typegen`)', async () => {
    expect(await extractWorkspaceSchema()).toEqual(
      JSON.parse(readFileSync(new URL('../../../studio/schema.json', import.meta.url), 'utf8')),
    )
  }, 60_000)
})

describe('production.ndjson', () => {
  it('holds exactly the fixed documents, with their types, and no drafts or release versions', () => {
    const ids = documents.map((doc) => doc._id)
    expect(new Set(ids).size, `duplicate ids in ${ids.join(', ')}`).toBe(ids.length)
    expect(
      ids.filter((id) => id.includes('.')),
      'drafts or release versions',
    ).toEqual([])
    expect(Object.fromEntries(documents.map((doc) => [doc._id, doc._type]))).toEqual(EXPECTED_DOCUMENTS)
  })

  it('is what the stand-in client answers: GROQ through groq-js, reference checks through the doc endpoint', async () => {
    expect(
      await client
        .withConfig({apiVersion: SANITY_API_VERSION})
        .fetch('*[_type == $type] | order(_id)._id', {type: 'policy'}),
    ).toEqual([...POLICY_DOCUMENTS].sort())
    const url = client.getDataUrl('doc', 'policyFigures,drafts.policyFigures')
    const availability: any = await firstValueFrom(
      client.observable.request({url, query: {excludeContent: 'true'}}),
    )
    expect(availability.omitted).toEqual([{id: 'drafts.policyFigures', reason: 'existence'}])
  })

  it("links each English document to its translations as the plugin does, each in the entry's language", () => {
    for (const metadata of documents.filter((doc) => doc._type === 'translation.metadata')) {
      const entries = metadata.translations as {language: string; value: {_ref: string}}[]
      expect(entries.map((entry) => entry.language).sort(), metadata._id).toEqual(['en', 'hi', 'te'])
      for (const {language, value} of entries) {
        const translated = original(value._ref)
        expect(translated.language, value._ref).toBe(language)
        expect(metadata.schemaTypes, metadata._id).toEqual([translated._type])
      }
    }
  })

  // Concurrent: validateDocument batches reference-existence checks for 250 ms per document.
  describe.concurrent('every document passes Studio validation', () => {
    it.for(STUDIO_DOCUMENTS)('%s has no validation errors', {timeout: 20_000}, async (id, {expect}) => {
      const doc = original(id)
      const type = schema.get(doc._type)
      expect(type && 'fields' in type && type.type?.name, `schema type of ${id}`).toBe('document')

      const result = await validateOriginal(id)

      // Sample company facts warn by design; they have a test of their own below.
      const sampleWarning = (message: unknown) =>
        [SAMPLE_WARNING, PERIOD_SAMPLE_WARNING].includes(String(message))
      for (const marker of result.markers.filter((m) => m.level !== 'error' && !sampleWarning(m.message)))
        console.warn(`${marker.level}: ${describeMarker(doc, marker)}`)
      expect(
        errorsOf(result).map((marker) => describeMarker(doc, marker)),
        `validation errors in ${id}`,
      ).toEqual([])
      // "notEvaluated": some rule could not run (no client, or the client was unusable).
      expect(result.status, `validation status of ${id}`).not.toBe('notEvaluated')
      expect(result.markers.filter((m) => m.code === 'document.unknown-type')).toEqual([])
    })
  })

  describe.concurrent(
    'validation is not vacuous: a broken copy of a valid document fails at the broken field',
    () => {
      /** Where the first span-level child or mark definition matching `test` sits in a policy's sections. */
      function findInPolicyBody(
        id: string,
        test: (block: any) => number,
      ): {section: number; block: number; item: number} {
        const doc = original(id)
        for (const [section, {body = []}] of doc.sections.entries()) {
          for (const [block, item] of body.entries()) {
            const index = item._type === 'block' ? test(item) : -1
            if (index >= 0) return {section, block, item: index}
          }
        }
        throw new Error(`${id} has no such item in its sections`)
      }
      const link = findInPolicyBody('privacyPolicy', (block) =>
        (block.markDefs ?? []).findIndex((def: any) => def._type === 'link'),
      )
      const figure = findInPolicyBody('refundPolicy', (block) =>
        block.children.findIndex((child: any) => child._type === 'figureRef'),
      )
      const figurePath = `sections.${figure.section}.body.${figure.block}.children.${figure.item}`
      const HEADLESS_SECTION = 3

      const breakages: {
        name: string
        id: string
        path: string
        message?: RegExp
        breakIt: (doc: Doc) => void
      }[] = [
        {
          name: 'companyFacts with customer-care e-mail "not-an-email"',
          id: 'companyFacts',
          path: 'customerCare.email',
          message: /e-mail address/,
          breakIt: (doc) => {
            doc.customerCare.email = 'not-an-email'
          },
        },
        {
          name: 'companyFacts with an http (not https) app address',
          id: 'companyFacts',
          path: 'appUrl',
          message: /https/,
          breakIt: (doc) => {
            doc.appUrl = 'http://app.medistay.example/login'
          },
        },
        {
          name: 'companyFacts with a GSTIN whose check character is mistyped',
          id: 'companyFacts',
          path: 'gstin',
          message: /check character|mistyped/,
          breakIt: (doc) => {
            doc.gstin = doc.gstin.slice(0, 14) + (doc.gstin[14] === 'A' ? 'B' : 'A')
          },
        },
        {
          name: 'companyFacts with a CIN of 20 characters',
          id: 'companyFacts',
          path: 'cin',
          message: /21 characters/,
          breakIt: (doc) => {
            doc.cin = doc.cin.slice(1)
          },
        },
        {
          name: 'companyFacts with a five-digit PIN code',
          id: 'companyFacts',
          path: 'registeredOffice.pinCode',
          message: /six digits/,
          breakIt: (doc) => {
            doc.registeredOffice.pinCode = '50003'
          },
        },
        {
          name: 'companyFacts with a Grievance Officer phone without the country code',
          id: 'companyFacts',
          path: 'grievanceOfficer.phone',
          message: /international form/,
          breakIt: (doc) => {
            doc.grievanceOfficer.phone = '040 2345 6789'
          },
        },
        {
          name: 'companyFacts with a legal name without its company form',
          id: 'companyFacts',
          path: 'legalName',
          message: /company form/,
          breakIt: (doc) => {
            doc.legalName = 'MediStay India'
          },
        },
        {
          name: 'companyFacts naming another person for personal data, without an e-mail',
          id: 'companyFacts',
          path: 'privacyContact.email',
          message: /Required/,
          breakIt: (doc) => {
            doc.privacyContact = {
              sameAsGrievanceOfficer: false,
              name: 'Data Protection Officer (sample)',
              designation: 'Data Protection Officer (sample)',
              phone: '+44 20 7946 0102',
            }
          },
        },
        {
          name: 'privacyPolicy without any section',
          id: 'privacyPolicy',
          path: 'sections',
          message: /at least one section/,
          breakIt: (doc) => {
            doc.sections = []
          },
        },
        {
          name: `refundPolicy with the heading of section ${HEADLESS_SECTION} removed`,
          id: 'refundPolicy',
          path: `sections.${HEADLESS_SECTION}.heading`,
          message: /Required/,
          breakIt: (doc) => {
            delete doc.sections[HEADLESS_SECTION].heading
          },
        },
        {
          name: 'homePage without its "cities" section',
          id: 'homePage',
          path: 'sections',
          message: /cities/,
          breakIt: (doc) => {
            doc.sections = doc.sections.filter((section: any) => section.sectionId !== 'cities')
          },
        },
        {
          name: 'a policy version saying the law requires it without naming the law',
          id: 'policyVersion-privacyPolicy-5',
          path: 'shortNoticeLaw',
          message: /Name the law/,
          breakIt: (doc) => {
            doc.shortNoticeReasons = [...doc.shortNoticeReasons, 'requiredByLaw']
            delete doc.shortNoticeLaw
          },
        },
        {
          name: 'policyFigures with cancellationFeePercent 120',
          id: 'policyFigures',
          path: 'cancellationFeePercent',
          message: /100/,
          breakIt: (doc) => {
            doc.cancellationFeePercent = 120
          },
        },
        {
          name: 'privacyPolicy with a javascript: link in a section body',
          id: 'privacyPolicy',
          path: `sections.${link.section}.body.${link.block}.markDefs.${link.item}.href`,
          breakIt: (doc) => {
            doc.sections[link.section].body[link.block].markDefs[link.item].href = 'javascript:alert(1)'
          },
        },
        {
          name: 'refundPolicy with a figureRef naming no figure of the catalogue',
          id: 'refundPolicy',
          path: `${figurePath}.figure`,
          breakIt: (doc) => {
            doc.sections[figure.section].body[figure.block].children[figure.item].figure = 'vatPercent'
          },
        },
        {
          name: 'refundPolicy with a figureRef referencing a document that does not exist',
          id: 'refundPolicy',
          path: `${figurePath}.figures`,
          message: /published/,
          breakIt: (doc) => {
            doc.sections[figure.section].body[figure.block].children[figure.item].figures._ref =
              'noSuchFigures'
          },
        },
        {
          name: 'the Hindi Site settings with a history template that leaves out its date',
          id: 'siteSettings__i18n_hi',
          path: 'policyHistory.effectiveFrom',
          message: /Write \{date\} where that value goes/,
          breakIt: (doc) => {
            doc.policyHistory.effectiveFrom = 'लागू होने की तारीख:'
          },
        },
        {
          name: 'the English Site settings with a history template naming a value it cannot show',
          id: 'siteSettings',
          path: 'policyHistory.version',
          message: /\{num\} is not a value these words can show/,
          breakIt: (doc) => {
            doc.policyHistory.version = 'Version {num}'
          },
        },
        {
          name: 'the Telugu Site settings with the words of months without the number',
          id: 'siteSettings__i18n_te',
          path: 'figureWords.monthOther',
          message: /Write \{n\}/,
          breakIt: (doc) => {
            doc.figureWords.monthOther = 'నెలల'
          },
        },
      ]

      const cases = breakages.map(
        (breakage) => [`${breakage.name} → error at ${breakage.path}`, breakage] as const,
      )
      it.for(cases)('%s', {timeout: 20_000}, async ([, {id, path, message, breakIt}], {expect}) => {
        const broken = structuredClone(original(id))
        breakIt(broken)

        const errors = errorsOf(await validate(broken))
        const atPath = errors.filter((marker) => normalisePath(broken, marker.path) === path)

        expect(
          atPath.map((m) => m.message),
          `errors at ${path}; all errors: ${JSON.stringify(errors.map((m) => describeMarker(broken, m)))}`,
        ).not.toEqual([])
        if (message) expect(atPath.map((m) => m.message).join('\n')).toMatch(message)
        // Control: the unbroken document has no error there, so the breakage is what was caught.
        const before = errorsOf(await validateOriginal(id)).filter(
          (marker) => normalisePath(original(id), marker.path) === path,
        )
        expect(
          before.map((marker) => describeMarker(original(id), marker)),
          `errors at ${path} before the breakage`,
        ).toEqual([])
      })
    },
  )

  it('every figureRef in a policy names a field of the policyFigures document and references it', () => {
    const figures = original('policyFigures')
    const figureFields = new Set(
      ((schema.get('policyFigures') as ObjectSchemaType).fields ?? []).map((field) => field.name),
    )
    const found: string[] = []
    const problems: string[] = []

    const walk = (value: unknown, path: string[], id: string) => {
      if (Array.isArray(value))
        return value.forEach((item, index) => walk(item, [...path, String(index)], id))
      if (typeof value !== 'object' || value === null) return
      const node = value as Record<string, any>
      if (node._type === 'figureRef') {
        const where = `${id} ${path.join('.')}`
        found.push(where)
        const name = node.figure
        if (typeof name !== 'string' || name.startsWith('_') || !figureFields.has(name)) {
          problems.push(`${where}: figure ${JSON.stringify(name)} is not a field of the policyFigures type`)
        } else if (figures[name] === undefined || figures[name] === null) {
          problems.push(`${where}: figure "${name}" has no value in the policyFigures document`)
        }
        if (node.figures?._ref !== 'policyFigures') {
          problems.push(
            `${where}: figures references ${JSON.stringify(node.figures?._ref)}, not "policyFigures"`,
          )
        }
      }
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key], id)
    }
    for (const id of POLICY_DOCUMENTS) walk(original(id), [], id)

    expect(problems).toEqual([])
    // Every figureRef sits where the schema allows it: an inline object among a block's children.
    expect(
      found.filter((where) => !/\.body\.\d+\.children\.\d+$|^\S+ intro\.\d+\.children\.\d+$/.test(where)),
    ).toEqual([])
    expect(found.length, 'figureRefs found in the policies').toBeGreaterThan(0)
  })

  it('a Site settings translation without the words of a unit gets a warning naming what falls back to English, not an error', async () => {
    const lacking = structuredClone(original('siteSettings__i18n_hi'))
    delete lacking.figureWords.hourOther
    const markers = (await validate(lacking)).markers
    expect(errorsOf({markers} as DocumentValidationResult)).toEqual([])
    expect(
      markers
        .filter((marker) => marker.level === 'warning' && marker.path.join('.') === 'figureWords.hourOther')
        .map((marker) => marker.message),
    ).toEqual([
      'Missing: until it is filled, a policy in this language that counts in hours is shown in English.',
    ])
    // The English document keeps the model's words and is not asked for them.
    const english = (await validateOriginal('siteSettings')).markers
    expect(english.filter((marker) => marker.path[0] === 'figureWords')).toEqual([])
  })

  it('a policy with more or fewer than its usual 10 sections gets a warning, not an error, so staff can add a section the law requires', async () => {
    const longer = structuredClone(original('privacyPolicy'))
    longer.sections.push({...structuredClone(longer.sections[0]), _key: 'addedsection1'})
    const markers = (await validate(longer)).markers.filter(
      (marker) => normalisePath(longer, marker.path) === 'sections',
    )
    expect(markers.filter((marker) => marker.level === 'error')).toEqual([])
    expect(
      markers
        .filter((marker) => marker.level === 'warning')
        .map((marker) => marker.message)
        .join(),
    ).toMatch(/usually numbered in 10 sections; it has 11/)
  })

  describe('company facts', () => {
    const realShaped = (): Doc => ({
      ...structuredClone(original('companyFacts')),
      ...realShapedCompanyFacts(),
    })
    const sampleWarnings = (doc: Doc, result: DocumentValidationResult) =>
      result.markers
        .filter(
          (marker) =>
            marker.level === 'warning' &&
            [SAMPLE_WARNING, PERIOD_SAMPLE_WARNING].includes(String(marker.message)),
        )
        .map((marker) => normalisePath(doc, marker.path))
        .sort()

    it('a period is a whole number and a unit; text typed before periods were typed asks staff to enter it again', async () => {
      // Every level: outside Studio, @sanity/validation adds a warning-level check of unknown fields
      // to each rule of an object, which lowers the period's rules to warnings; Studio keeps them errors.
      const markersAt = async (field: string, value: unknown) => {
        const doc = {...realShaped(), [field]: value}
        return (await validate(doc)).markers
          .filter((marker) => normalisePath(doc, marker.path).startsWith(field))
          .map((marker) => marker.message)
      }
      expect(await markersAt('lastCopyGoneWithin', {_type: 'period', count: 35, unit: 'day'})).toEqual([])
      // Text kept from before: the page prints it as typed until staff enter it again.
      const typedAsText = {...realShaped(), lastCopyGoneWithin: '35 days'}
      const markers = (await validate(typedAsText)).markers.filter(
        (marker) => normalisePath(typedAsText, marker.path) === 'lastCopyGoneWithin',
      )
      expect(markers.map((marker) => marker.message).join()).toContain(
        'This period was entered as text ("35 days"): enter it again as a number and a unit',
      )
      expect(await markersAt('clinicDataExportPeriod', {_type: 'period', count: 90})).toContain(
        'Choose the unit the number counts: days, business days, weeks, months or hours.',
      )
      expect(await markersAt('clinicDataExportPeriod', {_type: 'period', count: 2.5, unit: 'day'})).toContain(
        'Enter a whole number of 1 or more.',
      )
      expect(await markersAt('bookingConfirmationWithin', {_type: 'period'})).toContain(
        'Enter the period: a number and a unit.',
      )
      expect(await markersAt('bookingConfirmationWithin', undefined)).not.toEqual([])
    })

    it('each sample value in the bundled dataset shows a Studio warning that it must be replaced before launch', async () => {
      const result = await validateOriginal('companyFacts')
      expect(sampleWarnings(original('companyFacts'), result)).toEqual(
        [
          'appUrl',
          'bookingConfirmationWithin',
          'cin',
          'clinicBackupsGoneWithin',
          'clinicDataExportPeriod',
          'dataProtectionBoardUrl',
          'lastCopyGoneWithin',
          'processors.0.name',
          'processors.1.name',
          'processors.2.name',
          'processors.3.name',
          'unverifiedChildDataDeletion',
          'customerCare.email',
          'customerCare.hours',
          'customerCare.phone',
          'grievanceOfficer.designation',
          'grievanceOfficer.email',
          'grievanceOfficer.name',
          'grievanceOfficer.phone',
          'grievanceOfficer.postalAddress',
          'gstin',
          'legalName',
          'registeredOffice',
        ].sort(),
      )
      expect(SAMPLE_WARNING).toMatch(/replace it before the site goes live/i)
    })

    it('real-shaped company facts pass Studio validation with no error and no sample warning', async () => {
      const doc = realShaped()
      const result = await validate(doc)
      expect(errorsOf(result).map((marker) => describeMarker(doc, marker))).toEqual([])
      expect(sampleWarnings(doc, result)).toEqual([])
    })

    it('someone other than the Grievance Officer may answer questions about personal data, with their own checked details', async () => {
      const doc = realShaped()
      doc.privacyContact = {
        sameAsGrievanceOfficer: false,
        name: 'Rahul Iyer',
        designation: 'Data Protection Officer',
        email: 'dpo@arogyastays.in',
        phone: '+91 40 2345 6791',
      }
      expect(errorsOf(await validate(doc))).toEqual([])
      doc.privacyContact.phone = '12345'
      const errors = errorsOf(await validate(doc)).map((marker) => normalisePath(doc, marker.path))
      expect(errors).toEqual(['privacyContact.phone'])
    })
  })

  it('every factRef in the text names a company fact and references the Company facts document', () => {
    const found: string[] = []
    const problems: string[] = []
    const walk = (value: unknown, path: string[], id: string) => {
      if (Array.isArray(value))
        return value.forEach((item, index) => walk(item, [...path, String(index)], id))
      if (typeof value !== 'object' || value === null) return
      const node = value as Record<string, any>
      if (node._type === 'factRef') {
        const where = `${id} ${path.join('.')}`
        found.push(where)
        if (!(COMPANY_FACT_KEYS as string[]).includes(node.fact))
          problems.push(`${where}: no fact ${JSON.stringify(node.fact)}`)
        if (node.facts?._ref !== 'companyFacts')
          problems.push(`${where}: references ${JSON.stringify(node.facts?._ref)}`)
      }
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key], id)
    }
    for (const doc of documents) walk(doc, [], doc._id)
    expect(problems).toEqual([])
    expect(found.filter((where) => !/\.children\.\d+$/.test(where))).toEqual([])
    expect(found.length, 'factRefs found in the text').toBeGreaterThan(0)
  })

  describe('policy versions', () => {
    const versions = documents.filter(
      (doc) => doc._type === 'policyVersion',
    ) as unknown as PolicyVersionDocument[]
    const versionsOf = (policy: PolicyId) =>
      versions.filter((version) => version.policy === policy).sort((a, b) => a.number - b.number)
    const printed = (quotes: Quotes) => ({
      figures: Object.fromEntries(quotes.figures.map(({figure, text}) => [figure, text])),
      facts: Object.fromEntries(quotes.facts.map(({fact, text}) => [fact, text])),
    })

    it('every version belongs to a bundled policy', () => {
      expect(versions.length).toBeGreaterThan(0)
      expect(versions.filter((version) => !POLICY_IDS.includes(version.policy)).map(({_id}) => _id)).toEqual(
        [],
      )
    })

    it.for(POLICY_IDS)(
      '%s: versions numbered 1..n at their permanent ids, dated in order, each recorded by its effective day',
      (policy) => {
        const own = versionsOf(policy)
        expect(own.length, `versions of ${policy}`).toBeGreaterThan(0)
        expect(own.map((version) => version.number)).toEqual(own.map((_, index) => index + 1))
        expect(own.map((version) => version._id)).toEqual(
          own.map((version) => versionId(policy, version.number)),
        )
        const dates = own.map((version) => version.effectiveDate)
        expect(
          dates.filter((date) => !isCalendarDate(date)),
          'not calendar dates',
        ).toEqual([])
        expect(dates, 'effective dates never go back').toEqual([...dates].sort())
        const recorded = own.map((version) => new Date(version.recordedAt).getTime())
        expect(recorded, 'recorded in the order of their numbers').toEqual(
          [...recorded].sort((a, b) => a - b),
        )
        // The publish dialog refuses a date before today in India, so no version was recorded after its day.
        expect(
          own
            .filter((version) => indiaToday(new Date(version.recordedAt)) > version.effectiveDate)
            .map(
              ({_id, recordedAt, effectiveDate}) =>
                `${_id}: recorded ${recordedAt}, effective ${effectiveDate}`,
            ),
        ).toEqual([])
      },
    )

    it.for(POLICY_IDS)(
      'the latest version of %s reads exactly as the published policy, quoting the figures and facts as they are now',
      (policy) => {
        const latest = versionsOf(policy).at(-1)!
        const published = original(policy) as unknown as PolicyVersionDocument
        const quotes = quotesFor(published, original('policyFigures'), original('companyFacts') as never)
        // The readable differences first, then the rules the site and Studio apply.
        expect({title: latest.title, intro: latest.intro, sections: latest.sections}).toEqual({
          title: published.title,
          intro: published.intro,
          sections: published.sections,
        })
        expect(printed(latest)).toEqual(printed(quotes))
        expect(sameWording(latest, published), `${latest._id} has the wording of ${policy}`).toBe(true)
        expect(sameQuotes(latest, quotes), `${latest._id} quotes the values of today`).toBe(true)
      },
    )

    it('every version quotes exactly the figures and facts its own text refers to, each with its printed text', () => {
      for (const version of versions) {
        const keys = quotedKeys(version)
        expect(version.figures.map(({figure}) => figure).sort(), `${version._id} figures`).toEqual(
          [...keys.figures].sort(),
        )
        expect(version.facts.map(({fact}) => fact).sort(), `${version._id} facts`).toEqual(
          [...keys.facts].sort(),
        )
        expect(
          [...version.figures, ...version.facts].filter(({text}) => !text?.trim()),
          `${version._id} quotes without text`,
        ).toEqual([])
      }
    })

    it('every version after the first changes the wording or a quoted value, as publishing requires', () => {
      for (const policy of POLICY_IDS) {
        const own = versionsOf(policy)
        for (const [index, version] of own.entries()) {
          if (index === 0) continue
          expect(changesPolicy(own[index - 1], version, version), `${version._id} changes nothing`).toBe(true)
        }
      }
    })

    it("every version is what the build accepts: the site's query answers it and policyVersionSchema parses it", async () => {
      const rows: any[] = await client.fetch(
        SITE_CONTENT.policyVersions.query,
        SITE_CONTENT.policyVersions.params,
      )
      expect(rows.map((row) => row._id).sort()).toEqual(versions.map(({_id}) => _id).sort())
      const problems = rows.flatMap((row) => {
        const result = policyVersionSchema.safeParse(row)
        return result.success
          ? []
          : result.error.issues.map((issue) => `${row._id} ${issue.path.join('.')}: ${issue.message}`)
      })
      expect(problems).toEqual([])
    })
  })
})

describe('the sample history before launch', () => {
  it("the operator's delete command (docs/operating.md) names exactly the bundled policy versions", () => {
    const doc = readFileSync(new URL('../../../docs/operating.md', import.meta.url), 'utf8')
    const command = doc.split('\n').find((line) => line.startsWith('npx sanity documents delete '))
    const bundled = readFileSync(new URL('../../../studio/seed/production.ndjson', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as {_id: string; _type: string})
      .filter((document) => document._type === 'policyVersion')
      .map((document) => document._id)
    expect(bundled.length).toBeGreaterThan(0)
    expect(command?.split(' ').slice(4).sort()).toEqual([...bundled].sort())
  })
})

describe('the words the legal review changed', () => {
  /** The bundled documents by id, as read once above; `text` is one of them as the JSON a test searches. */
  const bundledById: Record<string, Doc> = Object.fromEntries(byId)
  const bundled = () => bundledById
  const text = (id: string) => JSON.stringify(byId.get(id))

  it("the short-notice words after a version's summary are the Studio's examples, and claim nothing of data", async () => {
    const {POLICY_HISTORY_WORDS, SHORT_NOTICE_WORDS} = await import('../../../model/policyVersions')
    const words = bundled().siteSettings!.policyHistory
    for (const word of ['shortNoticeBecause', ...Object.values(SHORT_NOTICE_WORDS)] as const) {
      expect(words[word], word).toBe(POLICY_HISTORY_WORDS[word].example)
      expect(words[word], word).not.toMatch(/data/)
    }
    // Kept for versions recorded with one reason, before reasons were listed one by one.
    expect(words.shortNoticeTakesNothingAway).toBe(POLICY_HISTORY_WORDS.shortNoticeTakesNothingAway.example)
    expect(words.shortNoticeRequiredByLaw).toBe(POLICY_HISTORY_WORDS.shortNoticeRequiredByLaw.example)
  })

  it('every bundled version with short notice names its own reasons; a part that waits for the law needs none', () => {
    const versions = documents.filter((doc) => doc._type === 'policyVersion')
    // Versions are recorded in the new form only: the old single reason is read, never bundled.
    expect(versions.filter((version) => version.shortNotice).map(({_id}) => _id)).toEqual([])
    // Privacy 5's longer logs apply only from 13 May 2027, more than the notice period after it was
    // announced: they need no short-notice reason (the eighth review), and the summary says when.
    expect(bundled()['policyVersion-privacyPolicy-5']).toMatchObject({
      shortNoticeReasons: ['correction', 'newRight'],
      summary: expect.stringContaining(
        'From 13 May 2027, when DPDP duties start, over 30 days after this announcement, the Data Protection Board gets breach reports and complaints, and request logs are kept a year, not 180 days, as DPDP Rules r.8(3) require',
      ),
    })
    expect(bundled()['policyVersion-privacyPolicy-5'].shortNoticeLaw).toBeUndefined()
    for (const version of versions.filter((version) => version.shortNoticeReasons))
      expect(version.shortNoticeReasons.includes('requiredByLaw'), version._id).toBe(false)
  })

  it('no policy, version in force or form keeps the wording the review found wrong', () => {
    const documents = bundled()
    const current = [
      'privacyPolicy',
      'termsAndConditions',
      'refundPolicy',
      'policyVersion-privacyPolicy-7',
      'policyVersion-privacyPolicy-8',
      'policyVersion-termsAndConditions-6',
      'policyVersion-termsAndConditions-7',
      'policyVersion-refundPolicy-7',
      'contactPage',
      'homePage',
      'aboutPage',
      // The words, not a summary, which may quote what a correction replaced.
    ].map((id) => JSON.stringify({...documents[id], summary: undefined}))
    for (const old of [
      'apart from any health details',
      'non-refundable when you cancel',
      'needs your GSTIN',
      'which is retained along with it',
      'Payment gateway charges',
      'evidence of misuse',
      'the answer will not use them',
      'it needs a message, an e-mail address or a phone number',
      'Transparent pricing',
      'We check availability',
      'The right doctor',
      // The third review: a refund floor, a decision instead of redress, a notice of options.
      'no sooner than',
      'we give you our decision on it',
      'cannot cancel it at all',
      'cannot be cancelled at all',
      'counting your cancellation as your request',
      'if we keep messages there',
      'If one of these providers is outside India',
      'for as long as our plan with that provider keeps history',
      'unless a law requires longer',
      'Whether a subscription renews is shown',
      'By using our website',
      'Before we process the data, we check',
      // The fourth review: a notice described as the text itself, a dispute process the Terms do not have.
      'this page shows the new text',
      'under the dispute process in our',
    ])
      for (const [index, json] of current.entries()) expect(json, `${old} (${index})`).not.toContain(old)
    // Box 1 covers keeping and reading to reply, where the notice says; box 2 planning care and sharing.
    expect(documents.contactPage!.form.consentLabel).toContain(
      'with the providers named there, in India and the United States, and its staff may read it to reply to me',
    )
    expect(documents.contactPage!.form.healthDetailsLabel).toContain(
      'to arrange my care with the doctors and hospitals I choose, and share them with those doctors and hospitals for it',
    )
  })

  it('the latest texts carry the second review of round three: an end for every copy, facts instead of conditions, the exceptions named', () => {
    const documents = bundled()
    const latest = [
      'privacyPolicy',
      'termsAndConditions',
      'refundPolicy',
      'policyVersion-privacyPolicy-8',
      'policyVersion-termsAndConditions-7',
      'policyVersion-refundPolicy-7',
      'contactPage',
    ].map((id) => JSON.stringify(documents[id]))
    for (const old of [
      'the list above names a provider',
      'may process payment data outside India',
      'for a reasonable period after it ends, after which we may delete it',
      'make up these differences.',
      'we first ask that adult',
      'a booking cannot be cancelled free of charge.',
      'you cannot cancel it free of charge.',
    ])
      for (const [index, json] of latest.entries()) expect(json, `${old} (${index})`).not.toContain(old)
    const privacy = JSON.stringify(documents.privacyPolicy)
    for (const fact of [
      'emailProcessors',
      'paymentProcessors',
      'dataProtectionBoardUrl',
      'clinicDataExportPeriod',
    ])
      expect(privacy, fact).toContain(`"fact":"${fact}"`)
    expect(JSON.stringify(documents.termsAndConditions)).toContain('"fact":"bookingConfirmationWithin"')
    expect(JSON.stringify(documents.refundPolicy)).toContain('"fact":"bookingConfirmationWithin"')
    // What could take something away waits the notice period; the rest applies at once, saying why.
    const version = (id: string) =>
      documents[id] as unknown as {effectiveDate: string; shortNoticeReasons?: string[]}
    for (const id of ['privacyPolicy-6', 'privacyPolicy-7', 'termsAndConditions-6', 'refundPolicy-7'])
      expect(version(`policyVersion-${id}`), id).toMatchObject({
        effectiveDate: '2026-11-25',
        shortNoticeReasons: expect.arrayContaining(['correction']),
      })
    for (const id of ['privacyPolicy-8', 'termsAndConditions-7']) {
      expect(version(`policyVersion-${id}`).effectiveDate, id).toBe('2026-12-26')
      expect(version(`policyVersion-${id}`).shortNoticeReasons, id).toBeUndefined()
    }
  })

  it('the third review of round three: the promise in force for a child’s message stands until the new one applies, and only for earlier messages after it', () => {
    const documents = bundled()
    // "Every copy" survives only as the rule in force, and as the rule for messages received before it changes.
    for (const id of ['contactPage', 'privacyPolicy', 'policyVersion-privacyPolicy-8'])
      expect(text(id).split('every copy we control').length - 1, id).toBe(1)
    expect(text('contactPage')).toContain('a message received before that day keeps the first rule.')
    expect(text('privacyPolicy')).toContain(
      'A message received before the day from which this version applies keeps the rule of the version before it',
    )
    // An announced change is a link to its text, and the versions in force and announced say so.
    for (const id of [
      'privacyPolicy',
      'termsAndConditions',
      'privacyPolicy-7',
      'privacyPolicy-8',
      'termsAndConditions-6',
      'termsAndConditions-7',
    ])
      expect(text(documents[id] ? id : `policyVersion-${id}`), id).toContain(
        'this page links to the new text',
      )
    // Summaries: the upcoming change says what it does, not how it was drafted; each no-notice change
    // records its reasons, which readers see after the summary (the summary need not repeat them).
    const summary = (id: string) => documents[`policyVersion-${id}`]!.summary as string
    expect(summary('privacyPolicy-8')).toContain('Earlier messages keep the 30-day rule for every copy.')
    for (const id of ['privacyPolicy-8', 'termsAndConditions-7'])
      expect(summary(id), id).not.toMatch(/correct|amended/i)
    for (const id of [4, 5, 6, 7]
      .map((n) => `privacyPolicy-${n}`)
      .concat([4, 5, 6].map((n) => `termsAndConditions-${n}`))
      .concat([4, 5, 6, 7].map((n) => `refundPolicy-${n}`)))
      expect(documents[`policyVersion-${id}`]!.shortNoticeReasons, id).toEqual(
        expect.arrayContaining([expect.any(String)]),
      )
    expect(summary('privacyPolicy-6')).toContain('“erased” covered the live data, never its backups')
  })

  it('the fourth review of round three: corrections apply at once, the changes announced after them wait, and their summaries give the periods', async () => {
    const {factText} = await import('../../../model/companyFacts')
    const documents = bundled()
    const version = (id: string) => documents[`policyVersion-${id}`]!
    // Each correction was recorded before the change announced after it, so the change keeps it.
    for (const [correction, announced] of [
      ['privacyPolicy-7', 'privacyPolicy-8'],
      ['termsAndConditions-6', 'termsAndConditions-7'],
    ])
      expect(version(correction).recordedAt < version(announced).recordedAt, announced).toBe(true)
    // The announced summaries print each period as the Company facts print it, not "a further period".
    const facts = documents.companyFacts as never
    for (const [id, quoted] of [
      ['privacyPolicy-8', ['unverifiedChildDataDeletion', 'lastCopyGoneWithin', 'clinicDataExportPeriod']],
      ['termsAndConditions-7', ['clinicDataExportPeriod', 'clinicBackupsGoneWithin']],
    ] as const) {
      for (const fact of quoted) expect(version(id).summary, `${id} ${fact}`).toContain(factText(facts, fact))
      expect(version(id).summary, id).not.toMatch(/further period|stated period|stated time/)
    }
    // A clinic whose subscription ended before the change keeps the export period from its date.
    for (const id of ['termsAndConditions', 'policyVersion-termsAndConditions-7'])
      expect(text(id), id).toContain('A subscription that ended before 26 December 2026 keeps at least ')
    // The Terms state the right the Refund Policy gives on exchange-rate and bank-charge differences.
    for (const id of [
      'termsAndConditions',
      'policyVersion-termsAndConditions-6',
      'policyVersion-termsAndConditions-7',
    ])
      expect(text(id), id).toContain(
        'If we cancel, or a refund follows a failure on our part, we make up exchange-rate and bank-charge differences you show us (see our ',
      )
    // An unsettled complaint goes where the law and the Terms name, not to a process that does not exist.
    for (const id of ['refundPolicy', 'policyVersion-refundPolicy-7'])
      expect(text(id), id).toContain(
        'If the matter is still not settled, you may go to the National Consumer Helpline or a Consumer Commission, or to the courts named in our ',
      )
    // The Hindi and Telugu samples follow the corrected text in force, with a summary of every version.
    for (const language of ['hi', 'te']) {
      const translation = documents[`privacyPolicy__i18n_${language}`]!
      expect(translation.translation.translates, language).toBe('7')
      expect(
        translation.versionSummaries.map((entry: {version: number}) => entry.version),
        language,
      ).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    }
    expect(text('privacyPolicy__i18n_hi')).toContain('यह पेज नए पाठ का लिंक देता है')
    expect(text('privacyPolicy__i18n_te')).toContain('ఈ పేజీ కొత్త పాఠానికి లింక్ ఇస్తుంది')
  })

  it('the fifth review of round three: no version took a right away at short notice, and each summary says what changed, with its figures', () => {
    const documents = bundled()
    const versions = Object.values(documents).filter((document) => document._type === 'policyVersion')
    const version = (id: string) => documents[`policyVersion-${id}`]!
    const text = (id: string) => JSON.stringify({...version(id), summary: undefined})
    // The June fee change also lowered what we pay when we cancel: announced with the full notice.
    for (const id of ['termsAndConditions-2', 'refundPolicy-2']) {
      expect(version(id).shortNotice, id).toBeUndefined()
      expect(version(id).noticeDays, id).toBe(30)
      expect(version(id).recordedAt < '2026-05-16', id).toBe(true)
      expect(version(id).summary, id).toContain(
        'The amount we pay you when we cancel, equal to that fee, fell with it from 25% to 20%.',
      )
    }
    // No version ever weakened redress to "our decision"; the one that strengthened it says what it replaced.
    for (const document of versions)
      expect(JSON.stringify(document), document._id as string).not.toMatch(
        /our decision on it|given you our decision/,
      )
    for (const id of ['termsAndConditions-3', 'refundPolicy-4', 'privacyPolicy-4'])
      expect(text(id), id).toContain(' of receipt and resolved within ')
    for (const id of ['termsAndConditions-4', 'refundPolicy-5', 'privacyPolicy-5']) {
      expect(version(id).summary, id).toContain('redressed within one month')
      expect(version(id).summary, id).not.toMatch(/Restores|wrongly/)
    }
    // Version 4 of the Privacy Policy brought the boxes as version 5 has them: version 5 widened none.
    for (const words of [
      'you allow us to use the health details in your message to arrange your care with the doctors and hospitals you choose, and to share them with those doctors and hospitals for it.',
      'Under the first box, our staff read your message, including any health details in it, and reply to you; we use it for nothing else.',
    ])
      for (const id of ['privacyPolicy-4', 'privacyPolicy-5']) expect(text(id), id).toContain(words)
    // Retention: the figures, and whether each change was a correction.
    // The seventh review: a correction says plainly what was promised, what was kept, and how long.
    expect(version('privacyPolicy-4').summary).toContain(
      'we said messages were deleted after 12 months, but our content management provider’s document history kept copies longer, for as long as our plan keeps history',
    )
    expect(version('privacyPolicy-5').summary).toContain(
      'copies outlived the 12 months we gave, in backups, deleted items and document history: now by 35 days (sample) at most',
    )
    expect(version('privacyPolicy-5').summary).toContain(
      'a child’s message is kept and used, until a parent consents, only to seek and verify consent',
    )
    expect(version('privacyPolicy-6').summary).not.toContain('hourly')
    // The figures the summaries were missing.
    for (const [id, figures] of [
      ['refundPolicy-3', ['10 business days', '3–5 weeks']],
      ['refundPolicy-5', ['5 weeks', 'one month']],
      ['termsAndConditions-4', ['5 weeks', 'one month']],
      ['termsAndConditions-5', ['2 business days (sample)']],
      ['refundPolicy-6', ['2 business days (sample)']],
      ['privacyPolicy-6', ['35 days (sample)']],
      ['termsAndConditions-3', ['30 days']],
      ['refundPolicy-4', ['20%', '3–5 weeks after verification', '15 business days', '48 hours']],
    ] as const)
      for (const figure of figures) expect(version(id).summary, `${id} ${figure}`).toContain(figure)
  })

  it('the fifth review: texts that agree with each other, and hi/te samples that keep every sentence and date', () => {
    const documents = bundled()
    // Clinic data: the Terms in force delete it after the export period, as the Privacy Policy says.
    expect(text('policyVersion-termsAndConditions-6')).not.toContain('after which we may delete it')
    for (const id of [
      'policyVersion-termsAndConditions-6',
      'policyVersion-termsAndConditions-7',
      'termsAndConditions',
    ])
      expect(text(id), id).toMatch(
        /We then delete it, and its backup copies are gone at the latest ","marks":\[\]},\{"_type":"factRef","_key":"\w+","fact":"clinicBackupsGoneWithin"/,
      )
    // A cheaper change is refunded on the one timeline that applies to it, with no verification.
    for (const id of ['policyVersion-refundPolicy-7', 'refundPolicy']) {
      // The words, not the summary, which quotes what the correction replaced.
      expect(JSON.stringify({...documents[id], summary: undefined}), id).not.toContain(
        'on the same timelines as other refunds',
      )
      expect(text(id), id).toMatch(
        /we refund the difference within ","marks":\[\]},\{"_type":"figureRef","_key":"\w+","figure":"refundProcessingWeeks".{0,120}"text":" of the change, with no verification\."/,
      )
    }
    // Privacy section 8 keeps its last two sentences in the samples.
    expect(text('privacyPolicy__i18n_hi')).toContain(
      'तो हम आपको इसका कारण बताएँगे। अगर आप हमारे उत्तर से संतुष्ट नहीं हैं',
    )
    expect(text('privacyPolicy__i18n_te')).toContain('ఎందుకో మీకు చెబుతాము. మా సమాధానంతో మీకు సంతృప్తి లేకపోతే')
    // The Telugu version 8 summary names the day a subscription's export period runs from.
    const summaries = documents.privacyPolicy__i18n_te!.versionSummaries as {
      version: number
      summary: string
    }[]
    expect(summaries.find(({version}) => version === 8)!.summary).toContain(
      'ముందే ముగిసినదైతే, 26 డిసెంబర్, 2026 నుండి',
    )
  })

  it('the sample translations say what the English says: redress within the month, the menu disclaimer, the age of a child', () => {
    const documents = bundled()
    for (const id of ['contactPage__i18n_hi', 'privacyPolicy__i18n_hi']) {
      expect(text(id), id).toContain('के भीतर उसका निवारण किया जाता है')
      expect(text(id), id).not.toContain('अपना निर्णय बताते हैं')
    }
    for (const id of ['contactPage__i18n_te', 'privacyPolicy__i18n_te']) {
      expect(text(id), id).toContain('లోపు అది పరిష్కరించబడుతుంది')
      // The Telugu word for a child carries "under 18" beside it.
      expect(text(id), id).toContain('ఒక బిడ్డ (')
      expect(text(id), id).toContain('ఏళ్ల లోపు వయసు ఉన్న ఎవరైనా')
    }
    // The menus call them independent hotels near embassies, in the language: never "embassy hotels" alone.
    const cities = (id: string) =>
      (documents[id]!.navItems as {sectionId: string; label: string}[]).find(
        (item) => item.sectionId === 'cities',
      )!.label
    expect(cities('siteSettings__i18n_hi')).toBe('दूतावासों के पास स्वतंत्र होटल')
    expect(cities('siteSettings__i18n_te')).toBe('ఎంబసీల దగ్గర స్వతంత్ర హోటళ్లు')
    // The lines of each language the dataset has a sample translation in (a language turned on
    // later, with nothing translated yet, has lines of its own).
    const translated = (documents.siteSettings!.languages as {code: string}[]).filter(
      ({code}) => documents[`siteSettings__i18n_${code}`],
    )
    expect(translated.length).toBeGreaterThan(0)
    for (const language of translated as unknown as {sampleLine: string; englishTextLink: string}[]) {
      expect(language.sampleLine).toMatch(/अंग्रेज़ी पाठ ही मान्य है|ఆంగ్ల పాఠమే చెల్లుబాటు అవుతుంది/)
      expect(language.englishTextLink).not.toBe('')
    }
  })

  it('the sixth review of round three: a change that only adds rights reaches bookings already paid, and the Refund Policy says how it changes', () => {
    const documents = bundled()
    // Terms s.13 in force (today's correction), in the announced version and in the policy document.
    for (const id of [
      'policyVersion-termsAndConditions-6',
      'policyVersion-termsAndConditions-7',
      'termsAndConditions',
    ])
      expect(text(id), id).toContain(
        'which continue under the terms that applied when you booked, unless the law requires otherwise, and except a change that only gives you more rights, which applies to them too.',
      )
    expect(text('policyVersion-termsAndConditions-5')).not.toContain('only gives you more rights')
    expect(documents['policyVersion-termsAndConditions-6']!.summary).toContain(
      'A change that only gives you more rights now also applies to bookings already paid.',
    )
    // The Refund Policy says how it changes, as the Terms' "Changes to These Terms and Contact" does.
    for (const id of ['policyVersion-refundPolicy-7', 'refundPolicy'])
      expect(text(id), id).toMatch(
        /"text":"Changes to This Policy".*"href":"\/terms&conditions#changes-to-these-terms-and-contact".*"text":" sets out: a change is announced at least ","marks":\[\]},\{"_type":"figureRef","_key":"\w+","figure":"policyChangeNoticeDays".{0,120}"text":" before it applies, except that a change that takes away no right and adds no purpose, such as a correction, clearer wording or a new right for you, or a change the law requires from an earlier date, may apply sooner;/,
      )
    expect(text('policyVersion-refundPolicy-6')).not.toContain('Changes to This Policy')
    expect(documents['policyVersion-refundPolicy-7']!.summary).toContain(
      "says we change this policy as our Terms set out: at least 30 days' notice, except for the reasons they list.",
    )
  })

  it('the eighth and ninth reviews: to book for a child you must be the child’s parent or lawful guardian, from today (a correction in Terms 6)', () => {
    const documents = bundled()
    for (const id of [
      'policyVersion-termsAndConditions-6',
      'policyVersion-termsAndConditions-7',
      'termsAndConditions',
    ]) {
      expect(text(id), id).toContain(
        "you confirm that you have their permission, or that you are their lawful guardian, and you accept these terms on their behalf; to book for a child, you must be the child's parent or lawful guardian.",
      )
      expect(text(id), id).not.toContain('have their permission, or that you are their parent')
    }
    // The version in force says so, as a correction; the announced one no longer claims it as its change.
    expect(documents['policyVersion-termsAndConditions-6']!.summary).toContain(
      'only the child’s parent or lawful guardian may book for the child.',
    )
    expect(documents['policyVersion-termsAndConditions-6']!.shortNoticeReasons).toContain('correction')
    expect(documents['policyVersion-termsAndConditions-7']!.summary).not.toContain('Section 1')
  })

  it('the tenth review: no clinic data is deleted before the export promise applies, and summaries give their figures and what they replaced', () => {
    const documents = bundled()
    const summary = (id: string) => documents[`policyVersion-${id}`]!.summary as string
    expect(JSON.stringify(documents['policyVersion-termsAndConditions-6'])).toContain(
      'and we delete no clinic’s data before 26 December 2026.',
    )
    expect(summary('termsAndConditions-6')).toContain('we delete no clinic’s data before 26 December 2026')
    expect(summary('termsAndConditions-7')).toContain('As now, we then delete the data')
    for (const id of ['termsAndConditions-3', 'termsAndConditions-5'])
      expect(summary(id), id).toContain('processing fee (20% of the service fee)')
    expect(summary('termsAndConditions-4')).toContain(
      '(before: 3–5 weeks after verification, never sooner than 15 business days)',
    )
    expect(summary('privacyPolicy-6')).toContain('(before: within a reasonable time)')
  })

  it('the eleventh review: a part not yet started is cancelled on the Contact page too, and the Contact page points to the Terms for a booking or refund', () => {
    const documents = bundled()
    for (const id of ['policyVersion-refundPolicy-7', 'refundPolicy'])
      expect(text(id), id).toContain('or using our Contact page (for clinic software')
    expect(text('policyVersion-refundPolicy-6')).not.toContain(
      'or using our Contact page (for clinic software',
    )
    expect(documents['policyVersion-refundPolicy-7']!.shortNoticeReasons).toEqual(['correction', 'newRight'])
    expect(text('contactPage')).toContain(
      'our Privacy Policy (for your data) or our Terms and Conditions (for a booking or a refund) says where you can go next.',
    )
  })

  it('the eighth review: Terms 7 and its document send a clinic subscription’s cancelling to "Fees and Payment", not to the parts of a started service', () => {
    const documents = bundled()
    const terms = documents.termsAndConditions as unknown as {sections: {heading: string}[]}
    expect(terms.sections.map(({heading}) => heading)).toContain('Fees and Payment')
    for (const id of ['policyVersion-termsAndConditions-7', 'termsAndConditions'])
      expect(text(id), id).toContain(
        'you may still cancel the parts of it that have not started, such as hotel nights or appointments still to come, for the processing fee on those parts; third-party charges for them are refunded except a cost we cannot recover. A clinic subscription is cancelled as set out in \\"Fees and Payment\\".',
      )
    expect(text('policyVersion-termsAndConditions-6')).not.toContain(
      'A clinic subscription is cancelled as set out',
    )
    const summary = documents['policyVersion-termsAndConditions-7']!.summary as string
    expect(summary).toContain('Section 6 points clinic subscriptions to “Fees and Payment”.')
  })
})
