import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ConfigError, readConfig, ROOT, VARIABLES} from '../../../src/config'

describe('the configuration, read once from the environment', () => {
  it('without any variable, serves the bundled dataset on localhost:4321 and stores messages in SQLite', () => {
    const config = readConfig({})
    expect(config.siteUrl).toBe('http://localhost:4321')
    expect(config.content).toEqual({kind: 'bundled'})
    expect(config.contact.store).toEqual({kind: 'sqlite', path: join(ROOT, 'data/contact-messages.sqlite')})
    expect(config.contact.rateLimit).toEqual({limit: 10, windowSeconds: 600})
    expect(config.contact.warnings).toEqual([])
    expect(config.contact.mail).toBeUndefined()
    expect(config.server).toMatchObject({port: 4321, host: 'localhost', trustProxy: false})
    expect(config.server.webhookSecret).toBeUndefined()
  })

  it('with a Sanity project and a write token, reads the Content Lake and stores messages there', () => {
    const config = readConfig({
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'staging',
      SANITY_API_WRITE_TOKEN: 'write',
      SANITY_API_READ_TOKEN: 'read',
    })
    expect(config.content).toMatchObject({
      kind: 'contentLake',
      projectId: 'abc123',
      dataset: 'staging',
      token: 'read',
    })
    expect(config.contact.store).toMatchObject({
      kind: 'sanity',
      projectId: 'abc123',
      dataset: 'staging',
      token: 'write',
    })
  })

  it('with SMTP_URL, e-mails each message, from CONTACT_MAIL_FROM, retried every CONTACT_NOTIFY_RETRY_SECONDS', () => {
    const config = readConfig({
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      CONTACT_MAIL_FROM: 'Site <site@x.example>',
      CONTACT_NOTIFY_RETRY_SECONDS: '5',
    })
    expect(config.contact.mail).toEqual({
      smtpUrl: 'smtp://user:pass@127.0.0.1:2525',
      from: 'Site <site@x.example>',
      to: undefined,
      retrySeconds: 5,
      maxAttempts: 8,
    })
  })

  it('a bad value stops the start with an error naming the variable and the value', () => {
    expect(() => readConfig({PORT: 'eighty'})).toThrow(ConfigError)
    expect(() => readConfig({PORT: 'eighty'})).toThrow(
      'PORT="eighty" must be a whole number from 0 to 65535.',
    )
    expect(() => readConfig({SITE_URL: 'www.example.test'})).toThrow(/SITE_URL="www\.example\.test"/)
    expect(() => readConfig({TRUST_PROXY: 'yes'})).toThrow(/TRUST_PROXY="yes" must be 1 \(on\) or 0 \(off\)/)
    expect(() => readConfig({SMTP_URL: 'mail.example.com'})).toThrow(/SMTP_URL="mail\.example\.com"/)
    expect(() => readConfig({CONTACT_MAIL_TO: 'care'})).toThrow(
      /CONTACT_MAIL_TO="care" must be an e-mail address/,
    )
    expect(() => readConfig({CONTACT_RATE_LIMIT: '0'})).toThrow(/CONTACT_RATE_LIMIT="0"/)
    expect(() => readConfig({SANITY_API_WRITE_TOKEN: 'w'})).toThrow(
      /SANITY_API_WRITE_TOKEN is set without SANITY_PROJECT_ID/,
    )
  })

  it('an address with a password in it is named without the password', () => {
    expect(() => readConfig({SMTP_URL: 'mail://care:S3cretPass@smtp.example.com:587'})).toThrow(
      'SMTP_URL="mail://…@smtp.example.com:587" must be an address',
    )
    try {
      readConfig({SMTP_URL: 'mail://care:S3cretPass@smtp.example.com:587'})
    } catch (error) {
      expect((error as Error).message).not.toContain('S3cretPass')
    }
  })

  it('every bad value is named at once, so one failed start shows all of them', () => {
    const error = (() => {
      try {
        readConfig({PORT: '-1', CONTACT_RATE_LIMIT: 'many', SITE_URL: 'ftp://x.example'})
      } catch (caught) {
        return caught as Error
      }
    })()
    expect(
      error?.message
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split('=')[0]),
    ).toEqual(['SITE_URL', 'CONTACT_RATE_LIMIT', 'PORT'])
  })

  it('CONTACT_MIN_FILL_MS, no longer used, is ignored with one warning instead of stopping the start', () => {
    for (const value of ['2500', 'soon']) {
      const config = readConfig({CONTACT_MIN_FILL_MS: value})
      expect(config.contact.warnings).toEqual([
        expect.stringMatching(/^CONTACT_MIN_FILL_MS is no longer used/),
      ])
      expect(config.contact).not.toHaveProperty('minFillMs')
    }
  })
})

describe('the README', () => {
  /** The rows of the table under "Where the content comes from": names, meaning, default. */
  function readmeRows() {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const table = readme.slice(readme.indexOf('| variable'))
    const lines = table.split('\n')
    return lines
      .slice(
        2,
        lines.findIndex((line) => !line.startsWith('|')),
      )
      .map((line) =>
        line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim()),
      )
      .map(([names, meaning, fallback]) => ({
        names: [...names!.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]),
        meaning,
        default: fallback,
      }))
  }

  it('lists every variable the configuration reads, with its meaning and default, and no other', () => {
    expect(readmeRows()).toEqual(VARIABLES)
  })

  it('names every variable the configuration module reads', () => {
    const source = readFileSync(join(ROOT, 'src/config/index.ts'), 'utf8')
    const read = new Set([...source.matchAll(/read\.\w+\('([A-Z_]+)'/g)].map((match) => match[1]))
    expect([...read].sort()).toEqual(VARIABLES.flatMap((variable) => variable.names).sort())
  })
})

describe('nothing else reads process.env', () => {
  const files = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), {recursive: true, encoding: 'utf8'})
      .filter((file) => /\.(ts|tsx|astro|mjs)$/.test(file))
      .map((file) => join(dir, file))

  it('the site and the server hand process.env only to readConfig, where a process or a request function starts, and to the builds the server starts', () => {
    const offenders = [...files('src'), 'astro.config.mjs'].flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => /process\.env/.test(line) && !/^\s*(\*|\/\/)/.test(line))
        .filter((line) => !/readConfig\(process\.env\)|^\s*env: process\.env,/.test(line))
        .map((line) => `${relative(ROOT, join(ROOT, file))}: ${line.trim()}`),
    )
    expect(offenders).toEqual([])
  })
})
