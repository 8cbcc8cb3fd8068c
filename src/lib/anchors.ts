/**
 * Anchors for policy sections, made from their headings so a link such as
 * /privacy-policy#your-rights-and-how-to-use-them keeps working when sections are added or reordered.
 */
export function headingAnchors(headings: readonly string[]): string[] {
  const seen = new Map<string, number>()
  return headings.map((heading) => {
    const base =
      heading
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/&/g, ' and ')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'section'
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return count === 1 ? base : `${base}-${count}`
  })
}
