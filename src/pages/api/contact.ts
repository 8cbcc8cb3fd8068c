import type {APIRoute} from 'astro'
import {handleContactPost} from '../../contact/http'
import {createContactService, type ContactService} from '../../contact/service'
import {getSiteSettings} from '../../content/entries'
import {PAGE_PATHS} from '../../lib/routes'

export const prerender = false

let service: ContactService | undefined

export const POST: APIRoute = ({request, clientAddress}) => {
  service ??= createContactService(process.env, {supportEmail: async () => (await getSiteSettings()).supportEmail})
  return handleContactPost(request, {
    service,
    clientAddress,
    siteUrl: process.env.SITE_URL,
    contactPath: PAGE_PATHS.contact,
  })
}

export const ALL: APIRoute = () =>
  new Response(JSON.stringify({ok: false, error: 'methodNotAllowed', message: 'Send the form with POST.'}), {
    status: 405,
    headers: {allow: 'POST', 'content-type': 'application/json; charset=utf-8'},
  })
