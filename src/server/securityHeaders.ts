import type {IncomingMessage, ServerResponse} from 'node:http'

/**
 * Headers every answer carries. The pages' own Content-Security-Policy (script and style hashes)
 * is a <meta> tag Astro writes; frame-ancestors only works as a header, so it is sent here.
 * The same list is in public/_headers for static hosts.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

export const HSTS = 'max-age=31536000; includeSubDomains'

/** Whether the request came over TLS: directly, or behind a proxy that says so (TRUST_PROXY=1). */
export function cameOverTls(request: IncomingMessage, trustProxy: boolean): boolean {
  const encrypted = 'encrypted' in request.socket && Boolean(request.socket.encrypted)
  return encrypted || (trustProxy && request.headers['x-forwarded-proto'] === 'https')
}

/** HSTS only over TLS. */
export function applySecurityHeaders(
  request: IncomingMessage,
  response: ServerResponse,
  trustProxy: boolean,
) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value)
  if (cameOverTls(request, trustProxy)) response.setHeader('Strict-Transport-Security', HSTS)
}

/**
 * The policy of an answer that one origin may frame: staff preview inside the Studio's
 * Presentation tool. Everything else stays unframeable.
 */
export function framedOnlyBy(origin: string): string {
  return SECURITY_HEADERS['Content-Security-Policy']!.replace(
    "frame-ancestors 'none'",
    `frame-ancestors ${origin}`,
  )
}
