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

export const PHONE = {width: 375, height: 812} as const
export const DESKTOP = {width: 1280, height: 900} as const

/** A fresh page at a viewport width the tests care about. */
export async function openPage(
  browser: Browser,
  viewport: {width: number; height: number},
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({viewport, ...options})
  return context.newPage()
}
