import {existsSync} from 'node:fs'
import {mkdir, readFile, rename, rm} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {AstroIntegration} from 'astro'
import {isCalendarDate, isPolicyId} from '../../model/policyVersions.ts'
import type {PolicyId} from '../../model/siteDocuments.ts'
import type {ContactContent} from '../contact/service.ts'

/**
 * Data a build hands to the production server: written by the page src/pages/server-data/*,
 * then moved from the public pages into the build's server folder, where no visitor can ask
 * for it. The server reads it when it starts and each time a rebuild goes live, so it follows
 * the content of the build it serves without loading that build's code again.
 */
const FOLDER = 'server-data'

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
        await mkdir(dirname(to), {recursive: true})
        await rename(from, to)
      },
    },
  }
}

/** Whether `value` is absent, or an object whose `keys` are all text. */
const absentOrWords = (value: unknown, keys: readonly string[]) =>
  value === undefined ||
  (typeof value === 'object' &&
    value !== null &&
    keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string'))

/**
 * The contact service's part of a build's content, as the build wrote it. A build made before
 * policies had versions has none; one made before the age and health boxes, references and
 * acknowledgements has none of their words (its form showed no such box: see ContactContent).
 */
export async function readBuildData(buildDir: string): Promise<ContactContent> {
  const file = join(buildDir, 'server', FOLDER, 'contact.json')
  const data = JSON.parse(await readFile(file, 'utf8')) as Partial<ContactContent>
  const {customerCareEmail, consentWording, privacyPolicyUpdated, retentionMonths} = data
  const {ageConfirmationWording, healthDetailsWording, acknowledgement, sentPage, notStored} = data
  const privacyPolicyVersions = data.privacyPolicyVersions ?? {}
  if (
    typeof customerCareEmail !== 'string' ||
    typeof consentWording !== 'string' ||
    typeof privacyPolicyUpdated !== 'string' ||
    typeof retentionMonths !== 'number' ||
    typeof privacyPolicyVersions !== 'object' ||
    Object.values(privacyPolicyVersions).some((date) => typeof date !== 'string') ||
    (ageConfirmationWording !== undefined && typeof ageConfirmationWording !== 'string') ||
    (healthDetailsWording !== undefined && typeof healthDetailsWording !== 'string') ||
    (notStored !== undefined && typeof notStored !== 'string') ||
    !absentOrWords(acknowledgement, ['subject', 'body', 'referenceLabel']) ||
    !absentOrWords(sentPage, ['title', 'message', 'referenceLabel', 'backLabel'])
  )
    throw new Error(`${file} is not the contact data of this site's build.`)
  return {
    customerCareEmail,
    consentWording,
    privacyPolicyUpdated,
    retentionMonths,
    privacyPolicyVersions,
    ...(ageConfirmationWording === undefined ? {} : {ageConfirmationWording}),
    ...(healthDetailsWording === undefined ? {} : {healthDetailsWording}),
    ...(acknowledgement === undefined ? {} : {acknowledgement}),
    ...(sentPage === undefined ? {} : {sentPage}),
    ...(notStored === undefined ? {} : {notStored}),
  }
}

/** A policy version whose date had not come when the build ran. */
export interface UpcomingVersion {
  policy: PolicyId
  number: number
  effectiveDate: string
}

/** When the build's text of a policy stops being the one in force, and the versions still to come. */
export interface PolicySchedule {
  /** Midnight in India at the start of the soonest upcoming version's date; absent when none is upcoming. */
  nextChangeAt?: Date
  /** Soonest first. */
  versions: UpcomingVersion[]
}

/**
 * The policy schedule a build wrote (src/pages/server-data/policy-schedule.json.ts). A build
 * made before policies had versions has no such file: it schedules no change.
 */
export async function readPolicySchedule(buildDir: string): Promise<PolicySchedule> {
  const file = join(buildDir, 'server', FOLDER, 'policy-schedule.json')
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {versions: []}
    throw error
  }
  const invalid = (why: string) =>
    new Error(`${file} is not the policy schedule of this site's build: ${why}.`)
  let data: {nextChangeAt?: unknown; versions?: unknown}
  try {
    data = JSON.parse(text) as typeof data
  } catch {
    throw invalid('it is not JSON')
  }
  if (typeof data !== 'object' || data === null) throw invalid('it is not an object')
  const {nextChangeAt, versions} = data
  const at = typeof nextChangeAt === 'string' ? new Date(nextChangeAt) : undefined
  if (nextChangeAt !== null && (at === undefined || Number.isNaN(at.getTime())))
    throw invalid('"nextChangeAt" must be an instant in ISO form or null')
  if (!Array.isArray(versions)) throw invalid('"versions" must be a list')
  const upcoming = versions.map((entry: unknown, index): UpcomingVersion => {
    const {policy, number, effectiveDate} = (entry ?? {}) as Record<string, unknown>
    if (
      typeof policy !== 'string' ||
      !isPolicyId(policy) ||
      typeof number !== 'number' ||
      !Number.isInteger(number) ||
      number < 1 ||
      typeof effectiveDate !== 'string' ||
      !isCalendarDate(effectiveDate)
    )
      throw invalid(`versions.${index} must be {policy, number, effectiveDate} of a policy version`)
    return {policy, number, effectiveDate}
  })
  return at ? {nextChangeAt: at, versions: upcoming} : {versions: upcoming}
}
