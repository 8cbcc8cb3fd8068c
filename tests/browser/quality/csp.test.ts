import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, inject} from 'vitest'
import {HSTS, SECURITY_HEADERS} from '../../../src/server/securityHeaders'
import {ROOT} from '../../support/astroBuild'
import {it} from '../../support/browserTest'
import {NOT_FOUND_PATH} from '../../support/site'
import {PATHS} from './pages'

const base = inject('siteUrl')

/** Parses a CSP into its directives: name -> source list. */
function directives(policy: string): Map<string, string[]> {
  const result = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name && !result.has(name.toLowerCase())) result.set(name.toLowerCase(), sources)
  }
  return result
}

describe('Content Security Policy', () => {
  // That no page breaks a rule, in any state, is checked by the crawl of every page
  // (tests/browser/quality/everyPage.test.ts), in the same visit as axe-core.
  it('every page carries a CSP <meta> whose script-src and style-src allow no unsafe-inline or unsafe-eval', async ({
    desktopPage: page,
  }) => {
    for (const path of PATHS) {
      await page.goto(base + path)
      const metas = await page
        .locator('head meta[http-equiv="content-security-policy" i]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('content') ?? ''))
      expect(metas, `${path}: one CSP <meta> in <head>`).toHaveLength(1)
      const policy = directives(metas[0])
      for (const name of ['script-src', 'style-src']) {
        const sources = policy.get(name)
        expect(sources, `${path}: ${name} is set`).toBeDefined()
        expect(sources, `${path}: ${name}`).not.toContain("'unsafe-inline'")
        expect(sources, `${path}: ${name}`).not.toContain("'unsafe-eval'")
        expect(sources!.length, `${path}: ${name} lists sources`).toBeGreaterThan(0)
      }
      // The policy must apply before the first script: the <meta> precedes every <script> and <style>.
      const metaFirst = await page.evaluate(() => {
        const meta = document.querySelector('meta[http-equiv="content-security-policy" i]')!
        return [...document.querySelectorAll('script, style, link[rel="stylesheet"]')].every(
          (element) => meta.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
        )
      })
      expect(metaFirst, `${path}: the CSP <meta> comes before every script and style`).toBe(true)
    }
  })
})

describe('security headers', () => {
  it('every HTML answer of the production server carries frame-ancestors, nosniff, Referrer-Policy and Permissions-Policy', async () => {
    for (const path of PATHS) {
      const response = await fetch(base + path)
      expect(response.status, path).toBe(path === NOT_FOUND_PATH ? 404 : 200)
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/)
      const csp = response.headers.get('content-security-policy')
      expect(csp, path).toBeTruthy()
      expect(directives(csp!).get('frame-ancestors'), path).toEqual(["'none'"])
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe(SECURITY_HEADERS['Referrer-Policy'])
      expect(response.headers.get('permissions-policy'), path).toBe(SECURITY_HEADERS['Permissions-Policy'])
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers.get(name), `${path}: ${name}`).toBe(value)
      // Plain HTTP: no HSTS, even if a client claims a TLS proxy in front (the shared server does not
      // trust proxies; tests/built/contact/proxy.test.ts has one that does).
      expect(response.headers.get('strict-transport-security'), path).toBeNull()
      const claimed = await fetch(base + path, {headers: {'x-forwarded-proto': 'https'}})
      expect(
        claimed.headers.get('strict-transport-security'),
        `${path} with X-Forwarded-Proto but no TRUST_PROXY`,
      ).toBeNull()
      await claimed.arrayBuffer()
    }
  })

  it('public/_headers lists the same security headers as the production server, plus HSTS', () => {
    const text = readFileSync(join(ROOT, 'public/_headers'), 'utf8')
    // Netlify / Cloudflare Pages format: a path line, then indented "Name: value" lines.
    const blocks = new Map<string, Record<string, string>>()
    let current: Record<string, string> | undefined
    for (const line of text.split('\n')) {
      if (!line.trim() || line.trimStart().startsWith('#')) continue
      if (!/^\s/.test(line)) {
        current = {}
        blocks.set(line.trim(), current)
      } else {
        const match = /^\s+([^:]+):\s*(.*)$/.exec(line)
        expect(match, `a header line in public/_headers: ${line}`).toBeTruthy()
        expect(current, `a header before any path in public/_headers: ${line}`).toBeDefined()
        current![match![1].trim()] = match![2].trim()
      }
    }
    expect(blocks.get('/*')).toEqual({...SECURITY_HEADERS, 'Strict-Transport-Security': HSTS})
  })
})
