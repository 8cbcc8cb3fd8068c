import {readConfig} from '../config/index.ts'
import {PAGE_PATHS} from '../../model/routes.ts'
import {handleContactPost, visitorAddress} from './http.ts'
import {sentPage} from './sentPage.ts'
import {contactServiceFromConfig, type ContactContent, type ContactService} from './service.ts'

/** What the /api/contact route needs for a request: the service and two settings. */
export interface ContactRuntime {
  service: ContactService
  siteUrl: string
  trustProxy: boolean
  /** The server's error log; a host's function has none, and says it on standard error. */
  logError?: (line: string) => void
}

/**
 * POST /api/contact. Our production server hands the route its one contact service through
 * `locals` (one store connection and one e-mail retry loop for the life of the process). A host
 * that runs the route as a function has no such server: the route then builds a service for the
 * request from the environment, sends the e-mail and deletes expired messages before answering,
 * and closes it (docs/operating.md).
 */
export async function answerContactPost({
  request,
  clientAddress,
  locals,
  contactContent,
}: {
  request: Request
  /** The address the connection came from; throws once the connection has closed. */
  clientAddress: () => string
  locals: App.Locals
  /** This build's content for the service, for a request the server did not equip. */
  contactContent: () => Promise<ContactContent>
}): Promise<Response> {
  let runtime: ContactRuntime
  try {
    runtime = locals.contact ?? (await runtimeForOneRequest(contactContent))
  } catch (error) {
    console.error('The contact service could not be set up for this request:', error)
    return Response.json(
      {ok: false, error: 'unavailable', message: 'Your message could not be stored; please try again.'},
      {status: 503, headers: {'cache-control': 'no-store', 'retry-after': '30'}},
    )
  }
  try {
    const socketAddress = addressOf(clientAddress)
    // Closed before its body was read (a reset after a few bytes): no one is left to answer.
    if (socketAddress === undefined) {
      runtime.service.abandoned(
        runtime.trustProxy ? visitorAddress(request, '', true) || undefined : undefined,
      )
      return new Response(null, {status: 400, headers: {'cache-control': 'no-store'}})
    }
    return await handleContactPost(request, {
      service: runtime.service,
      clientAddress: visitorAddress(request, socketAddress, runtime.trustProxy),
      siteUrl: runtime.siteUrl,
      contactPath: PAGE_PATHS.contact,
      logError: runtime.logError,
    })
  } finally {
    if (!locals.contact) await finishOneRequest(runtime.service)
  }
}

function addressOf(clientAddress: () => string): string | undefined {
  try {
    return clientAddress()
  } catch {
    return undefined
  }
}

/** The e-mail goes out and expired messages go before the function ends; nothing here changes the answer. */
async function finishOneRequest(service: ContactService) {
  try {
    await service.flush()
    await service.deleteExpired()
  } catch (error) {
    console.error('Contact form housekeeping failed:', error)
  } finally {
    await service.close()
  }
}

async function runtimeForOneRequest(contactContent: () => Promise<ContactContent>): Promise<ContactRuntime> {
  const config = readConfig(process.env)
  const content = await contactContent()
  return {
    service: contactServiceFromConfig(config.contact, {content: () => content}),
    siteUrl: config.siteUrl,
    trustProxy: config.server.trustProxy,
  }
}

/**
 * GET /api/contact/sent: the page a form post without JavaScript lands on once its message is
 * stored, in the words of the build being served (the server's service knows which that is; a
 * host without our server has only its own build).
 */
export async function answerSentPage({
  request,
  locals,
  contactContent,
}: {
  request: Request
  locals: App.Locals
  contactContent: () => Promise<ContactContent>
}): Promise<Response> {
  const content = locals.contact ? locals.contact.service.content() : await contactContent()
  return sentPage(new URL(request.url), content, {contactPath: PAGE_PATHS.contact})
}
