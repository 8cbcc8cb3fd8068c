import {describe, expect, it} from 'vitest'
import {buildFailure} from '../../src/server/rebuilder'

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
