import {createPreviewSecret} from '@sanity/preview-url-secret/create-secret'
import {afterAll, describe, expect, it} from 'vitest'
import {bundledDocuments, documentById} from '../../support/dataset'
import {standInClient, startQueryApiStandIn, type QueryApiStandIn} from '../../support/queryApiStandIn'
import {test, type SiteServer} from '../../support/siteServer'

// Staff preview through the real server (`npm start`) and a real build, against the Query API
// stand-in: a draft of the Privacy Policy that is not published. Which requests are preview
// requests, the session and the cookie are tested one by one in tests/unit/server/preview.test.ts.
const TOKEN = 'sk-stand-in-read-token-never-in-an-answer'
const STUDIO = 'https://studio.medistay.example'
const PUBLISHED_HEADING = (() =>
  documentById(bundledDocuments(), 'privacyPolicy').sections[0].heading as string)()
const DRAFT_HEADING = 'What this notice covers (draft, not published)'
const BAR = 'Preview of unpublished changes'

let standIn: QueryApiStandIn
let previewOn: SiteServer
let previewOff: SiteServer

function withPrivacyPolicyDraft() {
  const documents = bundledDocuments()
  const draft = structuredClone(documentById(documents, 'privacyPolicy'))
  draft.sections[0].heading = DRAFT_HEADING
  // And a draft of the Hindi Contact page, previewed at its prefixed path.
  const hindi = structuredClone(documentById(documents, 'contactPage__i18n_hi'))
  hindi.title = HINDI_DRAFT_TITLE
  return [
    ...documents,
    {...draft, _id: 'drafts.privacyPolicy'},
    {...hindi, _id: 'drafts.contactPage__i18n_hi'},
  ] as ReturnType<typeof bundledDocuments>
}

const HINDI_DRAFT_TITLE = 'आइए, जुड़ें (मसौदा)'

const contentEnv = () => ({SANITY_PROJECT_ID: 'test', SANITY_API_HOST: standIn.url})

// Both servers serve the run's one build (tests/support/globalSetup.ts): its pages are those a
// build from this Content Lake gives, whose drafts a build never reads (tests/built/content/build.test.ts).
test.beforeAll(async ({startSite}) => {
  standIn = await startQueryApiStandIn({documents: withPrivacyPolicyDraft()})
  ;[previewOn, previewOff] = await Promise.all([
    startSite({...contentEnv(), SANITY_API_READ_TOKEN: TOKEN, SANITY_STUDIO_URL: STUDIO, TRUST_PROXY: '1'}),
    startSite(contentEnv()),
  ])
})

afterAll(async () => {
  await standIn?.close()
})

/** Every answer of this file, headers and body, to look for the token in. */
const answers: string[] = []

async function get(server: SiteServer, path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, {redirect: 'manual', ...init})
  const body = await response.text()
  answers.push(JSON.stringify([response.status, [...response.headers], body]))
  return {response, body, status: response.status, header: (name: string) => response.headers.get(name)}
}

/** Studio, as its Presentation tool opens a page: a secret in the Content Lake, made with the staff member's token. */
const studio = () => standInClient(standIn.url, {token: 'studio-user-token'})
const studioSecret = async () => (await createPreviewSecret(studio(), 'test', STUDIO, 'staff-member')).secret
const enableUrl = (secret: string, pathname = '/privacy-policy') =>
  `/api/preview/enable?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent(pathname)}`
const cookieOf = (setCookie: string | null) => /^(preview-session=[^;]*)/.exec(setCookie ?? '')?.[1]

/**
 * What each policy of a CSP header (several, comma-separated, are all enforced) allows for style
 * elements and style attributes: their own directive, else style-src, else default-src; none when
 * a policy restricts no styles.
 */
function styleSources(header: string): string[][] {
  return header.split(',').flatMap((policy) => {
    const directives = new Map(
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
    )
    const fallback = directives.get('style-src') ?? directives.get('default-src')
    return [
      directives.get('style-src-elem') ?? fallback,
      directives.get('style-src-attr') ?? fallback,
    ].filter((sources) => sources !== undefined)
  })
}

/** Whether styles a script adds (Presentation's overlays) may apply: a hash or nonce disables 'unsafe-inline'. */
const allowsInlineStyles = (sources: string[]) =>
  sources.includes("'unsafe-inline'") && !sources.some((source) => /^'(sha\d+|nonce)-/.test(source))

describe('staff preview on the production server', () => {
  it('says at start that preview is on, and for which Studio; without the variables, that it is off and why', () => {
    expect(previewOn.output()).toContain(`Preview is on: staff enter from the Studio at ${STUDIO}`)
    expect(previewOff.output()).toContain(
      'Preview is off: SANITY_API_READ_TOKEN and SANITY_STUDIO_URL are not set',
    )
  })

  it('the preview URL made from a secret as Studio makes it starts a session and shows the draft', async () => {
    const enter = await get(previewOn, enableUrl(await studioSecret()))
    expect(enter.status).toBe(307)
    expect(enter.header('location')).toBe('/privacy-policy')
    expect(enter.header('cache-control')).toBe('no-store')
    expect(enter.header('set-cookie')).toMatch(
      /^preview-session=\d+\.[\w-]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/,
    )

    const page = await get(previewOn, enter.header('location')!, {
      headers: {cookie: cookieOf(enter.header('set-cookie'))!},
    })
    expect(page.status).toBe(200)
    expect(page.body).toContain(DRAFT_HEADING)
    expect(page.body).toContain(BAR)
    expect(page.header('cache-control')).toBe('no-store')
    expect(page.header('x-robots-tag')).toBe('noindex')
    expect(page.header('x-frame-options')).toBeNull()
    const frameAncestors = [...page.header('content-security-policy')!.matchAll(/frame-ancestors ([^;,]*)/g)]
    expect(frameAncestors.map((match) => match[1])).toEqual([STUDIO])
    // Presentation's overlays draw with inline styles: every policy the page has allows them.
    const styles = styleSources(page.header('content-security-policy')!)
    expect(styles.length).toBeGreaterThan(0)
    expect(styles.filter((sources) => !allowsInlineStyles(sources))).toEqual([])
    expect(page.body).not.toMatch(/<meta[^>]+http-equiv="content-security-policy"/i)
  })

  it('a draft of a translation is previewed at its prefixed path, in its language, with the sample line', async () => {
    const enter = await get(previewOn, enableUrl(await studioSecret(), '/hi/contact-us'))
    expect(enter.header('location')).toBe('/hi/contact-us')
    const page = await get(previewOn, '/hi/contact-us', {
      headers: {cookie: cookieOf(enter.header('set-cookie'))!},
    })
    expect(page.status, page.body).toBe(200)
    expect(page.body).toContain('<html lang="hi">')
    expect(page.body).toContain(HINDI_DRAFT_TITLE)
    const hindi = documentById(bundledDocuments(), 'siteSettings').languages.find(
      (language: {code: string}) => language.code === 'hi',
    )
    expect(page.body).toContain(hindi.sampleLine)
  })

  it('behind a TLS proxy, the cookie is Secure, SameSite=None and Partitioned, for the Studio frame', async () => {
    const enter = await get(previewOn, enableUrl(await studioSecret()), {
      headers: {'x-forwarded-proto': 'https'},
    })
    expect(enter.status).toBe(307)
    expect(enter.header('set-cookie')).toMatch(
      /^preview-session=\d+\.[\w-]{43}; Path=\/; Max-Age=3600; HttpOnly; Secure; SameSite=None; Partitioned$/,
    )
  })

  it('/privacy-policy without the session shows the published text', async () => {
    const page = await get(previewOn, '/privacy-policy')
    expect(page.status).toBe(200)
    expect(page.body).toContain(PUBLISHED_HEADING)
    expect(page.body).not.toContain(DRAFT_HEADING)
    expect(page.body).not.toContain(BAR)
    expect(page.header('content-security-policy')).toMatch(/^frame-ancestors 'none';/)
    // The public page keeps its hashes: no inline style of anyone else's applies.
    const meta = /<meta[^>]+http-equiv="content-security-policy"[^>]+content="([^"]+)"/i.exec(page.body)
    expect(styleSources(meta![1]!)).not.toContainEqual(expect.arrayContaining(["'unsafe-inline'"]))
    expect(
      styleSources(meta![1]!).every((sources) => sources.some((source) => source.startsWith("'sha"))),
    ).toBe(true)
  })

  it('a forged secret gets 401, in words, with no session', async () => {
    for (const secret of ['forged-secret', `${await studioSecret()}x`]) {
      const enter = await get(previewOn, enableUrl(secret))
      expect(enter.status).toBe(401)
      expect(enter.header('set-cookie')).toBeNull()
      expect(enter.body).toMatch(/not valid, or it has expired/)
    }
  })

  it("forged secrets cost no Content Lake query unless shaped like Studio's, and one address gets 429 after 30 tries", async () => {
    // Behind the proxy (TRUST_PROXY=1) the forger is the address it names last.
    const forger = {headers: {'x-forwarded-for': '198.51.100.1, 203.0.113.7'}}
    const asked = standIn.requests.length
    for (const secret of ['forged-secret', 'x'.repeat(43), 'y'.repeat(4000)])
      expect((await get(previewOn, enableUrl(secret), forger)).status, secret).toBe(401)
    expect(standIn.requests.length).toBe(asked)

    const statuses: number[] = []
    for (let attempt = 0; attempt < 30; attempt++)
      statuses.push((await get(previewOn, enableUrl(`${'A'.repeat(42)}${attempt % 10}`), forger)).status)
    expect(statuses.filter((status) => status === 429).length).toBe(3)
    const limited = await get(previewOn, enableUrl(await studioSecret()), forger)
    expect(limited.status).toBe(429)
    expect(Number(limited.header('retry-after'))).toBeGreaterThan(0)
    // Staff at another address are not held up by the forger.
    expect((await get(previewOn, enableUrl(await studioSecret()))).status).toBe(307)
  })

  it('an expired secret (Studio made it more than an hour ago) gets 401', async () => {
    const secret = await studioSecret()
    const documents = await studio().fetch('*[]', {}, {perspective: 'raw'})
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000 - 1000).toISOString()
    standIn.setDocuments(
      documents.map((document: any) =>
        document.secret === secret ? {...document, _updatedAt: anHourAgo} : document,
      ),
    )
    const enter = await get(previewOn, enableUrl(secret))
    expect(enter.status).toBe(401)
    expect(enter.header('set-cookie')).toBeNull()
  })

  it('the preview route without a session gets 401 and renders nothing', async () => {
    for (const server of [previewOn, previewOff]) {
      const page = await get(server, '/preview/privacy-policy')
      expect(page.status).toBe(401)
      expect(page.body).not.toContain(DRAFT_HEADING)
      expect(page.body).not.toContain(PUBLISHED_HEADING)
    }
  })

  it('the click-to-edit overlays load on a preview page, for staff in a session only', async () => {
    const enter = await get(previewOn, enableUrl(await studioSecret()))
    const cookie = cookieOf(enter.header('set-cookie'))!
    const page = await get(previewOn, '/privacy-policy', {headers: {cookie}})
    expect(page.body).toContain('<script type="module" src="/_preview/overlays.js"></script>')
    expect(page.body).toMatch(/data-sanity="[^"]*id=privacyPolicy[^"]*"/)

    const script = await get(previewOn, '/_preview/overlays.js', {headers: {cookie}})
    expect(script.status).toBe(200)
    expect(script.header('content-type')).toMatch(/^text\/javascript/)
    expect(script.body).toContain('window.self')
    expect(script.body.length).toBeGreaterThan(10_000)
    expect((await get(previewOn, '/_preview/overlays.css', {headers: {cookie}})).status).toBe(200)
    for (const server of [previewOn, previewOff])
      expect((await get(server, '/_preview/overlays.js')).status).toBe(401)
    // Public pages neither carry the attributes nor load the overlays.
    const published = await get(previewOn, '/privacy-policy')
    expect(published.body).not.toContain('/_preview/')
    expect(published.body).not.toContain('data-sanity')
  }, 60_000)

  it('a draft the site cannot show gives a page naming the document and the field, and the public page stays', async () => {
    const documents = withPrivacyPolicyDraft()
    const about = documentById(documents, 'aboutPage')
    standIn.setDocuments([
      ...documents,
      {...structuredClone(about), _id: 'drafts.aboutPage', _type: 'aboutPage', title: ''},
    ])
    try {
      const enter = await get(previewOn, enableUrl(await studioSecret(), '/about-us'))
      const page = await get(previewOn, '/about-us', {
        headers: {cookie: cookieOf(enter.header('set-cookie'))!},
      })
      expect(page.status).toBe(422)
      expect(page.body).toContain(BAR)
      expect(page.body).toMatch(/About page cannot be shown yet\. title: must not be empty/)
      const published = await get(previewOn, '/about-us')
      expect(published.status).toBe(200)
      expect(published.body).toContain(about.title)
    } finally {
      standIn.setDocuments(withPrivacyPolicyDraft())
    }
  })

  it('without the variables, the entry says preview is off and starts no session', async () => {
    const enter = await get(previewOff, enableUrl(await studioSecret()))
    expect(enter.status).toBe(404)
    expect(enter.body).toMatch(/^Preview is off: SANITY_API_READ_TOKEN and SANITY_STUDIO_URL are not set/)
    expect(enter.header('set-cookie')).toBeNull()
  })

  it('exit clears the cookie and goes back to the published page', async () => {
    const enter = await get(previewOn, enableUrl(await studioSecret()))
    const cookie = cookieOf(enter.header('set-cookie'))!
    const page = await get(previewOn, '/privacy-policy', {headers: {cookie}})
    const exitHref = /href="(\/api\/preview\/disable\?redirect=[^"]*)"/
      .exec(page.body)?.[1]
      ?.replaceAll('&amp;', '&')
    expect(exitHref).toBe('/api/preview/disable?redirect=%2Fprivacy-policy')

    const head = await get(previewOn, '/about-us', {method: 'HEAD', headers: {cookie}})
    expect(head.status).toBe(200)
    expect(head.header('cache-control')).toBe('no-store')

    const exit = await get(previewOn, exitHref!, {headers: {cookie}})
    expect(exit.status).toBe(303)
    expect(exit.header('location')).toBe('/privacy-policy')
    expect(exit.header('cache-control')).toBe('no-store')
    expect(exit.header('set-cookie')).toBe('preview-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax')
    const after = await get(previewOn, '/privacy-policy', {
      headers: {cookie: cookieOf(exit.header('set-cookie'))!},
    })
    expect(after.body).toContain(PUBLISHED_HEADING)
    expect(after.body).not.toContain(BAR)
  })

  it('public pages are byte-for-byte the same from a server with preview configured and one without', async () => {
    const sitemap = await get(previewOff, '/sitemap.xml')
    expect(sitemap.status).toBe(200)
    const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    )
    expect(paths.length).toBeGreaterThan(10)
    expect(paths.some((path) => path.startsWith('/preview'))).toBe(false)
    for (const path of [...paths, '/404', '/sitemap.xml', '/robots.txt']) {
      const [on, off] = await Promise.all([get(previewOn, path), get(previewOff, path)])
      expect(on.status, path).toBe(off.status)
      expect(on.body === off.body, path).toBe(true)
      expect(on.header('content-security-policy'), path).toBe(off.header('content-security-policy'))
      expect(on.header('x-frame-options'), path).toBe('DENY')
      expect(on.header('x-robots-tag'), path).toBeNull()
      expect(on.header('vary'), path).toBe(off.header('vary'))
    }
  })

  it('the read token appears in no answer, headers or body', () => {
    expect(answers.length).toBeGreaterThan(20)
    for (const answer of answers) expect(answer).not.toContain(TOKEN)
  })
})
