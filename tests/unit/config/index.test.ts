import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'
import {configTableSection, OPERATING_DOC, withConfigTable} from '../../../scripts/configTable'
import {ConfigError, readConfig, ROOT, VARIABLES} from '../../../src/config'
import {contentSource} from '../../../src/lib/contentSource'

describe('the configuration, read once from the environment', () => {
  it('without any variable, serves the bundled dataset on localhost:4321 and stores messages in SQLite', () => {
    const config = readConfig({})
    expect(config.siteUrl).toBe('http://localhost:4321')
    expect(config.content).toEqual({kind: 'bundled', path: join(ROOT, 'studio/seed/production.ndjson')})
    expect(config.contact.store).toEqual({kind: 'sqlite', path: join(ROOT, 'data/contact-messages.sqlite')})
    expect(config.contact.rateLimit).toEqual({limit: 10, windowSeconds: 600})
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
      maxWaitMinutes: 60,
    })
  })

  it('CONTACT_MAIL_MAX_WAIT_MINUTES sets how long an e-mail may wait before the health check says so', () => {
    const config = readConfig({SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_MAIL_MAX_WAIT_MINUTES: '1440'})
    expect(config.contact.mail?.maxWaitMinutes).toBe(1440)
    expect(() => readConfig({CONTACT_MAIL_MAX_WAIT_MINUTES: '0'})).toThrow(
      'CONTACT_MAIL_MAX_WAIT_MINUTES must be a whole number from 1 to 10080.',
    )
  })

  it('a bad value stops the start with an error naming the variable and its rule', () => {
    expect(() => readConfig({PORT: 'eighty'})).toThrow(ConfigError)
    expect(() => readConfig({PORT: 'eighty'})).toThrow('PORT must be a whole number from 0 to 65535.')
    expect(() => readConfig({SITE_URL: 'www.example.test'})).toThrow(/SITE_URL must be an address/)
    expect(() => readConfig({TRUST_PROXY: 'yes'})).toThrow(/TRUST_PROXY must be 1 \(on\) or 0 \(off\)/)
    expect(() => readConfig({SMTP_URL: 'mail.example.com'})).toThrow(/SMTP_URL must be an address/)
    expect(() => readConfig({CONTACT_MAIL_TO: 'care'})).toThrow(/CONTACT_MAIL_TO must be an e-mail address/)
    expect(() => readConfig({CONTACT_RATE_LIMIT: '0'})).toThrow(/CONTACT_RATE_LIMIT must be a whole number/)
    expect(() => readConfig({SANITY_API_WRITE_TOKEN: 'w'})).toThrow(
      /SANITY_API_WRITE_TOKEN is set without SANITY_PROJECT_ID/,
    )
  })

  // The attack of issue 25: each of these values was echoed, whole or its tail, by the error.
  it.each([
    ['a password after //', 'SMTP_URL', 'smtp://mailer:Sup3r/Secret@mail.example:587'],
    ['a password with @ in it', 'SMTP_URL', 'mail://mailer:Sup3r@Secret@mail.example:587'],
    ['a value without //', 'SMTP_URL', 'mailer:Sup3rSecret@mail.example'],
    ['a value with a space', 'SMTP_URL', 'smtp://mailer:Sup3r Secret@mail example:587'],
    ['a token in an address', 'SANITY_API_HOST', 'ftp://x.example/?token=Sup3rSecret'],
    ['a token in another variable', 'CONTACT_MAIL_TO', 'Sup3rSecret'],
  ])('a bad value holding %s is never repeated: only the variable and its rule', (_, name, value) => {
    const message = (() => {
      try {
        readConfig({[name]: value})
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toContain(`${name} must be`)
    expect(message).not.toMatch(/Sup3r|Secret/)
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
        .map((line) => line.trim().split(' ')[0]),
    ).toEqual(['SITE_URL', 'CONTACT_RATE_LIMIT', 'PORT'])
  })

  it('a value that must agree with another is named after the values bad alone, once both of the two are fine alone', () => {
    const names = (env: Record<string, string>) => {
      try {
        readConfig(env)
      } catch (error) {
        return (error as Error).message
          .split('\n')
          .slice(1)
          .map((line) => line.trim().split(/[ =]/)[0])
      }
    }
    expect(
      names({TRUST_PROXY: 'yes', SANITY_API_WRITE_TOKEN: 'w', SERVER_HEADERS_TIMEOUT_SECONDS: '60'}),
    ).toEqual(['TRUST_PROXY', 'SANITY_API_WRITE_TOKEN', 'SERVER_HEADERS_TIMEOUT_SECONDS'])
    expect(() => readConfig({SERVER_HEADERS_TIMEOUT_SECONDS: '60'})).toThrow(
      'SERVER_HEADERS_TIMEOUT_SECONDS (60 s) may not exceed SERVER_REQUEST_TIMEOUT_SECONDS (30 s).',
    )
    expect(names({SERVER_HEADERS_TIMEOUT_SECONDS: '9999'})).toEqual(['SERVER_HEADERS_TIMEOUT_SECONDS'])
  })

  it('a blank variable counts as unset, and a value is read without the spaces around it', () => {
    expect(
      readConfig({PORT: '  ', HOST: ' ', SANITY_DATASET: ' staging ', SANITY_PROJECT_ID: 'abc123'}),
    ).toMatchObject({
      server: {port: 4321, host: 'localhost'},
      content: {dataset: 'staging'},
    })
  })

  it('a variable the site does not read changes nothing: the environment holds many', () => {
    expect(readConfig({HOME: '/home/site', LANG: 'C.UTF-8', SOME_RETIRED_SETTING: '2500'})).toEqual(
      readConfig({}),
    )
  })
})

describe('BUNDLED_DATASET, the export file read without a Sanity project', () => {
  it('is a path relative to the repository, or absolute', () => {
    expect(readConfig({BUNDLED_DATASET: 'tests/fixtures/site.ndjson'}).content).toEqual({
      kind: 'bundled',
      path: join(ROOT, 'tests/fixtures/site.ndjson'),
    })
    expect(readConfig({BUNDLED_DATASET: '/srv/content/site.ndjson'}).content).toEqual({
      kind: 'bundled',
      path: '/srv/content/site.ndjson',
    })
  })

  it('is the file the content comes from', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'dataset-')), 'other.ndjson')
    writeFileSync(
      path,
      JSON.stringify({_id: 'siteSettings', _type: 'siteSettings', title: 'Another site'}) + '\n',
    )
    const source = contentSource(readConfig({BUNDLED_DATASET: path}).content)
    expect(source.description).toBe(`the bundled dataset (${path})`)
    expect(await source.fetch('*[_id == "siteSettings"][0].title')).toBe('Another site')
  })

  it('naming no file stops the build with an error naming the variable and the path', () => {
    const content = readConfig({BUNDLED_DATASET: 'no/such/dataset.ndjson'}).content
    expect(() => contentSource(content)).toThrow(ConfigError)
    expect(() => contentSource(content)).toThrow(
      `BUNDLED_DATASET names ${join(ROOT, 'no/such/dataset.ndjson')}, which is not a file`,
    )
  })
})

describe("the operator's guide (docs/operating.md)", () => {
  it('has the table of variables that `npm run config:table` writes from the schema', async () => {
    const doc = readFileSync(OPERATING_DOC, 'utf8')
    expect(
      configTableSection(doc),
      "docs/operating.md's table of variables is not the one src/config/index.ts gives: run `npm run config:table`",
    ).toBe(configTableSection(await withConfigTable(doc)))
  })

  it('gets back, from `npm run config:table`, a row edited by hand', async () => {
    const doc = readFileSync(OPERATING_DOC, 'utf8')
    const edited = doc.replace('| the dataset to read ', '| the dataset to read, edited ')
    expect(configTableSection(edited)).not.toBe(configTableSection(doc))
    expect(configTableSection(await withConfigTable(edited))).toBe(configTableSection(doc))
  })

  it("shows a variable's default as the schema has it, or in words where code outside the schema decides", () => {
    const row = (name: string) => VARIABLES.find((variable) => variable.name === name)
    expect(row('PORT')).toMatchObject({default: '`4321`', meaning: 'the port `npm start` listens on'})
    expect(row('BUNDLED_DATASET')?.default).toBe('`studio/seed/production.ndjson`')
    expect(row('SANITY_API_HOST')?.default).toBe('`https://<project>.api.sanity.io`')
    expect(row('SANITY_API_READ_TOKEN')?.default).toBe('unset')
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
