import {existsSync} from 'node:fs'
import {mkdir, readFile, rename, rm} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {AstroIntegration} from 'astro'
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

/** The contact service's part of a build's content, as the build wrote it. */
export async function readBuildData(buildDir: string): Promise<ContactContent> {
  const file = join(buildDir, 'server', FOLDER, 'contact.json')
  const data = JSON.parse(await readFile(file, 'utf8')) as Partial<ContactContent>
  const {customerCareEmail, consentWording, privacyPolicyUpdated, retentionMonths} = data
  if (
    typeof customerCareEmail !== 'string' ||
    typeof consentWording !== 'string' ||
    typeof privacyPolicyUpdated !== 'string' ||
    typeof retentionMonths !== 'number'
  )
    throw new Error(`${file} is not the contact data of this site's build.`)
  return {customerCareEmail, consentWording, privacyPolicyUpdated, retentionMonths}
}
