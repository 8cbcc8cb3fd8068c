import {describe, expect, it} from 'vitest'
import {satisfies, warningsToAct} from '../../support/npmWarnings'

const block = (pkg: string, node: string) =>
  [
    'npm warn EBADENGINE Unsupported engine {',
    `npm warn EBADENGINE   package: '${pkg}',`,
    `npm warn EBADENGINE   required: { node: '${node}' },`,
    "npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '11.19.1' }",
    'npm warn EBADENGINE }',
  ].join('\n')

describe('npm engines ranges', () => {
  it.each([
    ['>=22.12.0', '24.21.0', true],
    ['>=22.12.0', '20.20.2', false],
    ['^22.12.0 || ^24.0.0 || >=26.0.0', '24.21.0', true],
    ['^22.12.0 || ^24.0.0 || >=26.0.0', '25.1.0', false],
    ['^22.22.3 || ^24.16.0 || >=26.3.0', '24.15.9', false],
    ['>=22', '24.21.0', true],
    ['>=22.19', '22.18.0', false],
    ['>= 18 < 23', '24.21.0', false],
    ['22.x', '22.4.1', true],
    ['~24.2', '24.3.0', false],
  ])('%s accepts %s: %s', (range, version, expected) => {
    expect(satisfies(range, version)).toBe(expected)
  })

  it('an unknown range is an error, not a guess', () => {
    expect(() => satisfies('latest', '24.0.0')).toThrow(/not understood: "latest"/)
  })
})

describe("npm's warnings that need someone to act", () => {
  it('leaves out EBADENGINE warnings the project’s Node satisfies and the machine’s user config', () => {
    const output = [
      'npm warn Unknown user config "nodedir". This will stop working in the next major version of npm.',
      block('astro@7.3.4', '>=22.12.0'),
      block('vitest@5.1.1', '^22.12.0 || ^24.0.0 || >=26.0.0'),
      'added 3 packages in 2s',
    ].join('\n')
    expect(warningsToAct(output, '24.21.0')).toEqual([])
  })

  it('keeps an engine the project’s Node does not satisfy, and every other warning', () => {
    const output = [
      block('future@1.0.0', '>=26'),
      'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported',
    ].join('\n')
    expect(warningsToAct(output, '24.21.0')).toEqual([
      'future@1.0.0 needs Node >=26, and the project runs on 24.21.0',
      'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported',
    ])
  })
})
