import {existsSync} from 'node:fs'
import {readdir, readFile, rename, rm} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {AstroIntegration} from 'astro'
import {z} from 'zod'
import {contactContent, contactData} from '../contact/buildContent.ts'
import type {ShownConsent} from '../contact/consent.ts'
import {makeFolders} from '../lib/folders.ts'
import {isCalendarDate} from '../../model/policyVersions.ts'
import {POLICY_IDS} from '../../model/siteDocuments.ts'
import {TRANSLATION_STATUSES} from '../../model/translations.ts'

/**
 * Data a build hands to the production server: written by the pages src/pages/server-data/*,
 * then moved from the public pages into the build's server folder, where no visitor can ask
 * for it. The server reads it when it starts and each time a rebuild goes live, so it follows
 * the content of the build it serves without loading that build's code again. Writer and reader
 * check it against the one schema below, so a field one side renames cannot go unnoticed.
 */
const FOLDER = 'server-data'
/** Its folder of the pages a form post without JavaScript lands on, one per language. */
const SENT_PAGES = 'contact-sent'

/** Written as an ISO instant, or null when no change is to come; read as a Date, or absent. */
const changeMoment = z.codec(
  z.iso.datetime({error: 'expected an instant in ISO form, or null'}).nullable(),
  z.date().optional(),
  {
    decode: (text) => (text === null ? undefined : new Date(text)),
    encode: (date) => date?.toISOString() ?? null,
  },
)

const policySchedule = z.object({
  /** Midnight in India at the start of the soonest upcoming version's date; absent when none is upcoming. */
  nextChangeAt: changeMoment,
  /** The policy versions whose date had not come when the build ran, soonest first. */
  versions: z.array(
    z.object({
      policy: z.enum(Object.values(POLICY_IDS)),
      number: z.int().min(1),
      effectiveDate: z.string().refine(isCalendarDate, 'expected a calendar date (YYYY-MM-DD)'),
    }),
    {error: 'expected a list'},
  ),
})

/**
 * The revision of each document the build was made from, and when the build read them (written by
 * src/pages/server-data/live-content.json.ts): what the server reports as live once this build is
 * (src/server/siteStatus.ts).
 */
const liveContent = z.object({
  /** When the build rendered its pages, just after it read the content. */
  builtAt: z.iso.datetime({error: 'expected an instant in ISO form'}),
  documents: z.array(
    z.object({
      id: z.string(),
      rev: z.string(),
      translation: z.object({language: z.string(), status: z.enum(TRANSLATION_STATUSES)}).optional(),
    }),
    {error: 'expected a list'},
  ),
})

/** Everything a build hands the server, each part in a file of its own. */
export const buildData = z.object({
  /** What the build was made from, for the site's status. */
  liveContent,
  /** What the contact service takes from the build's content. */
  contact: contactContent,
  /** When the build's policy text stops being the one in force, and the versions still to come. */
  policySchedule,
})

export type BuildData = z.output<typeof buildData>
export type PolicySchedule = BuildData['policySchedule']
export type LiveContent = BuildData['liveContent']
/** A policy version whose date had not come when the build ran. */
export type UpcomingVersion = PolicySchedule['versions'][number]

type Part = keyof BuildData

/** Each part as the build writes it: the contact data without its sent pages, which are pages of their own. */
const WRITTEN = {...buildData.shape, contact: contactData}
type Written = {[P in Part]: z.output<(typeof WRITTEN)[P]>}

const PARTS: Record<Part, {file: string; what: string}> = {
  liveContent: {file: 'live-content.json', what: 'the list of documents'},
  contact: {file: 'contact.json', what: 'the contact data'},
  policySchedule: {file: 'policy-schedule.json', what: 'the policy schedule'},
}

const fileOf = (buildDir: string, part: Part) => join(buildDir, 'server', FOLDER, PARTS[part].file)

/** "versions.0.effectiveDate: expected a calendar date (YYYY-MM-DD)", for each of a part's problems. */
const problems = (issues: readonly z.core.$ZodIssue[]) =>
  issues.map(({path, message}) => (path.length ? `${path.join('.')}: ${message}` : message)).join('; ')

/**
 * A server-data page's answer: `part` of this build's data as the server will read it. Data the
 * server would refuse fails the build here, naming the field, rather than the next rebuild.
 */
export function buildDataAnswer<P extends Part>(part: P, value: Written[P]): Response {
  const schema = WRITTEN[part] as unknown as z.ZodType<Written[P], unknown>
  const encoded = z.safeEncode(schema, value)
  if (!encoded.success)
    throw new Error(
      `This build's ${PARTS[part].file} would be refused by the server: ${problems(encoded.error.issues)}`,
    )
  return Response.json(encoded.data)
}

/**
 * The data of the build in `buildDir`, checked: a build whose data the server cannot use is
 * refused with the file and the field that are wrong, and never goes live.
 */
export async function readBuildData(buildDir: string): Promise<BuildData> {
  const parts = Object.keys(PARTS) as Part[]
  const written = Object.fromEntries(
    await Promise.all(parts.map(async (part) => [part, await readPart(buildDir, part)] as const)),
  )
  if (typeof written.contact === 'object' && written.contact !== null)
    written.contact = {...written.contact, sentPages: await readSentPages(buildDir)}
  const result = buildData.safeParse(written)
  if (result.success) return result.data
  const part = result.error.issues[0]!.path[0] as Part
  const issues = result.error.issues
    .filter((issue) => issue.path[0] === part)
    .map((issue) => ({...issue, path: issue.path.slice(1)}))
  throw refusal(buildDir, part, problems(issues))
}

async function readPart(buildDir: string, part: Part): Promise<unknown> {
  let text: string
  try {
    text = await readFile(fileOf(buildDir, part), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw refusal(buildDir, part, 'it is missing')
    throw error
  }
  try {
    return JSON.parse(text)
  } catch {
    throw refusal(buildDir, part, 'it is not JSON')
  }
}

/** The pages src/pages/server-data/contact-sent/[language].astro wrote, by language (contactContent checks each is there). */
async function readSentPages(buildDir: string): Promise<Record<string, string>> {
  const folder = join(buildDir, 'server', FOLDER, SENT_PAGES)
  if (!existsSync(folder)) return {}
  const pages = (await readdir(folder)).filter((name) => name.endsWith('.html'))
  return Object.fromEntries(
    await Promise.all(
      pages.map(
        async (name) => [basename(name, '.html'), await readFile(join(folder, name), 'utf8')] as const,
      ),
    ),
  )
}

const refusal = (buildDir: string, part: Part, why: string) =>
  new Error(`${fileOf(buildDir, part)} is not ${PARTS[part].what} of this site's build: ${why}.`)

export function buildDataIntegration(): AstroIntegration {
  let client = ''
  let server = ''
  return {
    name: 'build-data',
    hooks: {
      'astro:config:done': ({config}) => {
        client = fileURLToPath(config.build.client)
        server = fileURLToPath(config.build.server)
      },
      'astro:build:done': async () => {
        const from = join(client, FOLDER)
        if (!existsSync(from)) return
        const to = join(server, FOLDER)
        await rm(to, {recursive: true, force: true})
        makeFolders(dirname(to))
        await rename(from, to)
      },
    },
  }
}

/**
 * What the Contact pages of these builds showed, in the same order; a build whose data cannot be
 * read (removed meanwhile) shows none.
 */
export async function shownByBuilds(buildDirs: readonly string[]): Promise<ShownConsent[][]> {
  return Promise.all(
    buildDirs.map((dir) =>
      readBuildData(dir).then(
        (data) => data.contact.shown,
        () => [],
      ),
    ),
  )
}
