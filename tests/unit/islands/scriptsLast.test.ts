import {describe, expect, it} from 'vitest'
import {scriptsLast} from '../../../src/islands/scriptsLast'

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html><head>${head}</head><body class="x">${body}</body></html>`

describe('the island scripts of a built page', () => {
  it('move from where Astro wrote them to the end of the body, in their order, the rest unchanged', () => {
    const before = page(
      '<meta charset="utf-8"><script>head()</script>',
      '<header><script>directive()</script><script>islands()</script><astro-island></astro-island></header><main><p>Text</p></main>',
    )
    expect(scriptsLast(before)).toBe(
      page(
        '<meta charset="utf-8"><script>head()</script>',
        '<header><astro-island></astro-island></header><main><p>Text</p></main><script>directive()</script><script>islands()</script>',
      ),
    )
  })

  it('leave scripts with a type or a source, and a page without inline scripts, as they are', () => {
    const untouched = page(
      '',
      '<script type="application/ld+json">{}</script><script src="/a.js"></script><p>Text</p>',
    )
    expect(scriptsLast(untouched)).toBe(untouched)
  })
})
