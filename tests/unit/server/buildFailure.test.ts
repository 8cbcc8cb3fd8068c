import {mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {createRequire} from 'node:module'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {ROOT} from '../../../src/config/index'
import {buildFailure, collidedInDotAstro, linkPackages} from '../../../src/server/rebuilder'

describe('the reason a failed rebuild gives in its status', () => {
  it('starts at the first line that names the error, without colour codes, stack frames or hints', () => {
    const output = [
      '10:00:01 [content] Syncing content',
      '10:00:02 [build] Collecting build info...',
      '\u001b[31m[InvalidContentEntryDataError]\u001b[39m policies → privacyPolicy data does not match collection schema.',
      '  sections.2.heading: Invalid input',
      '  Hint:',
      '    See https://docs.astro.build/en/guides/content-collections/',
      '  Location:',
      '    /work/main/src/content.config.ts:40:3',
      '  Stack trace:',
      '    at getEntryData (file:///work/main/node_modules/astro/dist/content/utils.js:155:26)',
      '    at async syncData (file:///work/main/node_modules/astro/dist/content/loaders.js:12:3)',
      '',
    ].join('\n')
    expect(buildFailure(output)).toBe(
      [
        '[InvalidContentEntryDataError] policies → privacyPolicy data does not match collection schema.',
        '  sections.2.heading: Invalid input',
        '    See https://docs.astro.build/en/guides/content-collections/',
        '    /work/main/src/content.config.ts:40:3',
      ].join('\n'),
    )
  })

  it('names a Content Lake that could not be reached', () => {
    const output =
      'Building…\nCould not read content from dataset "production" at http://127.0.0.1:3333 after 4 attempts.\n'
    expect(buildFailure(output)).toBe(
      'Could not read content from dataset "production" at http://127.0.0.1:3333 after 4 attempts.',
    )
  })

  it("starts at the launch or notice check's message, after the build's progress lines", () => {
    const output = [
      '00:02:27 [content] Syncing content',
      '00:02:27 [sanity-groq] Reading "siteSettings" from the bundled dataset',
      'Notice check: a policy change must be announced at least the notice period (Policy figures) before it applies.',
      '  - Privacy Policy, version 3: announced on 2026-11-18 and in force from 2026-11-20.',
    ].join('\n')
    expect(buildFailure(output)).toBe(output.split('\n').slice(2).join('\n'))
  })

  it('keeps at most twelve lines', () => {
    const output = [
      'error: many things went wrong',
      ...Array.from({length: 30}, (_, i) => `detail ${i}`),
    ].join('\n')
    expect(buildFailure(output).split('\n')).toHaveLength(12)
  })

  it('gives the last lines when no line names an error, and says so when there were none', () => {
    const output = Array.from({length: 20}, (_, i) => `line ${i}`).join('\n')
    expect(buildFailure(output)).toBe(Array.from({length: 12}, (_, i) => `line ${i + 8}`).join('\n'))
    expect(buildFailure('')).toBe('The build failed without saying why.')
  })
})

describe('a build that collided with another in the same folder', () => {
  // As Astro printed it when two test builds wrote .astro/content-assets.mjs at the same moment.
  const collided = [
    '[UnknownFilesystemError] ',
    '  Hint:',
    '    It can be caused by many things, eg. missing permissions or a file not existing we attempt to read.',
    '  Caused by:',
    "  \u001b[31mENOENT: no such file or directory, rename '/srv/site/.astro/content-assets.mjs.tmp' -> '/srv/site/.astro/content-assets.mjs'\u001b[39m",
  ].join('\n')

  it('is told apart, so that it is built again', () => {
    expect(collidedInDotAstro(collided)).toBe(true)
    expect(collidedInDotAstro(collided.replace('content-assets', 'content-modules'))).toBe(true)
    // Read while the other build wrote it: cut short.
    expect(
      collidedInDotAstro(
        '[PARSE_ERROR] Expected a semicolon or an implicit semicolon after a statement, but found none\n' +
          '   ╭─[ .astro/content-assets.mjs:1:28 ]\n 1 │ export default new Map();[]);\n' +
          '  Location:\n    /srv/site/.astro/content-assets.mjs:1:27',
      ),
    ).toBe(true)
  })

  it('is not confused with any other failure to read or write a file, or a parse error in the site', () => {
    expect(
      collidedInDotAstro(
        '[PARSE_ERROR] Expected a semicolon\n  Location:\n    /srv/site/src/components/AboutPage.astro:3:1',
      ),
    ).toBe(false)
    expect(
      collidedInDotAstro("ENOENT: no such file or directory, open '/srv/site/studio/seed/production.ndjson'"),
    ).toBe(false)
    expect(
      collidedInDotAstro(
        "ENOENT: no such file or directory, rename '/srv/site/dist/x.tmp' -> '/srv/site/dist/x'",
      ),
    ).toBe(false)
  })
})

// Issue 25: with SITE_BUILDS_DIR outside the project every rebuild failed with "Cannot find
// package '@oslojs/encoding'"; tests/built/server/rebuild.test.ts rebuilds in such a folder.
describe('a builds folder outside the project', () => {
  const outside = mkdtempSync(join(tmpdir(), 'builds-outside-'))
  afterAll(() => rmSync(outside, {recursive: true, force: true}))
  /** Whether code in a build there finds the site's packages by name, as a build's server code does. */
  const resolvesFrom = (buildsDir: string) => {
    try {
      createRequire(join(buildsDir, 'build-x', 'server', 'entry.mjs')).resolve('@oslojs/encoding')
      return true
    } catch {
      return false
    }
  }

  it("is linked to the project's packages, once, so its builds load them", () => {
    const buildsDir = join(outside, 'builds')
    mkdirSync(buildsDir)
    expect(resolvesFrom(buildsDir)).toBe(false)
    linkPackages(buildsDir, ROOT)
    linkPackages(buildsDir, ROOT)
    expect(resolvesFrom(buildsDir)).toBe(true)
  })

  it('is refused, saying why, when a node_modules of its own stands there', () => {
    const buildsDir = join(outside, 'other')
    mkdirSync(join(buildsDir, 'node_modules'), {recursive: true})
    expect(() => linkPackages(buildsDir, ROOT)).toThrow(
      /is not a link to .*node_modules: builds in SITE_BUILDS_DIR cannot load/,
    )
  })

  it('needs nothing inside the project', () => {
    linkPackages(join(ROOT, '.builds'), ROOT)
    expect(resolvesFrom(join(ROOT, '.builds'))).toBe(true)
  })
})
