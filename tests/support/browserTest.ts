import type {BrowserContextOptions, Page} from 'playwright-core'
import {test as base} from 'vitest'
import {DESKTOP, PHONE, launchBrowser, openPage, type Viewport} from './browser'

/**
 * `test` (also exported as `it`) for the browser project: every test file gets its Chromium and
 * its pages from these fixtures, and launches or closes no browser itself.
 *
 * - `browser` (worker): Debian's Chromium, launched when a test or hook first asks for it and
 *   closed, with every context still open in it, when the worker is done. The browser project runs
 *   with `isolate: false` (vitest.config.ts), so this is one Chromium per worker, shared by the
 *   files it runs one after another; where files are isolated (the studio project) it is one per
 *   file, closed at its end. A file none of whose tests or hooks asks for it launches none. Without Chromium it fails with launchBrowser's message (how to get one).
 *   A hook that needs it is `test.beforeAll(async ({browser}) => ...)`.
 * - `newPage(viewport, options?)` (test): a fresh page in a context of its own (openPage: 5 s
 *   default timeout); every context it opened is closed after the test.
 * - `phonePage`, `desktopPage` (test): a page at PHONE (375 px) or DESKTOP (1280 px) from `newPage`.
 */
export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend('browser', {scope: 'worker'}, async ({}, {onCleanup}) => {
    const browser = await launchBrowser()
    onCleanup(() => browser.close())
    return browser
  })
  .extend('newPage', async ({browser}, {onCleanup}) => {
    const opened: Page[] = []
    onCleanup(async () => {
      await Promise.all(opened.map((page) => page.context().close()))
    })
    return async (viewport: Viewport, options: BrowserContextOptions = {}): Promise<Page> => {
      const page = await openPage(browser, viewport, options)
      opened.push(page)
      return page
    }
  })
  .extend('phonePage', ({newPage}) => newPage(PHONE))
  .extend('desktopPage', ({newPage}) => newPage(DESKTOP))

export const it = test
