import type {APIRoute} from 'astro'
import {handleContactPost} from '../../contact/http'
import {createContactService, type ContactEnv, type ContactService} from '../../contact/service'
import {getCompanyFacts} from '../../content/entries'
import {PAGE_PATHS} from '../../lib/routes'

export const prerender = false

// One contact service per server process, shared by every build the rebuild receiver loads, so
// there is one store connection and one e-mail retry loop. The newest build names the support
// address, so a changed customer-care address in Company facts applies from the next rebuild.
const shared = globalThis as typeof globalThis & {
  contactService?: ContactService
  contactSupportEmail?: () => Promise<string>
}
shared.contactSupportEmail = async () => (await getCompanyFacts()).customerCare.email

function contactService(): ContactService {
  shared.contactService ??= createContactService(process.env as ContactEnv, {
    supportEmail: () => shared.contactSupportEmail!(),
  })
  return shared.contactService
}

/** Behind our reverse proxy (TRUST_PROXY=1) every request comes from the proxy; it names the visitor. */
function visitorAddress(request: Request, socketAddress: string): string {
  if (process.env.TRUST_PROXY !== '1') return socketAddress
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim()
  return forwarded || socketAddress
}

export const POST: APIRoute = ({request, clientAddress}) =>
  handleContactPost(request, {
    service: contactService(),
    clientAddress: visitorAddress(request, clientAddress),
    siteUrl: process.env.SITE_URL,
    contactPath: PAGE_PATHS.contact,
  })

/** The production server calls this when it starts and after each rebuild: the store is opened
 * (and created) and unsent e-mails are retried without waiting for the next visitor. */
export const HEAD: APIRoute = () => {
  contactService()
  return new Response(null, {status: 204})
}

export const ALL: APIRoute = () =>
  new Response(JSON.stringify({ok: false, error: 'methodNotAllowed', message: 'Send the form with POST.'}), {
    status: 405,
    headers: {allow: 'POST', 'content-type': 'application/json; charset=utf-8'},
  })
