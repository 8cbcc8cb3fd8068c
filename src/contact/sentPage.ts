import {createHash} from 'node:crypto'
import {DEFAULT_LANGUAGE, pathIn} from '../../model/translations.ts'
import {SENT_REFERENCE_SLOT} from './buildContent.ts'
import {contactLanguage} from './language.ts'
import type {ContactContent} from './service.ts'
import {REFERENCE_PATTERN} from './store.ts'

/**
 * Where a form post without JavaScript lands once its message is stored: a page in the build's
 * words that shows the message's reference. The contact page is static, the same bytes for every
 * visitor, so it cannot show a code of one message; this page is rendered for each request from
 * the reference in its address. It is reloadable (GET), never cached or indexed, and repeats
 * nothing the visitor sent: the reference is checked by its shape and escaped all the same.
 */
export const CONTACT_SENT_PATH = '/api/contact/sent'

/** The address of the page for one message's reference, in the language of the form's page. */
export const sentPageAddress = (reference: string, language: string = DEFAULT_LANGUAGE) =>
  `${CONTACT_SENT_PATH}?reference=${encodeURIComponent(reference)}${
    language === DEFAULT_LANGUAGE ? '' : `&language=${encodeURIComponent(language)}`
  }`

// A host that runs the route as a function has no server to read the build's pages, only its
// words: a card in the site's colours and type, with no script and this one style, allowed by its hash.
const STYLE = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif;line-height:1.6;color:#0f2a2e;background:#f3f8f7}',
  'main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border-top:4px solid #0b6e69;border-radius:0.5rem}',
  'h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.2}',
  '.reference strong{font-size:1.25rem;letter-spacing:0.1em}',
  'a{color:#07524e;display:inline-block;min-height:44px;padding:0.5rem 0}',
].join('')
const POLICY = [
  "default-src 'none'",
  "script-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
}

/**
 * GET /api/contact/sent?reference=XXXXXXXX&language=hi: the build's page for that language (a
 * language the build does not offer: English), with the site's header and footer, and the words
 * of that language's contact page; an address without a reference of the right shape goes to the
 * contact page.
 */
export function sentPage(
  url: URL,
  content: ContactContent,
  {contactPath: englishPath}: {contactPath: string},
): Response {
  const language = contactLanguage(content, url.searchParams.get('language'))
  const words = language.words.sentPage
  const contactPath = pathIn(language.code, englishPath)
  const reference = url.searchParams.get('reference') ?? ''
  if (!REFERENCE_PATTERN.test(reference))
    return new Response(null, {status: 303, headers: {location: contactPath, 'cache-control': 'no-store'}})
  // The reference has the shape checked above (letters and digits), and is escaped all the same.
  const page = content.sentPages?.[language.code]
  if (page)
    return new Response(page.replace(SENT_REFERENCE_SLOT, escapeHtml(reference)), {
      status: 200,
      headers: HEADERS,
    })
  const [title, message, label, back] = [
    words.title,
    words.message,
    words.referenceLabel,
    words.backLabel,
  ].map(escapeHtml)
  const html = `<!doctype html>
<html lang="${escapeHtml(language.code)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="content-security-policy" content="${POLICY}">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${message}</p>
<p class="reference">${label} <strong>${escapeHtml(reference)}</strong></p>
<p><a href="${escapeHtml(contactPath)}">${back}</a></p>
</main>
</body>
</html>
`
  return new Response(html, {status: 200, headers: HEADERS})
}
