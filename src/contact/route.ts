import {readConfig} from '../config/index.ts'
import {PAGE_PATHS} from '../lib/routes.ts'
import {handleContactPost, visitorAddress} from './http.ts'
import {contactServiceFromConfig, type ContactService} from './service.ts'

/** What the /api/contact route needs for a request: the service and two settings. */
export interface ContactRuntime {
  service: ContactService
  siteUrl: string
  trustProxy: boolean
}

/**
 * POST /api/contact. Our production server hands the route its one contact service through
 * `locals` (one store connection and one e-mail retry loop for the life of the process). A host
 * that runs the route as a function has no such server: the route then builds a service for the
 * request from the environment, sends the e-mail before answering, and closes it (docs/deploy.md).
 */
export async function answerContactPost({
  request,
  clientAddress,
  locals,
  customerCareEmail,
}: {
  request: Request
  clientAddress: string
  locals: App.Locals
  /** The customer-care address in this build's content, for a request the server did not equip. */
  customerCareEmail: () => Promise<string>
}): Promise<Response> {
  const runtime = locals.contact ?? (await runtimeForOneRequest(customerCareEmail))
  try {
    return await handleContactPost(request, {
      service: runtime.service,
      clientAddress: visitorAddress(request, clientAddress, runtime.trustProxy),
      siteUrl: runtime.siteUrl,
      contactPath: PAGE_PATHS.contact,
    })
  } finally {
    if (!locals.contact) {
      await runtime.service.flush()
      await runtime.service.close()
    }
  }
}

async function runtimeForOneRequest(customerCareEmail: () => Promise<string>): Promise<ContactRuntime> {
  const config = readConfig(process.env)
  const notifyTo = await customerCareEmail()
  return {
    service: contactServiceFromConfig(config.contact, {notifyTo: () => notifyTo}),
    siteUrl: config.siteUrl,
    trustProxy: config.server.trustProxy,
  }
}
