// Property-based fuzzing of how the server reads a request's address: generated paths made of
// the pieces that have broken servers before (slashes of both kinds, dots, percent escapes,
// schemes, hosts, control characters), and arbitrary text.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {isPreviewablePage} from '../../../src/server/preview'
import {sitePath} from '../../../src/server/redirects'
import {staticAnswerFor} from '../../../src/server/staticFiles'
import {PIECES} from '../../support/hostilePaths'

const SITE = 'https://www.medistay.example'

/** A path as an attacker would write one: it starts with "/", as every request's does. */
const hostilePath = fc
  .array(fc.constantFrom(...PIECES), {maxLength: 40})
  .map((pieces) => `/${pieces.join('')}`)
/** Anything at all after the first slash, including lone surrogates and control characters. */
const anyPath = fc.string({unit: 'binary', maxLength: 200}).map((text) => `/${text}`)
const paths = fc.oneof(hostilePath, anyPath)

/** The host a browser on a page of the site reaches by following `location`. */
const hostReached = (location: string) => new URL(location, `${SITE}/about-us`).host

describe('the path handler, fuzzed', () => {
  it('never redirects off the site, whatever the path', () => {
    fc.assert(
      fc.property(paths, fc.constantFrom('GET', 'HEAD'), (path, method) => {
        const answer = staticAnswerFor(method, path)
        if (answer.kind === 'redirect') {
          expect(hostReached(answer.location)).toBe('www.medistay.example')
          expect(answer.location).not.toMatch(/^\/[/\\]|[\\\t\n\r]/)
        }
      }),
      {numRuns: 3000},
    )
  })

  it('never fails: every path gets a page, a redirect, 404 or 400, never an error (a 5xx)', () => {
    fc.assert(
      fc.property(paths, fc.string({maxLength: 10}), (path, method) => {
        expect(['file', 'redirect', 'notFound', 'badRequest']).toContain(staticAnswerFor(method, path).kind)
        expect(() => isPreviewablePage('GET', path)).not.toThrow()
      }),
      {numRuns: 3000},
    )
  })

  it('a redirect it allows is one a browser follows to this site', () => {
    fc.assert(
      fc.property(fc.oneof(hostilePath, anyPath, fc.string({maxLength: 60})), (candidate) => {
        const location = sitePath(candidate)
        if (location !== undefined) expect(hostReached(location)).toBe('www.medistay.example')
      }),
      {numRuns: 3000},
    )
  })
})
