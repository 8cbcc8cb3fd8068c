export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href)
}

/** The home page section a header button scrolls to, reachable from every page. */
export function homeSectionHref(sectionId: string): string {
  return `/#${sectionId}`
}
