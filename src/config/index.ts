/**
 * The site's configuration: every environment variable it reads, parsed and checked once where a
 * process starts (the production server, a build), into one typed object that is handed to
 * whatever needs it. Nothing else in the site or its server reads process.env. A bad value stops
 * the start with an error naming the variable and its rule (never the value, which may be a
 * secret), instead of surfacing later as a refused message or a blank page. One schema says each
 * variable once: its type, its default, what a bad value must be, and its row in the variables'
 * table in docs/operating.md (`npm run config:table`).
 */
import {hkdfSync} from 'node:crypto'
import {resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {z} from 'zod'
import type {SanityTarget} from '../lib/sanityClient.ts'
import {SANITY_API_VERSION} from '../../model/sanityApi.ts'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export type ContentConfig =
  | {
      kind: 'bundled'
      /** The export file BUNDLED_DATASET names, as an absolute path. */
      path: string
    }
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
  /**
   * How many acknowledgements may go out in a window, to one address and in all, so the form
   * cannot be used to mail anyone a flood of our e-mails (docs/security.md).
   */
  acknowledgementCaps: {perRecipient: number; overall: number; windowSeconds: number}
  /** E-mail about each new message; absent without SMTP_URL. */
  mail?: {
    smtpUrl: string
    to?: string
    from: string
    /** How often due e-mails are sent, and the wait after a first refusal (doubling after each). */
    retrySeconds: number
    /** Refusals after which an e-mail is given up and reported. */
    maxAttempts: number
    /** An e-mail still unsent this long after its message arrived makes GET /api/health answer 503. */
    maxWaitMinutes: number
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

/** The names of this machine, as a URL's hostname writes them. */
export const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An address with one of these schemes; `abort` keeps later checks from reading one that is not. */
const address = (protocols: string[], example: string) =>
  z.string().refine((raw) => URL.canParse(raw) && protocols.includes(new URL(raw).protocol), {
    error: `must be an address such as ${example}.`,
    abort: true,
  })

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .refine(
      (raw) => Number.isInteger(Number(raw)) && Number(raw) >= min && Number(raw) <= max,
      `must be a whole number from ${min} to ${max}.`,
    )
    .transform(Number)

/**
 * A check across variables runs once those it reads are valid alone, whatever else is wrong:
 * zod would otherwise skip it after some kinds of problem elsewhere and not after others.
 */
const onceValid = (...names: string[]) => ({
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => names.includes(String(issue.path?.[0]))),
})

/**
 * Every variable the site reads, in the order of the variables' table in docs/operating.md. A
 * description is the variable's meaning there; its default is shown as the schema's own, or in the
 * words `meta` gives where code outside the schema decides it. A message says what a bad value
 * must be; a check across variables says the whole sentence.
 */
const variables = z
  .object({
    SANITY_PROJECT_ID: z
      .string()
      .optional()
      .describe(
        "read content from this Sanity project's Content Lake. Unset: read the bundled dataset (`BUNDLED_DATASET`)",
      ),
    BUNDLED_DATASET: z
      .string()
      .default('studio/seed/production.ndjson')
      .describe(
        'the dataset read without `SANITY_PROJECT_ID`: a Sanity export file (`.ndjson`), relative to the repository or absolute',
      ),
    SANITY_DATASET: z.string().default('production').describe('the dataset to read'),
    SANITY_API_VERSION: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2}|v1|v2021-03-25|X)$/, `must be a date such as ${SANITY_API_VERSION}.`)
      .default(SANITY_API_VERSION)
      .describe('the Query API version, pinned so answers keep their shape'),
    SANITY_API_READ_TOKEN: z
      .string()
      .optional()
      .describe('a read token, needed for a private dataset and for staff preview (it reads drafts)'),
    SANITY_API_HOST: address(['http:', 'https:'], 'https://api.sanity.io').optional().meta({
      description: 'another Query API host (a proxy, or a local stand-in for tests)',
      default: '`https://<project>.api.sanity.io`',
    }),
    SANITY_STUDIO_URL: address(['http:', 'https:'], 'https://<name>.sanity.studio')
      // Preview pages may be framed by this origin: over plain http anyone on the way could pose as it.
      .refine(
        (raw) => new URL(raw).protocol === 'https:' || LOCAL_HOSTS.has(new URL(raw).hostname),
        'must be https (http only for localhost), such as https://<name>.sanity.studio.',
      )
      .optional()
      .meta({
        description:
          "the Studio's address, such as `https://<name>.sanity.studio` (`http` only for localhost). With `SANITY_PROJECT_ID` and `SANITY_API_READ_TOKEN` it turns staff preview on (see below)",
        default: 'unset (preview off)',
      }),
    SITE_URL: address(['http:', 'https:'], 'https://www.example.com')
      .default('http://localhost:4321')
      .describe(
        'the public address, for canonical links and the sitemap, and the only origin the contact form is taken from (unset: this machine only). A public address turns the launch check on (see below)',
      ),
    CONTACT_DB_PATH: z
      .string()
      .default('data/contact-messages.sqlite')
      .describe('the SQLite file contact messages are stored in'),
    SANITY_API_WRITE_TOKEN: z
      .string()
      .optional()
      .describe(
        'store contact messages as `contactMessage` documents in Sanity instead (needs `SANITY_PROJECT_ID`)',
      ),
    SMTP_URL: address(['smtp:', 'smtps:'], 'smtp://user:password@smtp.example.com:587')
      .optional()
      .describe('e-mail each new message to the customer-care address (`smtp://user:pass@host:587`)'),
    CONTACT_MAIL_TO: z
      .string()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address.')
      .optional()
      .meta({
        description: 'recipient of those e-mails',
        default: 'the customer-care e-mail in Company facts',
      }),
    CONTACT_MAIL_FROM: z
      .string()
      .default('Website contact form <no-reply@localhost>')
      .describe('sender of those e-mails'),
    CONTACT_RATE_LIMIT: wholeNumber(1, 1_000_000)
      .default(10)
      .describe('posts allowed from one address per window (`CONTACT_RATE_WINDOW_SECONDS`)'),
    CONTACT_RATE_WINDOW_SECONDS: wholeNumber(1, 86_400).default(600).describe('that window, in seconds'),
    CONTACT_ACK_PER_RECIPIENT: wholeNumber(0, 1_000_000)
      .default(3)
      .describe(
        'acknowledgements e-mailed to one address per window (`CONTACT_ACK_WINDOW_SECONDS`), whoever sends the messages; past it a message is stored and reaches customer care unacknowledged. `0` sends none',
      ),
    CONTACT_ACK_MAX: wholeNumber(0, 1_000_000)
      .default(100)
      .describe('acknowledgements e-mailed in all per window, to every address together; past it, as above'),
    CONTACT_ACK_WINDOW_SECONDS: wholeNumber(1, 604_800)
      .default(3600)
      .describe('that window for acknowledgements, in seconds'),
    CONTACT_NOTIFY_RETRY_SECONDS: wholeNumber(1, 86_400)
      .default(60)
      .describe(
        'how often e-mails about messages are retried: a refused one waits this long, then twice as long after each refusal',
      ),
    CONTACT_NOTIFY_MAX_ATTEMPTS: wholeNumber(1, 100)
      .default(8)
      .describe('refusals after which an e-mail about a message is given up'),
    CONTACT_MAIL_MAX_WAIT_MINUTES: wholeNumber(1, 10_080)
      .default(60)
      .describe(
        'an e-mail about a message still unsent this long after the message arrived makes `GET /api/health` answer 503 (see "Watching the server" in `docs/operating.md`)',
      ),
    PORT: wholeNumber(0, 65_535).default(4321).describe('the port `npm start` listens on'),
    HOST: z.string().default('localhost').describe('the host name or address `npm start` listens on'),
    SERVER_HEADERS_TIMEOUT_SECONDS: wholeNumber(1, 3600)
      .default(10)
      .describe(
        "a request's headers must arrive within this time, or the connection is closed (408). It may not exceed `SERVER_REQUEST_TIMEOUT_SECONDS`",
      ),
    SERVER_REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3600)
      .default(30)
      .describe('the whole request must arrive within this time, or the connection is closed (408)'),
    SERVER_MAX_CONNECTIONS: wholeNumber(1, 1_000_000)
      .default(500)
      .describe('connections `npm start` holds open at once; more are closed as they arrive'),
    CONTACT_BODY_TIMEOUT_SECONDS: wholeNumber(1, 3600)
      .default(10)
      .describe('a contact message must arrive within this time of its headers, or it is refused (408)'),
    SANITY_WEBHOOK_SECRET: z.string().optional().meta({
      description: 'the secret of the Sanity webhook that asks `POST /api/rebuild` for a rebuild',
      default: 'unset (receiver off)',
    }),
    SITE_BUILDS_DIR: z.string().default('.builds').describe('where the rebuild receiver writes new builds'),
    SITE_DIST_DIR: z.string().optional().describe('serve this build instead of `.builds/current` or `dist`'),
    TRUST_PROXY: z
      .enum(['1', '0'], {error: 'must be 1 (on) or 0 (off).'})
      .optional()
      .describe(
        '`1` behind a reverse proxy: trust `X-Forwarded-Proto` (for HSTS) and `X-Forwarded-For` (for the rate limit)',
      ),
    ASTRO_CACHE_DIR: z.string().optional().meta({
      description:
        'where a build keeps its content cache; the rebuild receiver and the tests set it for builds beside the live site',
      default: '`.astro`',
    }),
  })
  .superRefine(
    (env, ctx) => {
      if (env.SANITY_API_WRITE_TOKEN && !env.SANITY_PROJECT_ID)
        ctx.addIssue({
          code: 'custom',
          path: ['SANITY_API_WRITE_TOKEN'],
          message:
            'SANITY_API_WRITE_TOKEN is set without SANITY_PROJECT_ID: messages need a project to go to.',
        })
    },
    onceValid('SANITY_API_WRITE_TOKEN', 'SANITY_PROJECT_ID'),
  )
  .superRefine(
    (env, ctx) => {
      // Node refuses to start a server whose headers may take longer than the whole request.
      if (env.SERVER_HEADERS_TIMEOUT_SECONDS > env.SERVER_REQUEST_TIMEOUT_SECONDS)
        ctx.addIssue({
          code: 'custom',
          path: ['SERVER_HEADERS_TIMEOUT_SECONDS'],
          message: `SERVER_HEADERS_TIMEOUT_SECONDS (${env.SERVER_HEADERS_TIMEOUT_SECONDS} s) may not exceed SERVER_REQUEST_TIMEOUT_SECONDS (${env.SERVER_REQUEST_TIMEOUT_SECONDS} s).`,
        })
    },
    onceValid('SERVER_HEADERS_TIMEOUT_SECONDS', 'SERVER_REQUEST_TIMEOUT_SECONDS'),
  )

type Variables = z.output<typeof variables>

/** What every variable is when none is set. */
const DEFAULTS = variables.parse({})

/** The dataset in the repository, for tests and benchmarks that read it directly. */
export const DEFAULT_BUNDLED_DATASET = resolve(ROOT, DEFAULTS.BUNDLED_DATASET)

/** One row of the variables' table in docs/operating.md (scripts/configTable.ts writes it). */
export interface VariableDoc {
  name: string
  meaning: string
  default: string
}

export const VARIABLES: VariableDoc[] = Object.entries(variables.shape).map(([name, schema]) => {
  const meta = z.globalRegistry.get(schema)
  if (!meta?.description)
    throw new Error(`${name} has no description for the variables' table (docs/operating.md).`)
  const fallback = DEFAULTS[name as keyof Variables]
  return {
    name,
    meaning: meta.description,
    default:
      typeof meta.default === 'string' ? meta.default : fallback === undefined ? 'unset' : `\`${fallback}\``,
  }
})

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Readonly<Record<string, string | undefined>>

/** Parses the environment once; throws a ConfigError naming every variable with a bad value. */
export function readConfig(env: Env): SiteConfig {
  // A blank variable counts as unset, as `PORT= npm start` means to whoever types it.
  const set = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) => (value?.trim() ? [[name, value.trim()]] : [])),
  )
  const parsed = variables.safeParse(set)
  if (parsed.success) return siteConfig(parsed.data)
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0])
    if (issue.message.startsWith(name)) return issue.message
    // The variable and its rule, never its value: a value may hold a password or a token
    // (smtp://user:pass@host, a password with "@" or "/" in it), and the error reaches logs.
    return `${name} ${issue.message}`
  })
  throw new ConfigError(
    `The configuration has ${problems.length === 1 ? 'a bad value' : 'bad values'}:\n  ${problems.join('\n  ')}`,
  )
}

/** The variables, handed to the parts of the site that use them. */
function siteConfig(env: Variables): SiteConfig {
  const projectId = env.SANITY_PROJECT_ID
  const project = {
    dataset: env.SANITY_DATASET,
    apiVersion: env.SANITY_API_VERSION,
    apiHost: env.SANITY_API_HOST,
  }
  const writeToken = env.SANITY_API_WRITE_TOKEN
  return {
    siteUrl: env.SITE_URL,
    content: projectId
      ? {kind: 'contentLake', projectId, ...project, token: env.SANITY_API_READ_TOKEN}
      : {kind: 'bundled', path: resolve(ROOT, env.BUNDLED_DATASET)},
    contact: {
      store:
        writeToken && projectId
          ? {kind: 'sanity', projectId, ...project, token: writeToken}
          : {kind: 'sqlite', path: resolve(ROOT, env.CONTACT_DB_PATH)},
      rateLimit: {limit: env.CONTACT_RATE_LIMIT, windowSeconds: env.CONTACT_RATE_WINDOW_SECONDS},
      acknowledgementCaps: {
        perRecipient: env.CONTACT_ACK_PER_RECIPIENT,
        overall: env.CONTACT_ACK_MAX,
        windowSeconds: env.CONTACT_ACK_WINDOW_SECONDS,
      },
      mail: env.SMTP_URL
        ? {
            smtpUrl: env.SMTP_URL,
            to: env.CONTACT_MAIL_TO,
            from: env.CONTACT_MAIL_FROM,
            retrySeconds: env.CONTACT_NOTIFY_RETRY_SECONDS,
            maxAttempts: env.CONTACT_NOTIFY_MAX_ATTEMPTS,
            maxWaitMinutes: env.CONTACT_MAIL_MAX_WAIT_MINUTES,
          }
        : undefined,
    },
    server: {
      port: env.PORT,
      host: env.HOST,
      trustProxy: env.TRUST_PROXY === '1',
      buildsDir: resolve(ROOT, env.SITE_BUILDS_DIR),
      distDir: env.SITE_DIST_DIR && resolve(ROOT, env.SITE_DIST_DIR),
      webhookSecret: env.SANITY_WEBHOOK_SECRET,
      limits: {
        headersTimeoutMs: env.SERVER_HEADERS_TIMEOUT_SECONDS * 1000,
        requestTimeoutMs: env.SERVER_REQUEST_TIMEOUT_SECONDS * 1000,
        maxConnections: env.SERVER_MAX_CONNECTIONS,
        contactBodyTimeoutMs: env.CONTACT_BODY_TIMEOUT_SECONDS * 1000,
      },
    },
    buildCacheDir: env.ASTRO_CACHE_DIR,
    preview: previewConfig(env, project),
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

function previewConfig(env: Variables, project: Omit<SanityTarget, 'projectId' | 'token'>): PreviewConfig {
  const {SANITY_PROJECT_ID: projectId, SANITY_API_READ_TOKEN: token, SANITY_STUDIO_URL: studioUrl} = env
  if (projectId && token && studioUrl)
    return {
      enabled: true,
      target: {projectId, ...project, token},
      studioUrl,
      studioOrigin: new URL(studioUrl).origin,
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
