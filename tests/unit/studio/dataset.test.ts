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
import {
  POLICY_ID_LIST,
  POLICY_TYPE,
  POLICY_VERSION_TYPE,
  SINGLETON_ID_LIST,
  type PolicyId,
} from '../../../model/siteDocuments'
import {TRANSLATED_TYPES} from '../../../model/translations'
import {SITE_CONTENT} from '../../../src/content/siteContent'
import {SANITY_API_VERSION} from '../../../model/sanityApi'
import {policyVersionSchema} from '../../../src/content/schemas'
import {realShapedCompanyFacts} from '../../support/companyFacts'
import {publicMailbox} from '../../support/publicAddress'

const DATASET_FILE = new URL('../../../studio/seed/production.ndjson', import.meta.url)
/** The dataset's documents as the lines say, before the checks below read it. */
const bundledLines = (): {_id: string; _type: string; [field: string]: unknown}[] =>
  readFileSync(DATASET_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))

/**
 * The type each document of the dataset must have, by its id, from the model's tables: the fixed
 * documents (singletons and policies); a recorded version of a policy; a translation of a translated
 * document into a language Site settings list; and the plugin's document that links an English
 * document to its translations. Any other id is not expected.
 */
function expectedType(id: string): string | undefined {
  const fixed: Record<string, string> = {
    ...Object.fromEntries(SINGLETON_ID_LIST.map((singleton) => [singleton, singleton])),
    ...Object.fromEntries(POLICY_ID_LIST.map((policy) => [policy, POLICY_TYPE])),
  }
  if (fixed[id]) return fixed[id]
  const version = /^policyVersion-(\w+)-\d+$/.exec(id)
  if (version && POLICY_ID_LIST.includes(version[1] as PolicyId)) return POLICY_VERSION_TYPE
  const translation = /^(\w+)__i18n_([a-z-]+)$/.exec(id)
  if (translation && isTranslatedDocument(translation[1]!) && LANGUAGE_CODES.includes(translation[2]!))
    return fixed[translation[1]!]
  const metadata = /^translation-metadata-(\w+)$/.exec(id)
  if (metadata && isTranslatedDocument(metadata[1]!)) return 'translation.metadata'
  return undefined
}
const isTranslatedDocument = (id: string) =>
  (SINGLETON_ID_LIST as readonly string[]).includes(id)
    ? (TRANSLATED_TYPES as readonly string[]).includes(id)
    : POLICY_ID_LIST.includes(id as PolicyId)
const LANGUAGE_CODES: string[] = (
  (bundledLines().find((doc) => doc._id === 'siteSettings')?.languages ?? []) as {code: string}[]
).map(({code}) => code)
const EXPECTED_DOCUMENTS: Record<string, string> = Object.fromEntries(
  bundledLines().flatMap((doc) => {
    const type = expectedType(doc._id)
    return type ? [[doc._id, type]] : []
  }),
)

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
    // Every fixed document is there, and every document is one the model expects, with its type.
    for (const id of [...SINGLETON_ID_LIST, ...POLICY_ID_LIST]) expect(ids, id).toContain(id)
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
          id: 'policyVersion-termsAndConditions-2',
          path: 'shortNoticeLaw',
          message: /Name the law/,
          breakIt: (doc) => {
            doc.shortNoticeReasons = [...(doc.shortNoticeReasons ?? []), 'requiredByLaw']
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
    // Every figureRef sits where the schema allows it: an inline object among a block's children,
    // in the text or in a cell of a table of timelines.
    const cell = /\.rows\.\d+\.(latest|usual)\.\d+\.children\.\d+$/
    expect(
      found.filter(
        (where) =>
          !/\.body\.\d+\.children\.\d+$|^\S+ intro\.\d+\.children\.\d+$/.test(where) && !cell.test(where),
      ),
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

    it('a period is a whole number and a unit', async () => {
      // Every level: outside Studio, @sanity/validation adds a warning-level check of unknown fields
      // to each rule of an object, which lowers the period's rules to warnings; Studio keeps them errors.
      const markersAt = async (field: string, value: unknown) => {
        const doc = {...realShaped(), [field]: value}
        return (await validate(doc)).markers
          .filter((marker) => normalisePath(doc, marker.path).startsWith(field))
          .map((marker) => marker.message)
      }
      expect(await markersAt('lastCopyGoneWithin', {_type: 'period', count: 35, unit: 'day'})).toEqual([])
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
        email: publicMailbox('dpo'),
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
  // The bundled history is that of a company that rarely changes its policies: each policy's first
  // version applies from the launch, one change is announced ahead so that the feature shows, and
  // nothing reads as our own drafting (no versions on one day, no notes of correction).
  const versions = bundledLines().filter(
    (document) => document._type === POLICY_VERSION_TYPE,
  ) as unknown as PolicyVersionDocument[]
  const versionsOf = (policy: PolicyId) => versions.filter((version) => version.policy === policy)

  it('holds at most three versions of each policy, no two of one policy taking effect on the same day', () => {
    for (const policy of POLICY_ID_LIST) {
      const days = versionsOf(policy).map(({effectiveDate}) => effectiveDate)
      expect(days.length, policy).toBeGreaterThan(0)
      expect(days.length, policy).toBeLessThanOrEqual(3)
      expect(new Set(days).size, `${policy}: ${days.join(', ')}`).toBe(days.length)
    }
  })

  it('starts every policy on the same launch day, and announces one change ahead, with full notice', () => {
    const firsts = POLICY_ID_LIST.map((policy) => versionsOf(policy).find(({number}) => number === 1)!)
    expect(new Set(firsts.map(({effectiveDate}) => effectiveDate)).size).toBe(1)
    const announced = versions.filter(
      (version) => version.number > 1 && indiaToday(new Date(version.recordedAt)) < version.effectiveDate,
    )
    expect(announced).toHaveLength(1)
    expect(announced[0]!.shortNoticeReasons ?? []).toEqual([])
  })

  it('carries no note of correction and no withdrawn change', () => {
    expect(
      versions.filter((version) => version.notes?.length || version.withdrawnAt).map(({_id}) => _id),
    ).toEqual([])
  })

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
  /** The bundled documents by id, as read once above. */
  const bundledById: Record<string, Doc> = Object.fromEntries(byId)
  const bundled = () => bundledById

  it("the short-notice words after a version's summary are the Studio's examples, and claim nothing of data", async () => {
    const {POLICY_HISTORY_WORDS, SHORT_NOTICE_WORDS} = await import('../../../model/policyVersions')
    const words = bundled().siteSettings!.policyHistory
    for (const word of ['shortNoticeBecause', ...Object.values(SHORT_NOTICE_WORDS)] as const) {
      expect(words[word], word).toBe(POLICY_HISTORY_WORDS[word].example)
      expect(words[word], word).not.toMatch(/data/)
    }
  })

  it('every bundled version with short notice names its own reasons, none of them the law unnamed', () => {
    const versions = documents.filter((doc) => doc._type === 'policyVersion')
    for (const version of versions.filter((version) => version.shortNoticeReasons))
      expect(version.shortNoticeReasons.includes('requiredByLaw'), version._id).toBe(false)
  })
})
