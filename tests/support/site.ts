import type {Browser, BrowserContextOptions, Page} from 'playwright-core'
import {factText, withSampleMark, type CompanyFactKey} from '../../model/companyFacts'
import {formatFigure, type PolicyFigureKey} from '../../model/policyFigures'
import {POLICY_IDS} from '../../model/siteDocuments'
import {openPage, type Viewport} from './browser'
import {bundledDocuments, documentById} from './dataset'
import {readBuildData} from '../../src/server/buildData'

/** What the browser tests expect to read, taken from the bundled dataset the site is built from. */
const documents = bundledDocuments()
export const settings = documentById(documents, 'siteSettings')
export const homePage = documentById(documents, 'homePage')
export const aboutPage = documentById(documents, 'aboutPage')
export const contactPage = documentById(documents, 'contactPage')
export const policyFigures = documentById(documents, 'policyFigures')
export const companyFacts = documentById(documents, 'companyFacts')

/** A block of the Contact page's notice (either layer), as the dataset holds it. */
export interface NoticeBlock {
  children: {_type: string; text?: string; figure?: PolicyFigureKey; fact?: CompanyFactKey}[]
  markDefs?: {_type: string; href?: string}[]
}
/** The full notice, one click away under the short one. */
export const NOTICE: NoticeBlock[] = contactPage.privacyNotice
/** The short notice beside the boxes. */
export const SHORT_NOTICE: NoticeBlock[] = contactPage.shortNotice

/** Each paragraph of a notice as visitors read it, with figures and facts filled in. */
const readable = (blocks: NoticeBlock[]) =>
  blocks.map((block) =>
    block.children
      .map((child) =>
        child.figure
          ? formatFigure(child.figure, policyFigures[child.figure])
          : child.fact
            ? withSampleMark(child.fact, factText(companyFacts, child.fact))
            : (child.text ?? ''),
      )
      .join(''),
  )
export const SHORT_NOTICE_TEXTS = readable(SHORT_NOTICE)
export const NOTICE_TEXTS = readable(NOTICE)

export const policies = {
  privacy: documentById(documents, POLICY_IDS.privacy),
  terms: documentById(documents, POLICY_IDS.terms),
  refund: documentById(documents, POLICY_IDS.refund),
}

export interface Route {
  path: string
  /** File-name friendly name, e.g. for screenshots. */
  slug: string
  /** The page's own title in the CMS (the `<title>` contains it). */
  cmsTitle: string
  description: string
  /** The page's h1. */
  heading: string
}

/** The six routes of the spec, with the words each one takes from the CMS. */
export const ROUTES: Route[] = [
  {
    path: '/',
    slug: 'home',
    cmsTitle: homePage.seo.title,
    description: homePage.seo.description,
    heading: homePage.heading,
  },
  ...(['privacy', 'terms', 'refund'] as const).map((key) => ({
    path: {privacy: '/privacy-policy', terms: '/terms&conditions', refund: '/Refund&Cancellation-Policy'}[
      key
    ],
    slug: {
      privacy: 'privacy-policy',
      terms: 'terms-and-conditions',
      refund: 'refund-and-cancellation-policy',
    }[key],
    cmsTitle: policies[key].title,
    description: policies[key].description,
    heading: policies[key].title,
  })),
  {
    path: '/about-us',
    slug: 'about-us',
    cmsTitle: aboutPage.seo.title,
    description: aboutPage.seo.description,
    heading: aboutPage.title,
  },
  {
    path: '/contact-us',
    slug: 'contact-us',
    cmsTitle: contactPage.seo.title,
    description: contactPage.seo.description,
    heading: contactPage.title,
  },
]

export const NOT_FOUND_PATH = '/no-such-page'

/** The policy routes, by key. */
export const POLICY_ROUTES = {
  privacy: ROUTES[1],
  terms: ROUTES[2],
  refund: ROUTES[3],
}

export type PolicyKey = keyof typeof policies
export const POLICY_KEYS = Object.keys(policies) as PolicyKey[]

/** The words around a policy's history (Site settings → policyHistory). */
export const historyWords: Record<string, string> = settings.policyHistory

/** Every recorded version of each policy in the bundled dataset, oldest first. */
export const policyVersions: Record<PolicyKey, Record<string, any>[]> = Object.fromEntries(
  POLICY_KEYS.map((key) => [
    key,
    documents
      .filter((document) => document._type === 'policyVersion' && document.policy === policies[key]._id)
      .sort((a: any, b: any) => a.number - b.number),
  ]),
) as never

/**
 * The moment the run's build judged every policy's history by (src/content/buildTime.ts), read
 * from the data it handed the server: which version is in force, or still to come, is asked at
 * this moment, not at the test's, so a run that spans the start of a version agrees with the
 * pages it reads.
 */
export async function buildMoment(distDir: string): Promise<Date> {
  return new Date((await readBuildData(distDir)).liveContent.builtAt)
}

/** The calendar day in India (UTC+05:30) at `now`: a version applies from the start of its day there. */
export const indiaDate = (now = new Date()) =>
  new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10)

/**
 * The moment a version applies from: midnight in India at the start of its day, or the moment it
 * was published when that is later (published on the day it applies).
 */
export function startOf(version: Record<string, any>): Date {
  const midnight = new Date(`${version.effectiveDate}T00:00:00+05:30`)
  const published = new Date(version.recordedAt)
  return published > midnight ? published : midnight
}

/** The version a policy's page shows: the highest-numbered one whose moment has come. */
export function versionInForce(key: PolicyKey, now = new Date()): Record<string, any> {
  const inForce = policyVersions[key].filter((version) => startOf(version) <= now).at(-1)
  if (!inForce) throw new Error(`The bundled dataset has no version of ${key} in force`)
  return inForce
}

/**
 * Whether a language's Privacy Policy translates the English version in force at `now` (the run's
 * moment, which the build shares). Once a later English version applies, the translation is
 * stale: its pages show the English text under the line that it is not translated, until staff
 * translate the new version.
 */
export const translatesPrivacyInForce = (code: string, now = new Date()) =>
  documentById(documents, `privacyPolicy__i18n_${code}`).translation.translates ===
  String(versionInForce('privacy', now).number)

/** A moment's time in India as a page writes it in English: "8:00 am IST". */
const readableTime = (moment: Date) =>
  `${moment.toLocaleTimeString('en-IN', {hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata'})} IST`

/** A moment as a page gives it: the day a person reads, with the time when it is not midnight in India. */
function shownMoment(moment: Date, withTime: boolean) {
  const day = indiaDate(moment)
  if (!withTime || moment.getTime() === new Date(`${day}T00:00:00+05:30`).getTime())
    return {text: readableDate(day), datetime: day}
  const time = new Date(moment.getTime() + 330 * 60_000).toISOString().slice(11, 16)
  return {text: `${readableDate(day)}, ${readableTime(moment)}`, datetime: `${day}T${time}+05:30`}
}

/**
 * From when a version applied, as its pages write it in English and in <time datetime>: its day,
 * with the time when it took over from an earlier version during that day.
 */
export const shownStart = (key: PolicyKey, version: Record<string, any>) =>
  shownMoment(startOf(version), version.number !== policyVersions[key][0]!.number)

/**
 * Until when an earlier version applied, as its page writes it: the day before the next version's
 * when that one began at midnight; else the day and the time it began.
 */
export function shownUntil(key: PolicyKey, version: Record<string, any>) {
  const versions = policyVersions[key]
  const next = versions[versions.indexOf(version) + 1]!
  const start = startOf(next)
  if (
    start > startOf(version) &&
    start.getTime() === new Date(`${next.effectiveDate}T00:00:00+05:30`).getTime()
  ) {
    const day = new Date(`${next.effectiveDate}T00:00:00Z`)
    day.setUTCDate(day.getUTCDate() - 1)
    return shownMoment(new Date(`${day.toISOString().slice(0, 10)}T00:00:00+05:30`), false)
  }
  return start > startOf(version) ? shownMoment(start, true) : shownStart(key, version)
}

/** A calendar date as a person reads it, e.g. "23 November 2026". */
export const readableDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })

/**
 * The history pages of a policy, named after its own path ("/terms&conditions" →
 * "/policy-history/terms&conditions"): the version list, each version's text, and what each
 * version after the first changed.
 */
export function historyPaths(key: PolicyKey) {
  const path = POLICY_ROUTES[key].path
  return {
    history: `/policy-history${path}`,
    version: (number: number) => `/policy-versions${path}/${number}`,
    changes: (number: number) => `/policy-changes${path}/${number}`,
  }
}

/** Every history, version and differences page of every policy, as the sitemap should list them. */
export const HISTORY_PAGE_PATHS = POLICY_KEYS.flatMap((key) => {
  const paths = historyPaths(key)
  const versions = policyVersions[key]
  if (versions.length === 0) return []
  return [
    paths.history,
    ...versions.map((version) => paths.version(version.number)),
    ...versions.slice(1).map((version) => paths.changes(version.number)),
  ]
})

/** The Atom feed of every policy change. */
export const POLICY_FEED_PATH = '/policy-changes.atom'

/**
 * Opens a page in a fresh context, runs `use` and always closes the context: for work outside a
 * test (a `beforeAll` that visits pages once for several tests). A test takes its page from the
 * fixtures of ./browserTest instead.
 */
export async function withPage<T>(
  browser: Browser,
  viewport: Viewport,
  use: (page: Page) => Promise<T>,
  options: BrowserContextOptions = {},
): Promise<T> {
  const page = await openPage(browser, viewport, options)
  try {
    return await use(page)
  } finally {
    await page.context().close()
  }
}

/**
 * Holds back every script until `release()`: the page as a visitor on a slow connection has it
 * before the scripts arrive. `requested` lists the scripts asked for meanwhile.
 */
export async function holdScripts(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const requested: string[] = []
  await page.route('**/_astro/*.js', async (route) => {
    requested.push(route.request().url())
    await released
    // The test may be over and its page closed by then.
    await route.continue().catch(() => undefined)
  })
  return {requested, release}
}

/** The phone menu's island, whatever its state. */
export const MOBILE_MENU = 'astro-island[component-url*="MobileMenu"]'

/**
 * Hydrates the MobileMenu island as a visitor's first touch does (client:touched): focus on its
 * toggle. Resolves once React has taken it over, with focus on its toggle button.
 */
export async function hydrateMobileMenu(page: Page): Promise<void> {
  await page.locator(`${MOBILE_MENU} summary`).focus()
  await mobileMenuHydrated(page)
}

/** Resolves once React has taken over the MobileMenu island: its toggle is a button. */
export async function mobileMenuHydrated(page: Page): Promise<void> {
  await page.waitForSelector(`${MOBILE_MENU}:not([ssr]) button.mobile-menu__toggle`, {state: 'attached'})
}

/**
 * Resolves once the ContactForm island on /contact-us has hydrated: React has taken over its form
 * (Astro drops the island's `ssr` mark when it starts React's hydration, which finishes later).
 * React commits in the same task as it claims the form; the form's first effect (what was typed
 * before, the subject from the address) shows a task or two later, so a test polls for that.
 */
export async function contactFormHydrated(page: Page): Promise<void> {
  await page.waitForSelector('astro-island[component-url*="ContactForm"]:not([ssr])', {state: 'attached'})
  await page.waitForFunction(() => {
    const form = document.querySelector('astro-island[component-url*="ContactForm"] form')
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
}

/** The sticky header's bottom edge and a section's top edge, in viewport pixels. */
export async function sectionPosition(page: Page, id: string) {
  return page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId)
    const header = document.querySelector('body > header')
    if (!section || !header) throw new Error(`no #${sectionId} or no header`)
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight
    return {
      top: section.getBoundingClientRect().top,
      headerBottom: header.getBoundingClientRect().bottom,
      viewportHeight: window.innerHeight,
      scrollY: window.scrollY,
      atBottom: Math.abs(window.scrollY - maxScroll) < 2,
    }
  }, id)
}

/**
 * Waits until the section with `id` has been scrolled to and the page has come to rest: its top
 * just below the sticky header (within `slack` px), or, when the page cannot scroll that far, the
 * page scrolled to its end with the section's top in the upper half of the viewport. Smooth
 * scrolling passes through every position on its way, so only a settled position counts.
 */
export async function waitForSectionInView(page: Page, id: string, slack = 40): Promise<void> {
  try {
    await page.waitForFunction(
      ({sectionId, slack, token}) => {
        const state = ((window as unknown as Record<string, {y: number; still: number}>)[token] ??= {
          y: -1,
          still: 0,
        })
        if (state.y === window.scrollY) state.still++
        else Object.assign(state, {y: window.scrollY, still: 0})
        if (state.still < 4) return false
        const section = document.getElementById(sectionId)
        const header = document.querySelector('body > header')
        if (!section || !header) return false
        const top = section.getBoundingClientRect().top
        const headerBottom = header.getBoundingClientRect().bottom
        const maxScroll = document.documentElement.scrollHeight - window.innerHeight
        const atBottom = Math.abs(window.scrollY - maxScroll) < 2
        return (
          (top >= headerBottom - 2 && top <= headerBottom + slack) ||
          (atBottom && top >= headerBottom - 2 && top < window.innerHeight / 2)
        )
      },
      {sectionId: id, slack, token: `__settled_${Math.random().toString(36).slice(2)}`},
      {timeout: 5_000, polling: 50},
    )
  } catch (error) {
    const position = await sectionPosition(page, id).catch(() => undefined)
    throw new Error(`#${id} did not come to rest in view below the header: ${JSON.stringify(position)}`, {
      cause: error,
    })
  }
}

/** Records the URLs of every script the page requests. */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  return scripts
}
