import type {APIRoute} from 'astro'
import {handleContactPost} from '../../contact/http'
import {createContactService, type ContactService} from '../../contact/service'
import {getSiteSettings} from '../../content/entries'
import {PAGE_PATHS} from '../../lib/routes'

export const prerender = false

let service: ContactService | undefined

/** Behind our reverse proxy (TRUST_PROXY=1) every request comes from the proxy; it names the visitor. */
function visitorAddress(request: Request, socketAddress: string): string {
  if (process.env.TRUST_PROXY !== '1') return socketAddress
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim()
  return forwarded || socketAddress
}

export const POST: APIRoute = ({request, clientAddress}) => {
  service ??= createContactService(process.env, {supportEmail: async () => (await getSiteSettings()).supportEmail})
  return handleContactPost(request, {
    service,
    clientAddress: visitorAddress(request, clientAddress),
    siteUrl: process.env.SITE_URL,
    contactPath: PAGE_PATHS.contact,
  })
}

export const ALL: APIRoute = () =>
  new Response(JSON.stringify({ok: false, error: 'methodNotAllowed', message: 'Send the form with POST.'}), {
    status: 405,
    headers: {allow: 'POST', 'content-type': 'application/json; charset=utf-8'},
  })
