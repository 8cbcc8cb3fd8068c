import type {Page} from 'playwright-core'
import {NOT_FOUND_PATH, ROUTES, contactPage, mobileMenuHydrated, settings} from '../support/site'

/** Every page a visitor can land on: the six routes of the spec and the 404 page. */
export const PATHS = [...ROUTES.map((route) => route.path), NOT_FOUND_PATH]

export const POLICY_PATHS = ['/privacy-policy', '/terms&conditions', '/Refund&Cancellation-Policy']

/** Resolves once the ContactForm island on /contact-us has hydrated. */
export async function contactFormHydrated(page: Page): Promise<void> {
  await page.waitForSelector('astro-island[component-url*="ContactForm"]:not([ssr])', {state: 'attached'})
}

/** Waits for the menu island to hydrate, then opens the menu with its "Menu" toggle. */
export async function openMobileMenu(page: Page): Promise<void> {
  await mobileMenuHydrated(page)
  const toggle = page.getByRole('button', {name: settings.interfaceText.menu})
  await toggle.click()
  await page.waitForFunction(
    () => document.querySelector('.mobile-menu__toggle')?.getAttribute('aria-expanded') === 'true',
  )
}

/** The error texts an empty contact form shows by its fields once sent. */
export const EMPTY_FORM_ERRORS = [
  contactPage.form.replyRequired as string,
  contactPage.form.messageRequired as string,
]

/** Sends the hydrated contact form empty and waits until it shows its field errors. */
export async function submitEmptyContactForm(page: Page): Promise<void> {
  await contactFormHydrated(page)
  await page.getByRole('button', {name: contactPage.form.submitLabel as string}).click()
  for (const text of EMPTY_FORM_ERRORS) {
    await page.locator('.contact-form__error', {hasText: text}).first().waitFor()
  }
}
