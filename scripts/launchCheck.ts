// The launch check's list, whole: what a build for the public address would refuse (samples,
// translations it cannot show, Company facts that do not fit the law or this server), what staff
// must do now, and each page shown in English. A build prints only its count in one line; this
// reads the same content with the same variables as a build (SANITY_PROJECT_ID or the bundled
// dataset, SITE_URL, the contact settings) and judges it as that build does.
//
//   npm run launch-check                                      as a local build judges it
//   SITE_URL=https://www.example.in npm run launch-check      as the public build would
//
// Exits 1 when that build would fail, 0 otherwise. Runs on Node 24; the check's modules are
// loaded through Vite, as the build loads them.
import {runnerImport} from 'vite'
import {ConfigError, readConfig} from '../src/config/index.ts'
import {contentSource} from '../src/lib/contentSource.ts'

type LaunchCheck = typeof import('../src/content/launchCheck.ts')
type Queries = typeof import('../src/content/queries.ts')

const load = async <T>(path: string) =>
  (await runnerImport<T>(new URL(path, import.meta.url).pathname, {configFile: false, logLevel: 'silent'}))
    .module

try {
  const config = readConfig(process.env)
  const [{launchReport, readSiteDocuments}, {launchCheckQuery}] = await Promise.all([
    load<LaunchCheck>('../src/content/launchCheck.ts'),
    load<Queries>('../src/content/queries.ts'),
  ])
  const content = contentSource(config.content)
  console.log(`Reading the content from ${content.description}.`)
  const {documents, translations} = await readSiteDocuments(content, launchCheckQuery)
  const report = launchReport(documents, translations, {
    site: config.siteUrl,
    contact: config.contact,
    now: new Date(),
  })
  if (report.error) {
    console.error(report.error)
    process.exitCode = 1
  } else {
    const lines = [...report.actNow, ...report.list]
    console.log(lines.length > 0 ? lines.join('\n') : 'Launch check: nothing to settle before launch.')
  }
} catch (error) {
  process.exitCode = 2
  console.error(error instanceof ConfigError || !(error instanceof Error) ? String(error) : error.message)
}
