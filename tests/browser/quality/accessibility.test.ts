import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {
  NOT_FOUND_PATH,
  ROUTES,
  hydrateMobileMenu,
  mobileMenuHydrated,
  settings,
  withPage,
} from '../../support/site'
import {HISTORY_PATHS} from './pages'

const base = inject('siteUrl')
const PATHS = [...ROUTES.map((route) => route.path), NOT_FOUND_PATH, ...HISTORY_PATHS]
const VIEWPORTS = [PHONE, DESKTOP]

/**
 * Interactive elements on screen smaller than 24 × 24 CSS px (WCAG 2.2, 2.5.8), except links
 * inside running text (the inline exception): an inline link whose block holds other words.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const failures: string[] = []
    const selector =
      'a[href], button, input:not([type="hidden"]), textarea, select, summary, [role="button"], [tabindex]:not([tabindex="-1"])'
    const words = (node: Node | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue
      const rect = element.getBoundingClientRect()
      if (rect.width === 0 && rect.height === 0) continue
      // Moved off the page (a skip link until focused, a field only robots fill in): nobody sees it.
      if (rect.right + window.scrollX <= 0 || rect.bottom + window.scrollY <= 0) continue
      const style = getComputedStyle(element)
      if (style.display === 'inline') {
        let block = element.parentElement
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement
        if (words(block).length > words(element).length) continue
      }
      if (rect.width < 24 || rect.height < 24) {
        failures.push(
          `<${element.tagName.toLowerCase()}> "${words(element).slice(0, 40)}" ${rect.width.toFixed(1)}×${rect.height.toFixed(1)}`,
        )
      }
    }
    return failures
  })
}

/**
 * Text whose colour against the background behind it is below WCAG AA (4.5:1, or 3:1 for large
 * text). Backgrounds are composited up the tree; text over a gradient or image is left out.
 */
function lowContrastText(page: Page) {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number]
    const parse = (colour: string): Rgba => {
      const numbers = colour.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0]
      return [numbers[0], numbers[1], numbers[2], numbers[3] ?? 1]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const alpha = top[3] + bottom[3] * (1 - top[3])
      if (alpha === 0) return [0, 0, 0, 0]
      const mix = (index: number) => (top[index] * top[3] + bottom[index] * bottom[3] * (1 - top[3])) / alpha
      return [mix(0), mix(1), mix(2), alpha]
    }
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    const background = (element: Element): Rgba | null => {
      const layers: Rgba[] = []
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.backgroundImage !== 'none') return null
        const colour = parse(style.backgroundColor)
        if (colour[3] > 0) layers.push(colour)
        if (colour[3] >= 1) break
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])
    }
    const failures: string[] = []
    let checked = 0
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim()
      if (!ownText || !element.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue
      const rect = element.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0 || rect.bottom < 0) continue
      const back = background(element)
      if (!back) continue
      const style = getComputedStyle(element)
      const fore = over(parse(style.color), back)
      const [light, dark] = [luminance(fore), luminance(back)].sort((a, b) => b - a)
      const ratio = (light + 0.05) / (dark + 0.05)
      const size = parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      checked++
      if (ratio < (large ? 3 : 4.5))
        failures.push(
          `"${ownText.slice(0, 40)}" ${style.color} on rgb(${back.slice(0, 3).map(Math.round).join(', ')}) = ${ratio.toFixed(2)}`,
        )
    }
    return {failures, checked}
  })
}

/** What one visit to a page at one width shows, gathered once and asserted by several tests. */
interface Survey {
  path: string
  landmarks: {main: number; banner: number; contentinfo: number; h1: number}
  navNames: string[]
  shownNavs: number
  smallTargets: string[]
  overflow: {scroll: number; client: number}
  body: {color: string; background: string; contrast: number}
  contrast: {failures: string[]; checked: number}
}

async function survey(page: Page, path: string): Promise<Survey> {
  await page.goto(base + path)
  const landmarks = {
    main: await page.getByRole('main').count(),
    banner: await page.getByRole('banner').count(),
    contentinfo: await page.getByRole('contentinfo').count(),
    h1: await page.getByRole('heading', {level: 1}).count(),
  }
  // Every <nav>, shown or not, needs a name.
  const navNames = await page.locator('nav').evaluateAll((navs) =>
    navs.map((nav) => {
      const labelledBy = nav.getAttribute('aria-labelledby')
      const label = labelledBy
        ? document.getElementById(labelledBy)?.textContent
        : nav.getAttribute('aria-label')
      return (label ?? '').trim()
    }),
  )
  const shownNavs = await page.getByRole('navigation').count()
  const overflow = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  const body = await page.evaluate(() => {
    const style = getComputedStyle(document.body)
    const lum = (value: string) => {
      const [r, g, b] = value
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map(Number)
        .map((channel) => {
          const c = channel / 255
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
        })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const [light, dark] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x)
    return {color: style.color, background: style.backgroundColor, contrast: (light + 0.05) / (dark + 0.05)}
  })
  return {
    path,
    landmarks,
    navNames,
    shownNavs,
    smallTargets: await smallTargets(page),
    overflow,
    body,
    contrast: await lowContrastText(page),
  }
}

const surveys = new Map<number, Survey[]>()
it.beforeAll(async ({browser}) => {
  await Promise.all(
    VIEWPORTS.map((viewport) =>
      withPage(browser, viewport, async (page) => {
        const results: Survey[] = []
        for (const path of PATHS) results.push(await survey(page, path))
        if (viewport === PHONE) {
          // The open menu is on screen too.
          await page.goto(base + '/')
          await hydrateMobileMenu(page)
          await page.getByRole('button', {name: settings.interfaceText.menu}).click()
          results.push({
            ...results[0],
            path: '/ with the menu open',
            smallTargets: await smallTargets(page),
            contrast: await lowContrastText(page),
          })
        }
        surveys.set(viewport.width, results)
      }),
    ),
  )
})

describe('accessibility', () => {
  for (const viewport of VIEWPORTS) {
    it(`every page has one main, one banner, one contentinfo, one h1 and named navigation at ${viewport.width} px`, () => {
      for (const result of surveys.get(viewport.width)!) {
        expect(result.landmarks, result.path).toEqual({main: 1, banner: 1, contentinfo: 1, h1: 1})
        expect(result.navNames.length, result.path).toBeGreaterThanOrEqual(3)
        for (const name of result.navNames)
          expect(name, `${result.path}: a <nav> without a name`).not.toBe('')
        expect(new Set(result.navNames).size, `${result.path}: two <nav>s share a name`).toBe(
          result.navNames.length,
        )
        expect(result.shownNavs, result.path).toBeGreaterThanOrEqual(viewport === PHONE ? 3 : 4)
      }
    })

    it(`the skip link is the first stop for the keyboard and leads to the main content at ${viewport.width} px`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport)
      for (const path of ['/', '/privacy-policy']) {
        await page.goto(base + path)
        await page.keyboard.press('Tab')
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement
          const rect = element.getBoundingClientRect()
          return {
            tag: element.tagName,
            href: element.getAttribute('href'),
            text: element.textContent?.trim(),
            rect: {top: rect.top, left: rect.left, bottom: rect.bottom, right: rect.right},
          }
        })
        expect(focused.tag, path).toBe('A')
        expect(focused.href, path).toBe('#main')
        expect(focused.text, path).toBe(settings.interfaceText.skipToContent)
        // Shown on screen while focused.
        expect(focused.rect.top, path).toBeGreaterThanOrEqual(0)
        expect(focused.rect.left, path).toBeGreaterThanOrEqual(0)
        expect(focused.rect.bottom, path).toBeLessThanOrEqual(viewport.height)
        expect(focused.rect.right, path).toBeLessThanOrEqual(viewport.width)
        await expect(
          page.getByRole('link', {name: settings.interfaceText.skipToContent}).isVisible(),
          path,
        ).resolves.toBe(true)

        await page.keyboard.press('Enter')
        await expect(
          page.evaluate(() => document.activeElement?.id),
          path,
        ).resolves.toBe('main')
      }
    })

    it(`every control on screen is at least 24 × 24 px, links in running text aside, at ${viewport.width} px`, () => {
      const failures = surveys
        .get(viewport.width)!
        .flatMap((result) => result.smallTargets.map((failure) => `${result.path}: ${failure}`))
      expect(failures).toEqual([])
    })
  }

  it('keyboard focus is visible on the header links and the menu button', async ({newPage}) => {
    const focusStyle = (page: Page) =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement
        const style = getComputedStyle(element)
        return {
          text: element.textContent?.trim() || element.getAttribute('aria-label'),
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
        }
      })
    {
      const page = await newPage(DESKTOP)
      await page.goto(base + '/about-us')
      for (const expected of [
        settings.interfaceText.skipToContent,
        settings.companyName,
        'Find Doctors',
        'Embassy Hotels',
      ]) {
        await page.keyboard.press('Tab')
        const focus = await focusStyle(page)
        expect(focus.text).toBe(expected)
        expect(focus.style, expected).not.toBe('none')
        expect(focus.width, expected).toBeGreaterThanOrEqual(2)
      }
    }
    {
      const page = await newPage(PHONE)
      await page.goto(base + '/about-us')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      // Menu as the server sends it, then as React takes it over on that focus: both show focus.
      for (const stage of ['before React', 'after React']) {
        if (stage === 'after React') await mobileMenuHydrated(page)
        const focus = await focusStyle(page)
        expect(focus.text, stage).toBe(settings.interfaceText.menu)
        expect(focus.style, stage).not.toBe('none')
        expect(focus.width, stage).toBeGreaterThanOrEqual(2)
      }
    }
  })

  it('nothing runs off the side of a 375 px screen', () => {
    for (const result of surveys.get(PHONE.width)!) {
      expect(result.overflow.scroll, result.path).toBeLessThanOrEqual(result.overflow.client)
    }
  })
})

describe('design tokens and contrast', () => {
  it(':root defines the design tokens and the components use them', async ({desktopPage: page}) => {
    await page.goto(base + '/')
    const tokens = await page.evaluate(() => {
      const root = getComputedStyle(document.documentElement)
      const names = [
        '--color-primary',
        '--color-ink',
        '--color-surface',
        '--color-accent',
        '--color-focus',
        '--font-body',
        '--space-4',
        '--radius-md',
        '--target-min',
        '--menu-panel-max-height',
      ]
      const probe = document.createElement('div')
      probe.style.color = 'var(--color-primary)'
      document.body.append(probe)
      const primary = getComputedStyle(probe).color
      probe.remove()
      return {
        values: Object.fromEntries(names.map((name) => [name, root.getPropertyValue(name).trim()])),
        primary,
        button: getComputedStyle(document.querySelector('main .button')!).backgroundColor,
      }
    })
    for (const [name, value] of Object.entries(tokens.values)) expect(value, name).not.toBe('')
    expect(tokens.values['--menu-panel-max-height']).toBe('16rem')
    expect(tokens.primary).toMatch(/^rgb\(/)
    expect(tokens.button).toBe(tokens.primary)
  })

  for (const viewport of VIEWPORTS) {
    it(`body text and every text on a plain background meet WCAG AA contrast at ${viewport.width} px`, () => {
      const failures: string[] = []
      for (const result of surveys.get(viewport.width)!) {
        expect(result.body.background, result.path).not.toBe('rgba(0, 0, 0, 0)')
        expect(
          result.body.contrast,
          `${result.path} body text ${result.body.color} on ${result.body.background}`,
        ).toBeGreaterThanOrEqual(4.5)
        expect(result.contrast.checked, result.path).toBeGreaterThan(10)
        for (const failure of result.contrast.failures) failures.push(`${result.path}: ${failure}`)
      }
      expect(failures).toEqual([])
    })
  }
})
