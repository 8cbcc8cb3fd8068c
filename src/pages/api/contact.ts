import type {APIRoute} from 'astro'
import {answerContactPost} from '../../contact/route'
import {readContactContent} from '../../content/contactContent'

export const prerender = false

export const POST: APIRoute = (context) =>
  answerContactPost({
    request: context.request,
    // Read when needed: Astro throws for a connection already closed, which has no address.
    clientAddress: () => context.clientAddress,
    locals: context.locals,
    contactContent: readContactContent,
  })

export const ALL: APIRoute = () =>
  new Response(JSON.stringify({ok: false, error: 'methodNotAllowed', message: 'Send the form with POST.'}), {
    status: 405,
    headers: {allow: 'POST', 'content-type': 'application/json; charset=utf-8'},
  })
