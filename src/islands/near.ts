import type {ClientDirective} from 'astro'
import {onIntent} from './intent.ts'

/**
 * How near the viewport an island must come to hydrate: about a screen ahead of the visitor's
 * scrolling, so it is ready by the time it is read, and not before the page has loaded.
 */
const NEAR = '100% 0px'

/**
 * `client:near`: the island hydrates once the page has loaded and the island is within about a
 * screen of the viewport, or at once on the first pointer, focus or key on it, whichever comes
 * first. Its server HTML works until then (the contact form posts without script, and what is
 * typed or ticked before hydration is kept). Inlined into each page that uses it.
 */
const near: ClientDirective = (load, _options, island) => {
  let started = false
  const hydrate = () => {
    if (started) return
    started = true
    stopIntent()
    observer?.disconnect()
    void load().then((render) => render())
  }
  const stopIntent = onIntent(island, hydrate)
  let observer: IntersectionObserver | undefined
  // The page's own loading comes first: the text a visitor came for is not held up by a script.
  const observe = () => {
    if (started) return
    observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && hydrate(),
      {
        rootMargin: NEAR,
      },
    )
    for (const child of island.children) observer.observe(child)
  }
  if (document.readyState === 'complete') observe()
  else window.addEventListener('load', observe, {once: true})
}

export default near
