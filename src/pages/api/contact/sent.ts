import type {APIRoute} from 'astro'
import {answerSentPage} from '../../../contact/route'
import {readContactContent} from '../../../content/contactContent'

export const prerender = false

export const GET: APIRoute = ({request, locals}) =>
  answerSentPage({request, locals, contactContent: readContactContent})

export const ALL: APIRoute = () =>
  new Response('Open this page with GET.\n', {
    status: 405,
    headers: {allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8'},
  })
