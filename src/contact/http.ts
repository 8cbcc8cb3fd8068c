import {CONTACT_FORM_FIELDS} from '../../model/contactForm.ts'
import {LOCAL_HOSTS} from '../config/index.ts'
import {pathIn} from '../../model/translations.ts'
import {contactLanguage} from './language.ts'
import {
  CONSENT_BOX_NAMES,
  CONTACT_FIELDS,
  DEFAULT_ERROR_TEXT,
  LANGUAGE_FIELD,
  PRIVACY_VERSION_FIELD,
  WORDINGS_FIELD,
} from './schema.ts'
import {sentPageAddress} from './sentPage.ts'
import type {ContactService} from './service.ts'
import type {Outcome, Submission} from './submission.ts'
import {visitorAddressOf} from './rateLimit.ts'

/** What a message sends besides its fields' text: names, quotes, the boxes, its id, the page's policy version, language and wordings. */
const ENVELOPE_BYTES = 1024
/** The most bytes one character takes in UTF-8: an emoji, or any character beyond the first 65,536. */
const MAX_CHARACTER_BYTES = 4

/**
 * The most a message may weigh, derived from the fields' limits (model/contactForm.ts): every
 * valid message fits, even one written all in four-byte characters, so a limit raised there needs
 * nothing here. A form post spells each byte that is not ASCII as "%XX", so it may arrive up to
 * three times as large (MAX_ENCODED_FORM_BYTES). The proxy's limit in docs/operating.md follows.
 */
export const maxBodyBytes = (fields: Record<string, {max: number}>) =>
  Object.values(fields).reduce((total, {max}) => total + max * MAX_CHARACTER_BYTES, ENVELOPE_BYTES)
export const MAX_BODY_BYTES = maxBodyBytes(CONTACT_FORM_FIELDS)
export const MAX_ENCODED_FORM_BYTES = 3 * MAX_BODY_BYTES

type Kind = 'json' | 'form'

/**
 * Where a form post without JavaScript lands; the contact page shows the matching notice. Two are
 * exceptions: a stored message lands on a page with its reference (sentPage.ts), and a message the store could not take gets a 503 page of its own (`answer`).
 */
export const FORM_OUTCOME_ANCHORS = {
  stored: 'message-sent',
  invalid: 'message-invalid',
  rejected: 'message-invalid',
  // Answered with a page of their own (409); a form post names no send, so is never `changed`.
  changed: 'message-failed',
  outdated: 'message-failed',
  rateLimited: 'message-rate-limited',
  unavailable: 'message-failed',
} as const satisfies Record<Outcome['kind'], string>

class RequestError extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** How the request was sent: by the island (JSON), by a browser without JavaScript (form), or neither. */
function kindOf(request: Request): Kind | undefined {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === 'application/json') return 'json'
  if (type === 'application/x-www-form-urlencoded') return 'form'
  return undefined
}

/**
 * The origins whose pages may post here. With SITE_URL naming the site, only its origin: the
 * request's own address comes from its Host header, which the client writes, so a page on
 * evil.example that DNS rebinding points at this server would pass as "its own". Without it (the
 * default, on this machine), the address the request names only if that is this machine.
 */
export function allowedOrigins(requestUrl: string, siteUrl: string): string[] {
  const site = new URL(siteUrl)
  if (!LOCAL_HOSTS.has(site.hostname)) return [site.origin]
  const own = new URL(requestUrl)
  return LOCAL_HOSTS.has(own.hostname) ? [site.origin, own.origin] : [site.origin]
}

/** Only pages of this site may post here (allowedOrigins). */
function checkOrigin(request: Request, siteUrl: string) {
  const origin = request.headers.get('origin')
  if (!origin || !allowedOrigins(request.url, siteUrl).includes(origin)) {
    throw new RequestError(403, 'crossOrigin', 'This form can only be sent from our website.')
  }
}

/** Who sent the request, for the rate limit (rateLimit.ts says how a proxy's word is taken). */
export function visitorAddress(request: Request, socketAddress: string, trustProxy: boolean): string {
  return visitorAddressOf(request.headers.get('x-forwarded-for'), socketAddress, trustProxy)
}

async function readBody(request: Request, kind: Kind): Promise<string> {
  const limit = kind === 'form' ? MAX_ENCODED_FORM_BYTES : MAX_BODY_BYTES
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > limit) throw tooLarge()
  const reader = request.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    // The one way reading a body fails is its connection closing part-way (a reset, a closed tab).
    const {done, value} = await reader.read().catch(() => {
      throw new SenderGone()
    })
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(Buffer.concat(chunks))
  } catch {
    throw new RequestError(400, 'malformed', 'The form could not be read; please try again.')
  }
}

const tooLarge = () => new RequestError(413, 'tooLarge', 'The message is too large to send.')

/** The sender's connection went away before their message had arrived: no one is left to answer. */
class SenderGone extends Error {}

function parseSubmission(kind: Kind, body: string): Submission {
  if (kind === 'form') {
    const form = new URLSearchParams(body)
    const decodedBytes = [...form.values()].reduce((total, value) => total + Buffer.byteLength(value), 0)
    if (decodedBytes > MAX_BODY_BYTES) throw tooLarge()
    return {
      fields: {
        ...Object.fromEntries(CONTACT_FIELDS.map((name) => [name, form.get(name) ?? ''])),
        // An unticked box is not sent at all.
        ...Object.fromEntries(CONSENT_BOX_NAMES.map((box) => [box, form.get(box) ?? undefined])),
      },
      website: form.get('website') ?? undefined,
      privacyVersion: form.get(PRIVACY_VERSION_FIELD) ?? undefined,
      language: form.get(LANGUAGE_FIELD) ?? undefined,
      wordings: form.get(WORDINGS_FIELD) ?? undefined,
    }
  }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new RequestError(400, 'malformed', 'The form could not be read; please try again.')
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RequestError(400, 'malformed', 'The form could not be read; please try again.')
  }
  const record = json as Record<string, unknown>
  return {
    fields: {
      ...Object.fromEntries([...CONTACT_FIELDS, ...CONSENT_BOX_NAMES].map((name) => [name, record[name]])),
    },
    website: record.website,
    submissionId: record.submissionId,
    privacyVersion: record[PRIVACY_VERSION_FIELD],
    language: record[LANGUAGE_FIELD],
    wordings: record[WORDINGS_FIELD],
  }
}

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers},
  })

/** How long a visitor is asked to wait while the store is shut; it is retried sooner than that at first. */
const STORE_RETRY_AFTER = {'retry-after': '30'}
const STORE_UNAVAILABLE = 'Your message could not be stored; please try again.'
const OUTDATED =
  'The boxes beside this form have changed since the page was opened. Copy your message, reload the page, read the boxes again and send it.'
const CHANGED =
  'A message was sent before under this submission id with other words; it is kept as it was. Send the new words as a new message.'

/**
 * The answer to a submission. A form post lands on pages in the language of the page it came from:
 * `language` is one the build offers (or English), `contactPath` that language's contact page.
 */
function answer(
  kind: Kind,
  outcome: Outcome,
  {contactPath, language, notStored}: {contactPath: string; language: string; notStored: string},
): Response {
  if (kind === 'form') {
    // A page in words, not a redirect: the visitor's Back button returns to the form with their
    // message still typed in, where a fresh contact page would have lost it. The words are staff's.
    if (outcome.kind === 'unavailable')
      return errorPage({status: 503, message: notStored}, contactPath, STORE_RETRY_AFTER)
    if (outcome.kind === 'changed') return errorPage({status: 409, message: CHANGED}, contactPath)
    if (outcome.kind === 'outdated') return errorPage({status: 409, message: OUTDATED}, contactPath)
    const headers: Record<string, string> = {
      location:
        outcome.kind === 'stored'
          ? sentPageAddress(outcome.reference, language)
          : `${contactPath}#${FORM_OUTCOME_ANCHORS[outcome.kind]}`,
    }
    if (outcome.kind === 'rateLimited') headers['retry-after'] = String(outcome.retryAfterSeconds)
    return new Response(null, {status: 303, headers: {...headers, 'cache-control': 'no-store'}})
  }
  switch (outcome.kind) {
    case 'stored':
      return json(outcome.duplicate ? 200 : 201, {ok: true, id: outcome.id, reference: outcome.reference})
    case 'invalid':
      return json(422, {
        ok: false,
        error: 'invalid',
        message: 'Some fields need attention.',
        fieldErrors: outcome.fieldErrors,
        fieldMessages: Object.fromEntries(
          Object.entries(outcome.fieldErrors).map(([name, code]) => [name, DEFAULT_ERROR_TEXT[code]]),
        ),
      })
    case 'rejected':
      return json(400, {ok: false, error: 'rejected', message: 'The message could not be accepted.'})
    case 'changed':
      return json(409, {ok: false, error: 'changed', message: CHANGED})
    case 'outdated':
      return json(409, {ok: false, error: 'outdated', message: OUTDATED})
    case 'rateLimited':
      return json(
        429,
        {
          ok: false,
          error: 'rateLimited',
          message: 'Too many messages from your connection; please wait a few minutes.',
          retryAfterSeconds: outcome.retryAfterSeconds,
        },
        {'retry-after': String(outcome.retryAfterSeconds)},
      )
    case 'unavailable':
      return json(503, {ok: false, error: 'unavailable', message: STORE_UNAVAILABLE}, STORE_RETRY_AFTER)
  }
}

/** POST /api/contact: the one place a visitor's message enters the system. */
export async function handleContactPost(
  request: Request,
  {
    service,
    clientAddress,
    siteUrl,
    contactPath,
    logError = console.error,
  }: {
    service: ContactService
    clientAddress: string
    siteUrl: string
    contactPath: string
    /** Where a request that failed on our side is said: the server's error log, or standard error. */
    logError?: (line: string) => void
  },
): Promise<Response> {
  // Known first, so that even a refusal answers a browser without JavaScript with a page in words.
  const kind = kindOf(request)
  try {
    checkOrigin(request, siteUrl)
    if (!kind)
      throw new RequestError(
        415,
        'unsupportedMediaType',
        'Send the form as JSON or as an ordinary form post.',
      )
    const submission = parseSubmission(kind, await readBody(request, kind))
    const outcome = await service.submit(submission, clientAddress)
    const language = contactLanguage(service.content(), submission.language)
    return answer(kind, outcome, {
      contactPath: pathIn(language.code, contactPath),
      language: language.code,
      notStored: language.words.notStored,
    })
  } catch (error) {
    // Said in one line now and then by the service, never a stack per request: a flood of
    // resets would otherwise fill the log (issue 37).
    if (error instanceof SenderGone) {
      service.abandoned(clientAddress)
      return new Response(null, {status: 400, headers: {'cache-control': 'no-store'}})
    }
    const problem =
      error instanceof RequestError
        ? error
        : new RequestError(500, 'internal', 'Something went wrong on our side; please try again.')
    if (!(error instanceof RequestError))
      logError(
        `Contact form request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
    return kind === 'form'
      ? errorPage(problem, contactPath)
      : json(problem.status, {ok: false, error: problem.code, message: problem.message})
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * A browser without JavaScript shows whatever comes back: a short page in words, with the way
 * back, never JSON. It repeats nothing the visitor sent.
 */
function errorPage(
  problem: {status: number; message: string},
  contactPath: string,
  headers: Record<string, string> = {},
): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Message not sent</title></head>
<body><main><h1>Your message was not sent</h1><p>${escapeHtml(problem.message)}</p>
<p>Use your browser's Back button to return to your message, or <a href="${contactPath}">open the contact page again</a>.</p></main></body></html>
`
  return new Response(html, {
    status: problem.status,
    headers: {'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers},
  })
}
