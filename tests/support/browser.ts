import {existsSync} from 'node:fs'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core'

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

/**
 * A PNG as lossy WebP, encoded by Chromium itself (the machine has no image tool): a page of text
 * takes about a quarter of the bytes, and reads the same. WebP holds at most 16,383 px a side.
 */
export async function webpOf(context: BrowserContext, png: Buffer, quality = 0.6): Promise<Buffer> {
  const page = await context.newPage()
  try {
    const base64 = await page.evaluate(
      async ({data, quality}) => {
        const image = new Image()
        image.src = `data:image/png;base64,${data}`
        await image.decode()
        const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight)
        canvas.getContext('2d')!.drawImage(image, 0, 0)
        const blob = await canvas.convertToBlob({type: 'image/webp', quality})
        if (blob.type !== 'image/webp') throw new Error(`Chromium wrote ${blob.type}, not WebP`)
        const bytes = new Uint8Array(await blob.arrayBuffer())
        let binary = ''
        for (let start = 0; start < bytes.length; start += 0x8000)
          binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
        return btoa(binary)
      },
      {data: png.toString('base64'), quality},
    )
    return Buffer.from(base64, 'base64')
  } finally {
    await page.close()
  }
}
