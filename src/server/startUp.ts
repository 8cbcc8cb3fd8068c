import type {SiteConfig} from '../config/index.ts'
import type {ContactService} from '../contact/service.ts'
import {contactStartLines} from '../contact/startReport.ts'
import {healthStartLine, type HealthCheck} from './health.ts'
import type {LiveSite} from './liveSite.ts'
import type {StaffPreview} from './preview.ts'
import type {Publishing} from './publishing.ts'

/**
 * What the server says and does once it listens at `url`. It says where it serves, whether preview
 * is on, where messages go and who hears of them (a server that e-mails nobody says so now), and
 * what the health check watches and answers. It does the work owed since its last stop: a policy
 * change whose date came while it was down goes live, messages past the retention period go, and
 * e-mails that could not be sent go out, each now rather than with the next timer or message.
 */
export function startUp(
  url: string,
  {
    config,
    site,
    preview,
    contact,
    health,
    publishing,
    log,
    logError,
  }: {
    config: Pick<SiteConfig, 'contact' | 'siteUrl'>
    site: Pick<LiveSite, 'dir' | 'contactContent'>
    preview: Pick<StaffPreview, 'status'>
    contact: Pick<ContactService, 'storeDescription' | 'deleteExpired' | 'flush'>
    health: Pick<HealthCheck, 'report'>
    publishing: Pick<Publishing, 'start'>
    log: (line: string) => void
    logError: (line: string) => void
  },
): void {
  log(`Serving ${site.dir} at ${url}`)
  log(preview.status)
  for (const line of contactStartLines({
    config: config.contact,
    siteUrl: config.siteUrl,
    storeDescription: contact.storeDescription,
    careAddress: site.contactContent.customerCareEmail,
  }))
    log(line)
  void health.report().then((report) => log(healthStartLine(report, config.contact.mail?.maxWaitMinutes)))
  publishing.start()
  // The service repeats the deletion daily, and sends owed e-mails after each new message.
  void contact
    .deleteExpired()
    .catch((error: Error) => logError(`Deleting old contact messages failed: ${error.message}`))
  void contact.flush()
}
