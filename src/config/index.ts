/**
 * The site's configuration: every environment variable it reads, parsed and checked once where a
 * process starts (the production server, a build), into one typed object that is handed to
 * whatever needs it. Nothing else in the site or its server reads process.env. A bad value stops the start with an error
 * naming the variable, instead of surfacing later as a refused message or a blank page.
 */
import {hkdfSync} from 'node:crypto'
import {resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {SanityTarget} from '../lib/sanityClient.ts'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Pinned so the Content Lake's answers cannot change shape under us. */
export const DEFAULT_API_VERSION = '2025-02-19'

export type ContentConfig =
  | {kind: 'bundled'}
  | {
      kind: 'contentLake'
      projectId: string
      dataset: string
      apiVersion: string
      token?: string
      apiHost?: string
    }

export type MessageStoreConfig =
  | {kind: 'sqlite'; path: string}
  | {kind: 'sanity'; projectId: string; dataset: string; apiVersion: string; token: string; apiHost?: string}

/**
 * Staff preview (src/server/preview.ts): drafts read on the server with the read token, shown to
 * staff who came from Studio. On only when the site reads a Sanity project and has a read token
 * and the Studio's address; otherwise off, with the reason said in the server's log.
 */
export type PreviewConfig =
  | {
      enabled: true
      /** The project's dataset, read with the token (SANITY_API_READ_TOKEN). */
      target: SanityTarget & {token: string}
      studioUrl: string
      /** The only origin that may frame preview pages. */
      studioOrigin: string
      /** Signs preview sessions; derived from the token, so every server agrees without another secret. */
      sessionKey: Buffer
    }
  | {enabled: false; reason: string}

export interface ContactConfig {
  store: MessageStoreConfig
  rateLimit: {limit: number; windowSeconds: number}
  /** Settings that are read but no longer do anything, said once when the server starts. */
  warnings: string[]
  /** E-mail about each new message; absent without SMTP_URL. */
  mail?: {
    smtpUrl: string
    to?: string
    from: string
    /** How often due e-mails are sent, and the wait after a first refusal (doubling after each). */
    retrySeconds: number
    /** Refusals after which an e-mail is given up and reported. */
    maxAttempts: number
  }
}

/**
 * How long the server waits for a client and how many it serves at once, set on purpose rather
 * than left at Node's defaults (300 s for a request, no cap on connections), under which a few
 * thousand clients sending a byte every two seconds hold the server's memory for minutes
 * (docs/security.md).
 */
export interface ServerLimits {
  /** A request's headers must all arrive within this time. */
  headersTimeoutMs: number
  /** A whole request, headers and body, must arrive within this time. */
  requestTimeoutMs: number
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number
  /** A contact message's body must arrive within this time of its headers. */
  contactBodyTimeoutMs: number
}

export interface SiteConfig {
  /** The public address: canonical links, the sitemap, the contact form's Origin check, the launch check. */
  siteUrl: string
  content: ContentConfig
  contact: ContactConfig
  server: {
    port: number
    host: string
    /** Behind a reverse proxy: trust X-Forwarded-Proto and X-Forwarded-For. */
    trustProxy: boolean
    buildsDir: string
    /** Serve this build instead of the newest. */
    distDir?: string
    /** The rebuild receiver's secret; without it the receiver is off. */
    webhookSecret?: string
    limits: ServerLimits
  }
  /** Where a build keeps its content cache, when not in .astro/ (a build beside the live site). */
  buildCacheDir?: string
  preview: PreviewConfig
}

/** One row of the README's variable table: the module is the source, the README its copy. */
export interface VariableDoc {
  names: string[]
  meaning: string
  default: string
}

export const VARIABLES: VariableDoc[] = [
  {
    names: ['SANITY_PROJECT_ID'],
    meaning:
      "read content from this Sanity project's Content Lake. Unset: read the bundled dataset `studio/seed/production.ndjson`",
    default: 'unset',
  },
  {names: ['SANITY_DATASET'], meaning: 'the dataset to read', default: '`production`'},
  {
    names: ['SANITY_API_VERSION'],
    meaning: 'the Query API version, pinned so answers keep their shape',
    default: `\`${DEFAULT_API_VERSION}\``,
  },
  {
    names: ['SANITY_API_READ_TOKEN'],
    meaning: 'a read token, needed for a private dataset and for staff preview (it reads drafts)',
    default: 'unset',
  },
  {
    names: ['SANITY_API_HOST'],
    meaning: 'another Query API host (a proxy, or a local stand-in for tests)',
    default: '`https://<project>.api.sanity.io`',
  },
  {
    names: ['SANITY_STUDIO_URL'],
    meaning:
      "the Studio's address, such as `https://<name>.sanity.studio` (`http` only for localhost). With `SANITY_PROJECT_ID` and `SANITY_API_READ_TOKEN` it turns staff preview on (see below)",
    default: 'unset (preview off)',
  },
  {
    names: ['SITE_URL'],
    meaning:
      'the public address, for canonical links and the sitemap. A public address turns the launch check on (see below)',
    default: '`http://localhost:4321`',
  },
  {names: ['PORT', 'HOST'], meaning: 'where `npm start` listens', default: '`4321`, `localhost`'},
  {
    names: ['CONTACT_DB_PATH'],
    meaning: 'the SQLite file contact messages are stored in',
    default: '`data/contact-messages.sqlite`',
  },
  {
    names: ['SANITY_API_WRITE_TOKEN'],
    meaning:
      'store contact messages as `contactMessage` documents in Sanity instead (needs `SANITY_PROJECT_ID`)',
    default: 'unset',
  },
  {
    names: ['SMTP_URL'],
    meaning: 'e-mail each new message to the customer-care address (`smtp://user:pass@host:587`)',
    default: 'unset',
  },
  {
    names: ['CONTACT_MAIL_TO', 'CONTACT_MAIL_FROM'],
    meaning: 'recipient (default: the customer-care e-mail in Company facts) and sender of those e-mails',
    default: 'the customer-care e-mail, `Website contact form <no-reply@localhost>`',
  },
  {
    names: ['CONTACT_RATE_LIMIT', 'CONTACT_RATE_WINDOW_SECONDS'],
    meaning: 'posts allowed from one address per window',
    default: '`10`, `600`',
  },
  {
    names: ['CONTACT_NOTIFY_RETRY_SECONDS', 'CONTACT_NOTIFY_MAX_ATTEMPTS'],
    meaning:
      'how often e-mails about messages are retried: a refused one waits this long, then twice as long after each refusal, and is given up after that many refusals',
    default: '`60`, `8`',
  },
  {
    names: ['CONTACT_MIN_FILL_MS'],
    meaning:
      'no longer used: a minimum fill time is a claim any client can make, not a defence (see `docs/contact-api.md`); the server says so if it is set',
    default: 'unset',
  },
  {
    names: ['SERVER_HEADERS_TIMEOUT_SECONDS', 'SERVER_REQUEST_TIMEOUT_SECONDS'],
    meaning:
      "a request's headers, and the whole request, must arrive within these times, or the connection is closed (408). The headers' time may not exceed the request's",
    default: '`10`, `30`',
  },
  {
    names: ['SERVER_MAX_CONNECTIONS'],
    meaning: 'connections `npm start` holds open at once; more are closed as they arrive',
    default: '`500`',
  },
  {
    names: ['CONTACT_BODY_TIMEOUT_SECONDS'],
    meaning: 'a contact message must arrive within this time of its headers, or it is refused (408)',
    default: '`10`',
  },
  {
    names: ['SANITY_WEBHOOK_SECRET'],
    meaning: 'the secret of the Sanity webhook that asks `POST /api/rebuild` for a rebuild',
    default: 'unset (receiver off)',
  },
  {names: ['SITE_BUILDS_DIR'], meaning: 'where the rebuild receiver writes new builds', default: '`.builds`'},
  {
    names: ['SITE_DIST_DIR'],
    meaning: 'serve this build instead of `.builds/current` or `dist`',
    default: 'unset',
  },
  {
    names: ['TRUST_PROXY'],
    meaning:
      '`1` behind a reverse proxy: trust `X-Forwarded-Proto` (for HSTS) and `X-Forwarded-For` (for the rate limit)',
    default: 'unset',
  },
  {
    names: ['ASTRO_CACHE_DIR'],
    meaning:
      'where a build keeps its content cache; the rebuild receiver and the tests set it for builds beside the live site',
    default: '`.astro`',
  },
]

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Readonly<Record<string, string | undefined>>

/** Reads the variables and collects every problem, so one start names all of them. */
class Reader {
  readonly problems: string[] = []
  private readonly env: Env
  constructor(env: Env) {
    this.env = env
  }

  text(name: string): string | undefined {
    const value = this.env[name]?.trim()
    return value ? value : undefined
  }

  whole(name: string, fallback: number, {min, max}: {min: number; max: number}): number {
    const raw = this.text(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name}="${raw}" must be a whole number from ${min} to ${max}.`)
      return fallback
    }
    return value
  }

  url(name: string, protocols: string[], example: string): string | undefined {
    const raw = this.text(name)
    if (raw === undefined) return undefined
    try {
      const url = new URL(raw)
      if (protocols.includes(url.protocol)) return raw
    } catch {
      // reported below
    }
    // An address may carry a password (smtp://user:password@host): never repeat one in a message.
    const shown = raw.replace(/\/\/[^/@\s]*@/, '//…@')
    this.problems.push(`${name}="${shown}" must be an address such as ${example}.`)
    return undefined
  }

  flag(name: string): boolean {
    const raw = this.text(name)
    if (raw === undefined || raw === '0') return false
    if (raw === '1') return true
    this.problems.push(`${name}="${raw}" must be 1 (on) or 0 (off).`)
    return false
  }
}

/** Parses the environment once; throws a ConfigError naming every variable with a bad value. */
export function readConfig(env: Env): SiteConfig {
  const read = new Reader(env)
  const siteUrl =
    read.url('SITE_URL', ['http:', 'https:'], 'https://www.example.com') ?? 'http://localhost:4321'
  const projectId = read.text('SANITY_PROJECT_ID')
  const dataset = read.text('SANITY_DATASET') ?? 'production'
  const apiVersion = read.text('SANITY_API_VERSION') ?? DEFAULT_API_VERSION
  if (!/^(\d{4}-\d{2}-\d{2}|v1|v2021-03-25|X)$/.test(apiVersion))
    read.problems.push(`SANITY_API_VERSION="${apiVersion}" must be a date such as ${DEFAULT_API_VERSION}.`)
  const apiHost = read.url('SANITY_API_HOST', ['http:', 'https:'], 'https://api.sanity.io')
  const writeToken = read.text('SANITY_API_WRITE_TOKEN')
  if (writeToken && !projectId)
    read.problems.push(
      'SANITY_API_WRITE_TOKEN is set without SANITY_PROJECT_ID: messages need a project to go to.',
    )
  const smtpUrl = read.url('SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:password@smtp.example.com:587')
  const mailTo = read.text('CONTACT_MAIL_TO')
  if (mailTo && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mailTo))
    read.problems.push(`CONTACT_MAIL_TO="${mailTo}" must be an e-mail address.`)

  const config: SiteConfig = {
    siteUrl,
    content: projectId
      ? {
          kind: 'contentLake',
          projectId,
          dataset,
          apiVersion,
          token: read.text('SANITY_API_READ_TOKEN'),
          apiHost,
        }
      : {kind: 'bundled'},
    contact: {
      store:
        writeToken && projectId
          ? {kind: 'sanity', projectId, dataset, apiVersion, token: writeToken, apiHost}
          : {
              kind: 'sqlite',
              path: resolve(ROOT, read.text('CONTACT_DB_PATH') ?? 'data/contact-messages.sqlite'),
            },
      rateLimit: {
        limit: read.whole('CONTACT_RATE_LIMIT', 10, {min: 1, max: 1_000_000}),
        windowSeconds: read.whole('CONTACT_RATE_WINDOW_SECONDS', 600, {min: 1, max: 86_400}),
      },
      // Ignored, not refused: a server started with an old environment keeps serving.
      warnings: read.text('CONTACT_MIN_FILL_MS')
        ? [
            'CONTACT_MIN_FILL_MS is no longer used: the contact form has no minimum fill time, since any client could claim one (docs/contact-api.md). Remove the variable.',
          ]
        : [],
      mail: smtpUrl
        ? {
            smtpUrl,
            to: mailTo,
            from: read.text('CONTACT_MAIL_FROM') ?? 'Website contact form <no-reply@localhost>',
            retrySeconds: read.whole('CONTACT_NOTIFY_RETRY_SECONDS', 60, {min: 1, max: 86_400}),
            maxAttempts: read.whole('CONTACT_NOTIFY_MAX_ATTEMPTS', 8, {min: 1, max: 100}),
          }
        : undefined,
    },
    server: {
      port: read.whole('PORT', 4321, {min: 0, max: 65_535}),
      host: read.text('HOST') ?? 'localhost',
      trustProxy: read.flag('TRUST_PROXY'),
      buildsDir: resolve(ROOT, read.text('SITE_BUILDS_DIR') ?? '.builds'),
      distDir: read.text('SITE_DIST_DIR') && resolve(ROOT, read.text('SITE_DIST_DIR')!),
      webhookSecret: read.text('SANITY_WEBHOOK_SECRET'),
      limits: serverLimits(read),
    },
    buildCacheDir: read.text('ASTRO_CACHE_DIR'),
    preview: previewConfig(read, {projectId, dataset, apiVersion, apiHost}),
  }
  if (read.problems.length > 0)
    throw new ConfigError(
      `The configuration has ${read.problems.length === 1 ? 'a bad value' : 'bad values'}:\n  ${read.problems.join('\n  ')}`,
    )
  return config
}

function serverLimits(read: Reader): ServerLimits {
  const headersSeconds = read.whole('SERVER_HEADERS_TIMEOUT_SECONDS', 10, {min: 1, max: 3600})
  const requestSeconds = read.whole('SERVER_REQUEST_TIMEOUT_SECONDS', 30, {min: 1, max: 3600})
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (headersSeconds > requestSeconds)
    read.problems.push(
      `SERVER_HEADERS_TIMEOUT_SECONDS="${headersSeconds}" may not exceed SERVER_REQUEST_TIMEOUT_SECONDS="${requestSeconds}".`,
    )
  return {
    headersTimeoutMs: headersSeconds * 1000,
    requestTimeoutMs: requestSeconds * 1000,
    maxConnections: read.whole('SERVER_MAX_CONNECTIONS', 500, {min: 1, max: 1_000_000}),
    contactBodyTimeoutMs: read.whole('CONTACT_BODY_TIMEOUT_SECONDS', 10, {min: 1, max: 3600}) * 1000,
  }
}

/** Fixed strings naming what the derived key is for: the same token always gives the same key. */
const SESSION_KEY_SALT = 'medistay-site preview'
const SESSION_KEY_INFO = 'HMAC-SHA256 key for the staff preview session cookie'

/**
 * The key that signs preview sessions, derived from the read token: every server with the same
 * token accepts the same sessions, and a rotated token ends every session, with no key to keep.
 */
export function previewSessionKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, SESSION_KEY_SALT, SESSION_KEY_INFO, 32))
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

function previewConfig(
  read: Reader,
  project: Omit<SanityTarget, 'projectId' | 'token'> & {projectId?: string},
): PreviewConfig {
  const studioUrl = read.url('SANITY_STUDIO_URL', ['http:', 'https:'], 'https://<name>.sanity.studio')
  const studio = studioUrl ? new URL(studioUrl) : undefined
  // Preview pages may be framed by this origin: over plain http anyone on the way could pose as it.
  if (studio?.protocol === 'http:' && !LOCAL_HOSTS.has(studio.hostname))
    read.problems.push(
      `SANITY_STUDIO_URL="${studioUrl}" must be https (http only for localhost), such as https://<name>.sanity.studio.`,
    )
  const token = read.text('SANITY_API_READ_TOKEN')
  const {projectId} = project
  if (projectId && token && studioUrl && studio)
    return {
      enabled: true,
      target: {...project, projectId, token},
      studioUrl,
      studioOrigin: studio.origin,
      sessionKey: previewSessionKey(token),
    }
  const missing = [token ? '' : 'SANITY_API_READ_TOKEN', studioUrl ? '' : 'SANITY_STUDIO_URL']
    .filter(Boolean)
    .join(' and ')
  if (!projectId)
    return {
      enabled: false,
      reason:
        'Preview is off: the site reads the bundled dataset (SANITY_PROJECT_ID is not set)' +
        (missing ? `; preview also needs ${missing}` : ''),
    }
  return {
    enabled: false,
    reason: `Preview is off: ${missing} ${missing.includes(' and ') ? 'are' : 'is'} not set`,
  }
}
