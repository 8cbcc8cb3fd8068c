import {describe, expect, it} from 'vitest'
import {buildFailure, collidedInDotAstro} from '../../../src/server/rebuilder'

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
  })

  it('is not confused with any other failure to read or write a file', () => {
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
