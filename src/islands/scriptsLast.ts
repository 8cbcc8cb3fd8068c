/**
 * Moves the page's inline classic scripts in `<body>` (Astro's island runtime and its hydration
 * directives, which Astro writes just before the first island: in the header) to the end of the
 * body, in the same order. Where they stood, the parser stopped to run them, and the browser
 * painted the header first: the rest of the page, its text shaped and laid out, then came as one
 * long task after the first paint, which a phone feels as a page that does not answer (Lighthouse's
 * Total Blocking Time; `npm run bench:lighthouse`). At the end they do the same: the islands'
 * custom element upgrades the islands already parsed, which then wait for DOMContentLoaded. Their
 * text is unchanged, so the CSP's hashes still match. Scripts with a `src` or a `type` are left alone.
 */
export function scriptsLast(html: string): string {
  const bodyAt = html.search(/<body[\s>]/i)
  const endAt = html.lastIndexOf('</body>')
  if (bodyAt === -1 || endAt === -1) return html
  const moved: string[] = []
  const body = html
    .slice(bodyAt, endAt)
    .replace(/<script>[\s\S]*?<\/script>/g, (script) => (moved.push(script), ''))
  if (moved.length === 0) return html
  return html.slice(0, bodyAt) + body + moved.join('') + html.slice(endAt)
}
