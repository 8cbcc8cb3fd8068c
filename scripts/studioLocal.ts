// `npm run studio:local`: Studio and the site on this computer, without a Sanity account. A local
// Content Lake (localTrial/) holds a copy of the bundled dataset in memory and serves
// the Studio built for it; the site's server (the one `npm start` runs) reads its content from
// there and rebuilds when staff publish, on the signed webhook Sanity would send. Nothing leaves
// the machine, and nothing is kept: stop it and the edits are gone.
import {randomBytes} from 'node:crypto'
import {mkdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {LOCAL_TRIAL_NOTICE, LOCAL_TRIAL_PROJECT} from '../model/localTrial.ts'
import {ConfigError, readConfig, ROOT} from '../src/config/index.ts'
import {SiteServerError} from '../src/server/errors.ts'
import {createSiteServer} from '../src/server/siteServer.ts'
import {astroBuild} from '../localTrial/siteBuild.ts'
import {startContentLake} from '../localTrial/contentLake.ts'
import {cachedLocalStudio, sendPublishWebhook, siteEnvForLake} from '../localTrial/trial.ts'
import {readNdjson} from '../localTrial/queryApi.ts'

const STUDIO_PORT = 3333
const LAKE_API_PORT = 3334
const SITE_PROXY_PORT = 3335
const HERE = join(ROOT, '.scratch', 'local-trial')

const say = (line: string) => console.log(`[studio:local] ${line}`)

try {
  const base = readConfig(process.env)
  if (base.content.kind !== 'bundled')
    throw new ConfigError(
      'studio:local edits a copy of the bundled dataset: unset SANITY_PROJECT_ID to run it.',
    )
  const siteUrl = `http://localhost:${base.server.port}`
  rmSync(HERE, {recursive: true, force: true})
  mkdirSync(HERE, {recursive: true})

  say('Building the Studio for the local trial (once; again only after a change to it)…')
  const studioDir = await cachedLocalStudio()

  const secret = randomBytes(32).toString('hex')
  // Publishes before the site listens have nothing to rebuild.
  let listening = false
  const lake = await startContentLake({
    documents: readNdjson(base.content.path),
    projectId: LOCAL_TRIAL_PROJECT,
    port: STUDIO_PORT,
    apiPort: LAKE_API_PORT,
    siteProxyPort: SITE_PROXY_PORT,
    studioDir,
    onUnanswered: ({method, path}) =>
      say(`The Studio asked for ${method} ${path}, which the local Content Lake does not answer.`),
    // One webhook per publish: a rebuild reads every document anyway.
    onPublished: ([document]) => {
      if (!listening || !document) return
      sendPublishWebhook(siteUrl, secret, document).catch((error: Error) =>
        say(`The site did not take the publish of ${document._id}: ${error.message}`),
      )
    },
  })

  const env = {
    ...process.env,
    ...siteEnvForLake(lake, secret),
    SITE_BUILDS_DIR: join(HERE, 'builds'),
    // Messages sent from the local site go to the local Content Lake, as they go to Sanity's with
    // the Sanity store: staff read and answer them in the trial's Studio Inbox.
    SANITY_API_WRITE_TOKEN: lake.token,
    // Presentation reaches the site through the local Content Lake's HTTPS (lake.siteUrl).
    TRUST_PROXY: '1',
  }
  say('Building the site from the local Content Lake…')
  const build = await astroBuild({...siteEnvForLake(lake, secret)})
  if (build.code !== 0) throw new SiteServerError(`The site did not build:\n${build.output}`)
  const site = await createSiteServer(readConfig({...env, SITE_DIST_DIR: join(build.outDir, '..')}), {
    buildEnv: env,
  })
  await site.listen()
  listening = true
  lake.proxySite(siteUrl)

  const stop = () =>
    void Promise.all([site.stop(), lake.close()]).finally(() => {
      build.dispose()
      process.exit(0)
    })
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  console.log(`
${LOCAL_TRIAL_NOTICE}

  Studio:  ${lake.url}
           (a certificate made for this trial: your browser asks you to accept it once)
  Site:    ${siteUrl}

Publishing in the Studio rebuilds the site here, as it would on the real server. A message sent
from the site's contact form appears in the Studio's Inbox. The edits and messages live in memory
only: stop with Ctrl+C and they are gone.
`)
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof SiteServerError)) throw error
  console.error(error.message)
  process.exit(1)
}
