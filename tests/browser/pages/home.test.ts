import {describe, expect, inject} from 'vitest'
import {HOME_SECTION_IDS} from '../../../model/siteDocuments'
import {DESKTOP, PHONE} from '../../support/browser'
import {it} from '../../support/browserTest'
import {homePage, settings} from '../../support/site'

const base = inject('siteUrl')

describe('the home page', () => {
  it('speaks of what is not ready yet in the future tense: the clinic software is coming, a suitable doctor is not promised as the right one', () => {
    const section = (id: string) =>
      homePage.sections.find((candidate: {sectionId: string}) => candidate.sectionId === id)
    expect(section('about').body).toMatch(
      /^Coming soon: our clinic-management software will bring appointments/,
    )
    expect(section('about').body).not.toContain('software brings')
    const appointments = section('about').items.find((item: {title: string}) => item.title === 'Appointments')
    expect(appointments.text).toContain('online booking for patients to come')
    expect(section('services').heading).toBe('A suitable doctor, booked before you land')
    expect(JSON.stringify(homePage)).not.toMatch(/the right doctor/i)
  })

  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows the logo, Coming Soon, the line and the Launching Soon badge at ${viewport.width} px`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport)
      await page.goto(base + '/')
      const hero = page.getByRole('region', {name: homePage.heading})
      await expect(hero.isVisible()).resolves.toBe(true)

      // The spec's words, which are also the CMS's words.
      expect(homePage.heading).toBe('Coming Soon')
      expect(homePage.line).toBe("We're working hard to bring you something amazing. Stay tuned for updates!")
      expect(homePage.badge).toBe('Launching Soon')

      const logo = hero.locator('.logo')
      await expect(logo.isVisible()).resolves.toBe(true)
      await expect(logo.textContent()).resolves.toBe(settings.companyName)
      const mark = await logo.locator('svg').boundingBox()
      expect(mark?.width).toBeGreaterThanOrEqual(32)

      const h1 = page.getByRole('heading', {level: 1})
      await expect(h1.count()).resolves.toBe(1)
      await expect(h1.textContent()).resolves.toBe(homePage.heading)
      await expect(h1.isVisible()).resolves.toBe(true)
      await expect(hero.getByText(homePage.line, {exact: true}).isVisible()).resolves.toBe(true)
      const badge = hero.getByText(homePage.badge, {exact: true})
      await expect(badge.isVisible()).resolves.toBe(true)

      // The hero, with its heading and badge, is the first thing on screen.
      const badgeBox = await badge.boundingBox()
      expect(badgeBox!.y + badgeBox!.height).toBeLessThanOrEqual(viewport.height)
    })

    it(`has the services, cities, contact and about sections with their CMS wording at ${viewport.width} px`, async ({
      newPage,
    }) => {
      const page = await newPage(viewport)
      await page.goto(base + '/')
      const ids = await page
        .locator('main section[id]')
        .evaluateAll((sections) => sections.map((section) => section.id))
      for (const id of HOME_SECTION_IDS) expect(ids).toContain(id)
      expect(homePage.sections.map((section: {sectionId: string}) => section.sectionId).sort()).toEqual(
        [...HOME_SECTION_IDS].sort(),
      )

      for (const expected of homePage.sections) {
        const section = page.locator(`section#${expected.sectionId}`)
        await expect(section.count()).resolves.toBe(1)
        // A landmark named by its heading.
        const region = page.getByRole('region', {name: expected.heading})
        await expect(region.getAttribute('id')).resolves.toBe(expected.sectionId)
        const heading = section.getByRole('heading', {level: 2})
        await expect(heading.textContent()).resolves.toBe(expected.heading)
        await expect(heading.isVisible()).resolves.toBe(true)
        await expect(section.getByText(expected.eyebrow, {exact: true}).isVisible()).resolves.toBe(true)
        await expect(section.getByText(expected.body, {exact: true}).isVisible()).resolves.toBe(true)
        for (const item of expected.items ?? []) {
          await expect(
            section.getByRole('heading', {level: 3, name: item.title}).isVisible(),
            item.title,
          ).resolves.toBe(true)
          await expect(section.getByText(item.text, {exact: true}).isVisible(), item.text).resolves.toBe(true)
        }
        if (expected.cta) {
          const cta = section.getByRole('link', {name: expected.cta.label})
          await expect(cta.isVisible()).resolves.toBe(true)
          await expect(cta.getAttribute('href')).resolves.toBe(expected.cta.href)
        }
      }
    })
  }
})
