import {existsSync} from 'node:fs'
import {chromium, type Browser, type BrowserContextOptions, type Page} from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The flags Debian's chromium needs on these machines: no sandbox, no GPU, no calls home. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Debian's chromium, with the flags that work on these machines. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: run \`npm test\` (it installs Debian's chromium) or set CHROMIUM_PATH.`,
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  })
}

export interface Viewport {
  width: number
  height: number
}

export const PHONE = {width: 375, height: 812} as const
export const DESKTOP = {width: 1280, height: 900} as const

/**
 * A fresh page, in a context of its own, at a viewport the tests care about. It fails in seconds,
 * not after Playwright's default 30 s, when something is missing. Closing its context is the
 * caller's (the `newPage` fixture of ./browserTest and `withPage` of ./site do it).
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({viewport, ...options})
  const page = await context.newPage()
  page.setDefaultTimeout(5_000)
  return page
}
