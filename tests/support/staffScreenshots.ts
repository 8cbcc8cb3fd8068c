import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import type {Page} from 'playwright-core'
import {ROOT} from './astroBuild.ts'
import {webpOf} from './browser.ts'

/**
 * Where the Studio tests put their screenshots of each step: docs/screenshots/staff/, for the
 * staff guide (docs/staff.md), when UPDATE_STAFF_SCREENSHOTS=1; otherwise a scratch folder, so a
 * test run changes no file in the repository.
 */
export const UPDATING_STAFF_SCREENSHOTS = process.env.UPDATE_STAFF_SCREENSHOTS === '1'
export const STAFF_SCREENSHOTS = UPDATING_STAFF_SCREENSHOTS
  ? join(ROOT, 'docs/screenshots/staff')
  : join(ROOT, '.scratch/staff-screenshots')

/**
 * The step as staff see it, 1280×800, as `<name>.webp` (scripts/screenshots.ts's encoding).
 * Animations are run to their end first: a dialog still fading in (long, on a busy machine) would
 * be caught half drawn, or not at all.
 */
export async function staffScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(STAFF_SCREENSHOTS, {recursive: true})
  const png = await page.screenshot({animations: 'disabled'})
  writeFileSync(join(STAFF_SCREENSHOTS, `${name}.webp`), await webpOf(page.context(), png))
}
