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

/** HSTS only over TLS: directly, or behind a proxy that says so (TRUST_PROXY=1). */
export function applySecurityHeaders(
  request: IncomingMessage,
  response: ServerResponse,
  trustProxy: boolean,
) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value)
  const encrypted = 'encrypted' in request.socket && Boolean(request.socket.encrypted)
  const forwardedHttps = trustProxy && request.headers['x-forwarded-proto'] === 'https'
  if (encrypted || forwardedHttps) response.setHeader('Strict-Transport-Security', HSTS)
}
