import {mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {HISTORY_PAGE_PATHS} from '../../support/site'
import {vnu, type VnuMessage} from '../../support/vnu'

/**
 * Every built page is valid HTML according to the Nu HTML Checker (vnu, the W3C validator), run
 * once over all pages in one Java process. No --filterpattern: nothing is filtered out. The pages
 * are those of the run's one build (tests/support/globalSetup.ts), the site every other test sees.
 */

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** A page with one error vnu must report, so a run that checks nothing cannot pass. */
const CANARY =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title></head><body><p><div>block in a paragraph</div></p></body></html>'

const outDir = join(inject('distDir'), 'client')
let canaryDir: string
let pages: string[]
let canary: string
let report: Awaited<ReturnType<typeof vnu>>

beforeAll(async () => {
  pages = htmlFiles(outDir)
  canaryDir = mkdtempSync(join(tmpdir(), 'vnu-canary-'))
  canary = join(canaryDir, 'canary.html')
  writeFileSync(canary, CANARY)
  report = await vnu([...pages, canary])
})

afterAll(() => {
  if (canaryDir) rmSync(canaryDir, {recursive: true, force: true})
})

const fileOf = (message: VnuMessage) => (message.url ? fileURLToPath(message.url) : '(no file)')

function describeMessage(message: VnuMessage): string {
  const file = message.url ? relative(outDir, fileOf(message)) : '(no file)'
  const where = message.lastLine
    ? `${file}:${message.firstLine ?? message.lastLine}:${message.firstColumn ?? message.lastColumn}`
    : file
  return `${where} [${message.type}${message.subType ? `/${message.subType}` : ''}] ${message.message}${message.extract ? `\n    ${JSON.stringify(message.extract)}` : ''}`
}

describe('built pages are valid HTML (Nu HTML Checker)', () => {
  it('builds every page of the site', () => {
    const names = pages.map((page) => relative(outDir, page))
    for (const page of [
      'index.html',
      '404.html',
      'about-us.html',
      'contact-us.html',
      'privacy-policy.html',
      'terms&conditions.html',
      'Refund&Cancellation-Policy.html',
      // The pages in each other language, under its prefix.
      'hi.html',
      'hi/contact-us.html',
      'te/terms&conditions.html',
      // Every policy's version history, each version and what each version changed.
      ...HISTORY_PAGE_PATHS.map((path) => `${path.slice(1)}.html`),
    ]) {
      expect(names).toContain(page)
    }
  })

  it('the checker ran and reports a known error (canary page)', () => {
    const canaryErrors = report.messages.filter((message) => message.url && fileOf(message) === canary)
    expect(canaryErrors.length, report.raw).toBeGreaterThan(0)
    expect(canaryErrors.map((message) => message.message).join('\n')).toMatch(/No “p” element in scope|div/)
  })

  it('no page has an HTML error', () => {
    const problems = report.messages.filter((message) => !(message.url && fileOf(message) === canary))
    const text = problems.map(describeMessage).join('\n')
    if (problems.length > 0)
      console.error(`vnu found ${problems.length} problem(s) in ${pages.length} pages:\n${text}`)
    expect(problems, `vnu found ${problems.length} problem(s):\n${text}`).toEqual([])
  })
})
