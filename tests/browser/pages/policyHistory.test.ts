import {describe, expect, inject} from 'vitest'
import {it} from '../../support/browserTest'
import type {Page, Request} from 'playwright-core'
import {fillTemplate} from '../../../model/templates'
import {
  buildMoment,
  HISTORY_PAGE_PATHS,
  POLICY_FEED_PATH,
  POLICY_KEYS,
  POLICY_ROUTES,
  historyPaths,
  historyWords as words,
  hydrateMobileMenu,
  indiaDate,
  policyVersions,
  readableDate,
  shownStart,
  shownUntil,
  startOf,
  versionInForce,
  type PolicyKey,
} from '../../support/site'

// A policy's history as a visitor reads it: the version in force on the policy's page, every
// version on the history page, each one's text at a permanent address, what each one changed,
// and an Atom feed of every change. Expected values come from the version documents of the
// bundled dataset the site is built from.

const base = inject('siteUrl')
/** What "now" is to the pages: the build's moment. */
const BUILT_AT = await buildMoment(inject('distDir'))

type Version = Record<string, any>

const versionsOf = (key: PolicyKey): Version[] => policyVersions[key]
const allVersions = POLICY_KEYS.flatMap((key) => versionsOf(key).map((version) => ({key, version})))

/** What a version is now: the one in force, one no longer in force, or one still to come. */
function statusOf(key: PolicyKey, version: Version): 'current' | 'earlier' | 'upcoming' {
  if (startOf(version) > BUILT_AT) return 'upcoming'
  return version.number === versionInForce(key, BUILT_AT).number ? 'current' : 'earlier'
}

/** The day a version was announced: the calendar day in India when it was recorded. */
const announcedDay = (version: Version): string => indiaDate(new Date(version.recordedAt))

/** "Announced on 18 November 2026", as a page or the feed prints it. */
const announcement = (version: Version) =>
  fillTemplate(words.announcedOn, {date: readableDate(announcedDay(version))})

/** "Version 3", in the words of Site settings. */
const versionName = (number: number) => fillTemplate(words.version, {number})

/**
 * "In effect from 23 November 2026", with the time ("25 November 2026, 8:00 am IST") when it took
 * over from another version that day; "Takes effect on 26 December 2026" for a version to come.
 */
const effectiveFrom = (key: PolicyKey, version: Version) =>
  fillTemplate(statusOf(key, version) === 'upcoming' ? words.takesEffect : words.effectiveFrom, {
    date: shownStart(key, version).text,
  })

/** How many times a version's text quotes a figure. */
function quotesOfFigure(node: unknown, figure: string): number {
  if (Array.isArray(node)) return node.reduce((count, child) => count + quotesOfFigure(child, figure), 0)
  if (typeof node !== 'object' || node === null) return 0
  const own = (node as Version)._type === 'figureRef' && (node as Version).figure === figure ? 1 : 0
  return own + quotesOfFigure(Object.values(node), figure)
}

/** A figure as a version printed it, e.g. "25%". */
const figureText = (version: Version, figure: string): string =>
  version.figures.find((quoted: Version) => quoted.figure === figure).text

/** Words and marks, as a word-by-word comparison splits text: "25%" is "25" and "%". */
const tokens = (text: string): string[] => text.match(/[\p{L}\p{N}]+|[^\p{L}\p{N}\s]/gu) ?? []

const wording = (version: Version) =>
  JSON.stringify({title: version.title, intro: version.intro ?? [], sections: version.sections})

/** Versions whose wording is the previous version's, with only the figures they quote changed. */
const figureOnlyChanges = POLICY_KEYS.flatMap((key) =>
  versionsOf(key).flatMap((version, index) => {
    const previous = versionsOf(key)[index - 1]
    if (!previous || wording(previous) !== wording(version)) return []
    const changed = version.figures.filter(
      (quoted: Version) => figureText(previous, quoted.figure) !== quoted.text,
    )
    return changed.length === 1 ? [{key, version, previous, figure: changed[0].figure as string}] : []
  }),
)

/** GET `path` on the site without following a redirect: its status, redirect, type and body. */
async function fetchPath(path: string) {
  const response = await fetch(base + path, {redirect: 'manual'})
  return {
    status: response.status,
    location: response.headers.get('location'),
    contentType: response.headers.get('content-type') ?? '',
    body: await response.text(),
  }
}

/** The text of an element as a visitor reads it, with runs of white space as one space. */
const shownText = async (page: Page, selector: string) =>
  (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ').trim()

describe("a policy's page", () => {
  it('shows the policy first: one line with the version in force, the day it applies from and a link to what changed, an announced change as one line, then the overview before section 1', async ({
    phonePage: page,
  }) => {
    for (const key of POLICY_KEYS) {
      const current = versionInForce(key, BUILT_AT)
      const first = versionsOf(key)[0]
      const upcoming = versionsOf(key).filter((version) => statusOf(key, version) === 'upcoming')
      const paths = historyPaths(key)
      const where = POLICY_ROUTES[key].path
      await page.goto(base + where)
      // One line: "Version N · In effect from <date> · What changed" (the history, for a first version).
      const line = await shownText(page, 'main .policy__updated')
      const link = current === first ? words.allVersions : words.latestChange
      expect(line, where).toBe(`${versionName(current.number)} · ${effectiveFrom(key, current)} · ${link}`)
      await expect(page.locator('main .policy__updated a').getAttribute('href'), where).resolves.toBe(
        current === first ? paths.history : paths.changes(current.number),
      )
      await expect(
        page
          .locator('main .policy__updated time')
          .evaluateAll((times) => times.map((time) => time.getAttribute('datetime'))),
        where,
      ).resolves.toEqual([shownStart(key, current).datetime])
      // No summary of a change, and no note, on the policy's first screen.
      const header = await shownText(page, 'main header')
      for (const version of versionsOf(key)) expect(header, where).not.toContain(version.summary)
      // An announced change: one line with its number, its date and links to what it changes.
      const notices = page.locator('main .policy__upcoming')
      await expect(notices.count(), where).resolves.toBe(upcoming.length)
      for (const [index, version] of upcoming.entries()) {
        const notice = notices.nth(index)
        expect(await shownText(page, `main .policy__upcoming >> nth=${index}`), where).toContain(
          `${versionName(version.number)} · ${effectiveFrom(key, version)} · ${words.seeChanges}`,
        )
        await expect(
          notice.getByRole('link', {name: words.seeChanges}).getAttribute('href'),
          where,
        ).resolves.toBe(paths.changes(version.number))
      }
      // The overview comes before the contents and section 1, under the version line.
      const order = await page.evaluate(() =>
        ['.policy__updated', '.policy__overview', '.policy__toc', '.policy__section'].map(
          (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1,
        ),
      )
      expect(
        order.every((top) => top >= 0),
        where,
      ).toBe(true)
      expect(
        [...order].sort((a, b) => a - b),
        where,
      ).toEqual(order)
      await expect(page.locator('main .policy__overview h2').textContent(), where).resolves.toBe(
        words.introduction,
      )
      // On a phone, the title, the version line and the overview fit the first two screens.
      await expect(
        page.evaluate(
          () =>
            document.querySelector('.policy__overview')!.getBoundingClientRect().bottom + window.scrollY <=
            2 * window.innerHeight,
        ),
        where,
      ).resolves.toBe(true)

      const feeds = await page
        .locator('head link[rel="alternate"][type="application/atom+xml"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href))
      expect(feeds.map((href) => new URL(href).pathname)).toEqual([POLICY_FEED_PATH])

      for (const path of [paths.history, ...(current === first ? [] : [paths.changes(current.number)])])
        expect((await fetchPath(path)).status, `${path}, linked from ${where}`).toBe(200)
    }
  })
})

describe("a policy's version history", () => {
  it('lists every version newest first, each with its status, the date it took effect, the day it was announced and its summary, and every link on it works', async ({
    desktopPage: page,
  }) => {
    for (const key of POLICY_KEYS) {
      const paths = historyPaths(key)
      const newestFirst = [...versionsOf(key)].reverse()
      await page.goto(base + paths.history)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', {level: 1}).textContent()).resolves.toContain(
        POLICY_ROUTES[key].heading,
      )
      const status = {
        current: words.statusCurrent,
        earlier: words.statusEarlier,
        upcoming: words.statusUpcoming,
      }
      await expect(
        main
          .getByRole('heading', {level: 2})
          .evaluateAll((headings) => headings.map((heading) => heading.textContent!.replace(/\s+/g, ' '))),
      ).resolves.toEqual(
        newestFirst.map((version) => `${versionName(version.number)} (${status[statusOf(key, version)]})`),
      )

      const items = main.getByRole('listitem')
      await expect(items.count()).resolves.toBe(newestFirst.length)
      for (const [index, version] of newestFirst.entries()) {
        const item = items.nth(index)
        const where = `${paths.history}, version ${version.number}`
        const text = (await item.innerText()).replace(/\s+/g, ' ')
        expect(text, where).toContain(`${effectiveFrom(key, version)} · ${announcement(version)}`)
        expect(text, where).toContain(version.summary)
        // A note of correction staff added later follows the summary, dated the day it was added.
        const notes: Version[] = version.notes ?? []
        for (const note of notes)
          expect(text, where).toContain(
            `${fillTemplate(words.noteAdded, {date: readableDate(indiaDate(new Date(note.addedAt)))})} ${note.text}`,
          )
        await expect(
          item.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime'))),
          where,
        ).resolves.toEqual([
          shownStart(key, version).datetime,
          announcedDay(version),
          ...notes.map((note) => indiaDate(new Date(note.addedAt))),
        ])
        const link = item.getByRole('link', {name: versionName(version.number), exact: true})
        await expect(link.getAttribute('href'), where).resolves.toBe(paths.version(version.number))
        const changes = item.getByRole('link', {name: words.seeChanges, exact: true})
        if (index === newestFirst.length - 1) {
          await expect(changes.count(), where).resolves.toBe(0)
          // The first version says once that it was the first: in its own summary, or else in these words.
          expect(text.includes(words.firstVersion), where).toBe(!version.summary)
        } else {
          await expect(changes.getAttribute('href'), where).resolves.toBe(paths.changes(version.number))
        }
      }

      const hrefs = await main
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))
      expect(hrefs).toContain(POLICY_ROUTES[key].path)
      for (const href of hrefs)
        expect((await fetchPath(decodeURIComponent(href))).status, `${href} on ${paths.history}`).toBe(200)
    }
  })

  it('is at the same address with "&" written as "%26", and with a trailing slash redirects (301) to it', async () => {
    const withAmpersand = POLICY_KEYS.filter((key) => POLICY_ROUTES[key].path.includes('&'))
    expect(withAmpersand.length).toBeGreaterThan(0)
    const paths = HISTORY_PAGE_PATHS.filter((path) =>
      withAmpersand.some((key) => path.includes(POLICY_ROUTES[key].path)),
    )
    expect(paths.length).toBeGreaterThan(0)
    for (const path of paths) {
      const plain = await fetchPath(path)
      expect(plain.status, path).toBe(200)
      expect(plain.contentType, path).toMatch(/^text\/html/)
      const encoded = await fetchPath(path.replaceAll('&', '%26'))
      expect(encoded.status, `${path} with %26`).toBe(200)
      expect(encoded.body, `${path} with %26 is the same page`).toBe(plain.body)
      for (const form of [path, path.replaceAll('&', '%26')]) {
        const slashed = await fetchPath(`${form}/`)
        expect(slashed.status, `${form}/`).toBe(301)
        expect(decodeURIComponent(new URL(slashed.location!, base).pathname), `${form}/`).toBe(path)
      }
    }
  })
})

describe("a version's own page", () => {
  it('says when an earlier version applied, from and until, and links to the version in effect now; the version in force says since when; each says the day it was announced', async ({
    desktopPage: page,
  }) => {
    for (const key of POLICY_KEYS) {
      const inForce = versionsOf(key).filter((version) => statusOf(key, version) !== 'upcoming')
      expect(inForce.length, key).toBeGreaterThan(0)
      for (const version of inForce) {
        const path = historyPaths(key).version(version.number)
        await page.goto(base + path)
        const main = page.getByRole('main')
        await expect(main.getByRole('heading', {level: 1}).textContent(), path).resolves.toBe(version.title)
        const header = await shownText(page, 'main header')
        // Its day, with the time when it or the next version began during a day another one applied.
        const from = shownStart(key, version).text
        const announced = `${announcement(version)}. ${words.readCurrent}`
        if (statusOf(key, version) === 'earlier') {
          const until = shownUntil(key, version).text
          expect(header, path).toContain(`${fillTemplate(words.appliedFrom, {from, until})} ${announced}`)
        } else {
          expect(header, path).toContain(`${fillTemplate(words.currentSince, {date: from})} ${announced}`)
        }
        const banner = main.locator('header p').filter({hasText: words.readCurrent})
        await expect(
          banner
            .locator(`time[datetime="${announcedDay(version)}"]`)
            .first()
            .textContent(),
          path,
        ).resolves.toBe(readableDate(announcedDay(version)))
        // A version after the first links what changed in it beside its name.
        const first = version.number === versionsOf(key)[0]!.number
        expect(header, path).toContain(
          `${versionName(version.number)} · ${first ? words.allVersions : words.latestChange}`,
        )
        expect(header, path).toContain(words.allVersions)
        expect(header, path).toContain(`${words.latestChange}: ${version.summary}`)
        const current = main.getByRole('link', {name: words.readCurrent, exact: true})
        await expect(current.getAttribute('href'), path).resolves.toBe(POLICY_ROUTES[key].path)
      }
    }
  })

  it("quotes each figure as its version recorded it, on the version's own page", async ({
    desktopPage: page,
  }) => {
    for (const {key, version} of allVersions)
      for (const {figure, text} of version.figures as {figure: string; text: string}[]) {
        const quotes = quotesOfFigure([version.intro, version.sections], figure)
        if (quotes === 0) continue
        await page.goto(base + historyPaths(key).version(version.number))
        await expect(
          page
            .locator(
              `main .policy__body [data-figure="${figure}"], main .policy__overview [data-figure="${figure}"]`,
            )
            .allInnerTexts(),
          `${key} ${version.number} ${figure}`,
        ).resolves.toEqual(Array(quotes).fill(text))
      }
  })
})

// Each version whose only change is a figure, as the data has them (none in the bundled history).
describe.skipIf(figureOnlyChanges.length === 0)('what a version changed', () => {
  for (const {key, version, previous, figure} of figureOnlyChanges) {
    const path = historyPaths(key).changes(version.number)
    it(`${path} marks exactly the changed words of the figure, each with a word for screen readers, and folds the sections it did not change`, async ({
      desktopPage: page,
    }) => {
      const removed = tokens(figureText(previous, figure)).filter(
        (token) => !tokens(figureText(version, figure)).includes(token),
      )
      const added = tokens(figureText(version, figure)).filter(
        (token) => !tokens(figureText(previous, figure)).includes(token),
      )
      // "25%" to "20%": one word removed, one added; the "%" stays.
      expect([removed.length, added.length]).toEqual([1, 1])
      const quotes = quotesOfFigure([version.intro, version.sections], figure)
      expect(quotes).toBeGreaterThan(0)

      await page.goto(base + path)
      const main = page.getByRole('main')
      await expect(main.locator('ins').allInnerTexts()).resolves.toEqual(Array(quotes).fill(added[0]))
      await expect(main.locator('del').allInnerTexts()).resolves.toEqual(Array(quotes).fill(removed[0]))
      for (const marked of await main.locator('ins, del').all())
        await expect(marked.isVisible(), 'a marked word is not folded away').resolves.toBe(true)

      // Screen readers say "removed:" and "added:" before the words: the label comes just before
      // each one in the accessibility tree, and is hidden from sight, not from them.
      const label = {deletion: words.removed, insertion: words.added}
      for (const paragraph of await main.locator('p', {has: page.locator('ins, del')}).all()) {
        const lines = (await paragraph.ariaSnapshot()).split('\n').map((line) => line.trim())
        const marks = lines.flatMap((line, index) => {
          const role = /^- (deletion|insertion):/.exec(line)?.[1] as keyof typeof label | undefined
          return role ? [{role, before: lines[index - 1] ?? ''}] : []
        })
        expect(marks.length).toBeGreaterThan(0)
        for (const {role, before} of marks)
          expect(before.replace(/"$/, '').endsWith(label[role]), `before a ${role}: ${before}`).toBe(true)
      }
      const labels = await main.locator('ins, del').evaluateAll((elements) =>
        elements.map((element) => {
          const label = element.previousElementSibling as HTMLElement
          const box = label.getBoundingClientRect()
          return {tag: element.localName, text: label.textContent!.trim(), size: box.width * box.height}
        }),
      )
      for (const {tag, text, size} of labels) {
        expect(text).toBe(tag === 'ins' ? words.added : words.removed)
        expect(size, 'the label is hidden from sight').toBeLessThanOrEqual(1)
      }

      // The sections that quote the figure are shown; every other one is folded, closed, with its name.
      const sectionName = (section: Version, index: number) => `${index + 1}. ${section.heading}`
      const changed = version.sections.filter((section: Version) => quotesOfFigure(section, figure) > 0)
      const shown = await main
        .getByRole('heading', {level: 2})
        .evaluateAll((headings) =>
          headings
            .filter((heading) => !heading.closest('details'))
            .map((heading) => heading.textContent!.replace(/\s+/g, ' ').trim()),
        )
      expect(shown).toEqual(
        changed.map((section: Version) => sectionName(section, version.sections.indexOf(section))),
      )
      const folded = await main.locator('details').evaluateAll((elements) =>
        elements.map((element) => ({
          open: (element as HTMLDetailsElement).open,
          summary: element.querySelector('summary')!.textContent!.trim(),
          marks: element.querySelectorAll('ins, del').length,
        })),
      )
      const unchanged = [
        ...(version.intro?.length && quotesOfFigure(version.intro, figure) === 0 ? [words.introduction] : []),
        ...version.sections.flatMap((section: Version, index: number) =>
          quotesOfFigure(section, figure) === 0 ? [sectionName(section, index)] : [],
        ),
      ]
      expect(folded).toEqual(
        unchanged.map((name) => ({open: false, summary: `${name} (${words.unchanged})`, marks: 0})),
      )
    })
  }
})

describe('the Atom feed of policy changes', () => {
  const ATOM = 'http://www.w3.org/2005/Atom'
  /** RFC 3339 date-time, as RFC 4287 §3.3 requires. */
  const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

  it('is valid Atom (RFC 4287), served as application/atom+xml, with one entry for each version, each leading to a page, published when the version was recorded', async ({
    desktopPage: page,
  }) => {
    const response = await fetch(base + POLICY_FEED_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml\b/)
    const xml = await response.text()

    // Parsed by the browser's XML parser, namespaces and all.
    await page.goto(`${base}/robots.txt`)
    const feed = await page.evaluate(
      ({source, ns}) => {
        const document = new DOMParser().parseFromString(source, 'application/xml')
        if (document.getElementsByTagName('parsererror').length > 0)
          throw new Error(`the feed is not well-formed XML: ${document.documentElement.textContent}`)
        const children = (parent: Element, name: string) =>
          [...parent.children].filter((child) => child.namespaceURI === ns && child.localName === name)
        const texts = (parent: Element, name: string) =>
          children(parent, name).map((child) => child.textContent!.trim())
        // RFC 4287 §4.2.7.2: a link without rel is an "alternate" link.
        const links = (parent: Element) =>
          children(parent, 'link').map((link) => ({
            rel: link.getAttribute('rel') ?? 'alternate',
            href: link.getAttribute('href') ?? '',
          }))
        const root = document.documentElement
        return {
          name: root.localName,
          namespace: root.namespaceURI,
          ids: texts(root, 'id'),
          titles: texts(root, 'title'),
          updated: texts(root, 'updated'),
          authors: children(root, 'author').map((author) => texts(author, 'name')),
          links: links(root),
          entries: children(root, 'entry').map((entry) => ({
            ids: texts(entry, 'id'),
            titles: texts(entry, 'title'),
            updated: texts(entry, 'updated'),
            published: texts(entry, 'published'),
            summaries: texts(entry, 'summary'),
            links: links(entry),
          })),
        }
      },
      {source: xml, ns: ATOM},
    )

    expect({name: feed.name, namespace: feed.namespace}).toEqual({name: 'feed', namespace: ATOM})
    expect(feed.ids).toHaveLength(1)
    expect(() => new URL(feed.ids[0])).not.toThrow()
    expect(feed.titles).toHaveLength(1)
    expect(feed.titles[0]).not.toBe('')
    expect(feed.updated).toHaveLength(1)
    expect(feed.updated[0]).toMatch(RFC_3339)
    expect(feed.authors).toHaveLength(1)
    expect(feed.authors[0]).toHaveLength(1)
    expect(feed.authors[0][0]).not.toBe('')
    const self = feed.links.filter((link) => link.rel === 'self')
    expect(self).toHaveLength(1)
    expect(new URL(self[0].href).pathname).toBe(POLICY_FEED_PATH)

    expect(feed.entries).toHaveLength(allVersions.length)
    const ids = feed.entries.flatMap((entry) => entry.ids)
    expect(ids).toHaveLength(feed.entries.length)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(() => new URL(id), id).not.toThrow()
    for (const entry of feed.entries) {
      const where = entry.titles.join() || entry.ids.join()
      expect(entry.titles, where).toHaveLength(1)
      expect(entry.titles[0], where).not.toBe('')
      expect(entry.updated, where).toHaveLength(1)
      expect(entry.updated[0], where).toMatch(RFC_3339)
      // The feed changed when its latest entry did.
      expect(Date.parse(entry.updated[0]), where).toBeLessThanOrEqual(Date.parse(feed.updated[0]))
      const alternates = entry.links.filter((link) => link.rel === 'alternate')
      expect(alternates.length, where).toBeGreaterThan(0)
      for (const {href} of alternates) {
        const path = decodeURIComponent(new URL(href).pathname)
        const page = await fetchPath(path)
        expect(page.status, `${href} in "${where}"`).toBe(200)
        expect(page.contentType, href).toMatch(/^text\/html/)
      }
    }

    // One entry for each version, naming its policy and its number, published when it was
    // recorded, and saying from which day it applies and on which day it was announced.
    for (const {key, version} of allVersions) {
      const where = `${version.title}, version ${version.number}`
      const number = new RegExp(`\\b${versionName(version.number)}\\b`)
      const named = feed.entries.filter(
        (entry) => entry.titles[0].includes(version.title) && number.test(entry.titles[0]),
      )
      expect(named, where).toHaveLength(1)
      const [entry] = named
      expect(entry.published, where).toHaveLength(1)
      expect(entry.published[0], where).toMatch(RFC_3339)
      expect(Date.parse(entry.published[0]), where).toBe(Date.parse(version.recordedAt))
      expect(entry.summaries, where).toHaveLength(1)
      expect(entry.summaries[0], where).toContain(`${effectiveFrom(key, version)}. ${announcement(version)}.`)
    }
  })
})

describe('the history pages on the site', () => {
  it('the sitemap lists every version history, version and changes page, and each of its addresses answers 200', async ({
    desktopPage: page,
  }) => {
    const xml = await (await fetch(`${base}/sitemap.xml`)).text()
    await page.goto(`${base}/robots.txt`)
    const locations = await page.evaluate((source) => {
      const document = new DOMParser().parseFromString(source, 'application/xml')
      if (document.getElementsByTagName('parsererror').length > 0)
        throw new Error('sitemap.xml is not well-formed XML')
      return [...document.getElementsByTagName('loc')].map((loc) => loc.textContent!.trim())
    }, xml)
    const paths = locations.map((location) => decodeURIComponent(new URL(location).pathname))
    expect(
      HISTORY_PAGE_PATHS.filter((path) => !paths.includes(path)),
      'missing from the sitemap',
    ).toEqual([])
    for (const path of paths) expect((await fetchPath(path)).status, path).toBe(200)
  })

  it('at 1280 px every history, version and changes page loads no JavaScript, names its own address as canonical and announces the feed', async ({
    desktopPage: page,
    phonePage,
  }) => {
    /** Opens `path` and waits until it has loaded and gone idle: returns the scripts it asked for until then. */
    const settle = async (page: Page, path: string) => {
      const scripts: string[] = []
      const record = (request: Request) => request.resourceType() === 'script' && scripts.push(request.url())
      page.on('request', record)
      await page.goto(base + path, {waitUntil: 'load'})
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 100))))
      page.off('request', record)
      return scripts
    }

    for (const path of HISTORY_PAGE_PATHS) {
      expect(await settle(page, path), path).toEqual([])
      const head = await page.evaluate(() => ({
        scripts: document.querySelectorAll('script[src], script[type="module"], link[rel="modulepreload"]')
          .length,
        canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map(
          (link) => (link as HTMLLinkElement).href,
        ),
        feeds: [...document.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map(
          (link) => new URL((link as HTMLLinkElement).href).pathname,
        ),
      }))
      expect(head.scripts, `${path}: script files or module scripts`).toBe(0)
      expect(head.canonicals, path).toHaveLength(1)
      const canonical = new URL(head.canonicals[0])
      expect(decodeURIComponent(canonical.pathname), path).toBe(path)
      expect(canonical.search + canonical.hash, path).toBe('')
      expect(head.feeds, path).toEqual([POLICY_FEED_PATH])
    }
    // The same watch sees a script a page asks for once it has settled: the menu's, at 375 px,
    // once the visitor touches the menu (before that, it asks for none).
    const recorded: string[] = []
    expect(await settle(phonePage, HISTORY_PAGE_PATHS[0])).toEqual([])
    phonePage.on('request', (request) => request.resourceType() === 'script' && recorded.push(request.url()))
    await hydrateMobileMenu(phonePage)
    expect(recorded.some((url) => url.includes('MobileMenu'))).toBe(true)
  })
})
