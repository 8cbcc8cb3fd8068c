import type {Browser, Page} from 'playwright-core'
import {afterAll, describe, inject} from 'vitest'
import {DESKTOP, PHONE, type Viewport} from '../../support/browser'
import {it} from '../../support/browserTest'
import {bundledDocuments, documentById} from '../../support/dataset'
import {pathIn} from '../../../model/translations'
import {
  NOT_FOUND_PATH,
  ROUTES,
  contactPage,
  historyPaths,
  hydrateMobileMenu,
  policyVersions,
  settings,
  contactFormHydrated,
} from '../../support/site'

/** The codes of the languages the bundled Site settings turn on. */
function offeredLanguageCodes(): string[] {
  const languages = (documentById(bundledDocuments(), 'siteSettings').languages ?? []) as {
    code: string
    enabled: boolean
  }[]
  return languages.filter(({enabled}) => enabled).map(({code}) => code)
}

/** A policy whose path has "&" and whose history has a second version, as the data has them. */
const withChange = (['terms', 'refund'] as const).find((key) => policyVersions[key].length > 1)!
const changed = historyPaths(withChange)
const changedVersions = policyVersions[withChange]

/**
 * One page of each kind a policy's history adds, for a policy whose path has "&": its version
 * list, its first version (with its banner) and what its second version changed (with added and
 * removed words).
 */
export const HISTORY_PATHS = [
  changed.history,
  changed.version(changedVersions[0].number),
  changed.changes(changedVersions[1].number),
  // A history in another language, from the translated policy's words.
  pathIn('hi', historyPaths('privacy').history),
]

/**
 * Every page in the other languages the bundled dataset offers: the Contact page and the Privacy
 * Policy as sample translations on a local build, the rest in English under a line in the
 * language, two with "&" in their paths.
 */
export const LANGUAGE_PATHS = offeredLanguageCodes().flatMap((code) =>
  ROUTES.map(({path}) => pathIn(code, path)),
)

/**
 * The pages checked whole: the six routes of the spec, the 404 page, one of each history page
 * and pages in the other languages.
 */
export const PATHS = [
  ...ROUTES.map((route) => route.path),
  NOT_FOUND_PATH,
  ...HISTORY_PATHS,
  ...LANGUAGE_PATHS,
]

export const POLICY_PATHS = ['/privacy-policy', '/terms&conditions', '/Refund&Cancellation-Policy']

/** The menu toggle's label on a page: in the language of its prefix ("/hi/…"), else English. */
function menuLabelOn(path: string): string {
  const code = /^\/([a-z]{2,3})(?:\/|$)/.exec(path)?.[1]
  if (!code) return settings.interfaceText.menu
  return documentById(bundledDocuments(), `siteSettings__i18n_${code}`).interfaceText.menu
}

/** Waits for the menu island to hydrate, then opens the menu with its "Menu" toggle (its label on `path`). */
export async function openMobileMenu(page: Page, path = '/'): Promise<void> {
  await hydrateMobileMenu(page)
  const toggle = page.getByRole('button', {name: menuLabelOn(path)})
  await toggle.click()
  await page.waitForFunction(
    () => document.querySelector('.mobile-menu__toggle')?.getAttribute('aria-expanded') === 'true',
  )
}

/** The error texts an empty contact form shows by its fields once sent. */
export const EMPTY_FORM_ERRORS = [
  contactPage.form.replyRequired as string,
  contactPage.form.messageRequired as string,
  contactPage.form.consentRequired as string,
]

/** Sends the hydrated contact form empty and waits until it shows its field errors. */
export async function submitEmptyContactForm(page: Page): Promise<void> {
  await contactFormHydrated(page)
  await page.getByRole('button', {name: contactPage.form.submitLabel as string}).click()
  for (const text of EMPTY_FORM_ERRORS) {
    await page.locator('.contact-form__error', {hasText: text}).first().waitFor()
  }
}

/** A page to visit every path with at one width, and the check to run on what it shows. */
export interface PageCheck {
  page: Page
  /** Runs the check on the page as it is now; `where` names the path, the width and the state. */
  check(where: string): Promise<void>
}

/**
 * The one loop over the site for checks of whole pages (everyPage.test.ts: CSP, axe, the console
 * and other origins, in one visit): every page at 375 and 1280 px, one test each, checked as
 * loaded, then on /contact-us with the form showing its field errors, then at 375 px with the menu
 * open. `open` gives the page for one width, in the file's browser, used for every path; its
 * context is closed once they are done.
 */
export function checkEveryPage(open: (browser: Browser, viewport: Viewport) => Promise<PageCheck>): void {
  const base = inject('siteUrl')
  for (const viewport of [PHONE, DESKTOP]) {
    describe(`at ${viewport.width} px`, () => {
      let visit: PageCheck | undefined
      it.beforeAll(async ({browser}) => {
        visit = await open(browser, viewport)
      })
      afterAll(() => visit?.page.context().close())

      for (const path of PATHS) {
        const contact = path === '/contact-us'
        const phone = viewport === PHONE
        const states = [contact && 'with the form showing its field errors', phone && 'with the menu open']
        it([`on ${path} as loaded`, ...states.filter(Boolean)].join(', then '), async () => {
          const {page, check} = visit!
          const where = `${path} at ${viewport.width} px`
          await page.goto(base + path)
          if (contact) await contactFormHydrated(page)
          await check(where)
          if (contact) {
            await submitEmptyContactForm(page)
            await check(`${where} with field errors`)
          }
          if (phone) {
            await openMobileMenu(page, path)
            await check(`${where} with the menu open`)
          }
        })
      }
    })
  }
}
