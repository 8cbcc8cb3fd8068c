import type {ClientDirective} from 'astro'

/** What a visitor does when reaching for an island: from then on its script is wanted at once. */
const INTENT = ['pointerdown', 'focusin', 'keydown'] as const

/**
 * `client:settled`: nothing is fetched while the page loads. The island hydrates
 *
 * - once the page has loaded and the browser is idle, if the island is shown then, or else as
 *   soon as it is shown (the phone menu is `display: none` on a wide screen, so a wide screen
 *   never loads it; the header's CSS is the one place that knows the breakpoint);
 * - at once when the visitor touches, focuses or clicks it, whichever comes first.
 *
 * A `type="button"` button does nothing until its island has hydrated, so a click on one before
 * then is held and replayed on the same button afterwards: a tap on Menu while the page is still
 * loading opens the menu when its script arrives. Links, fields and submit buttons work without
 * script and are left alone. This file is bundled and inlined into each page that uses the
 * directive (and hashed into its CSP), so it costs no request.
 */
const settled: ClientDirective = (load, _options, island) => {
  let started = false
  let held: HTMLButtonElement | undefined

  const hydrate = async () => {
    if (started) return
    started = true
    for (const type of INTENT) island.removeEventListener(type, hydrate, true)
    try {
      const render = await load()
      await render()
    } catch (error) {
      // The script did not arrive (offline, blocked): let go of the held tap and the buttons.
      island.removeEventListener('click', hold, true)
      held?.removeAttribute('aria-busy')
      throw error
    }
    island.removeEventListener('click', hold, true)
    if (!held) return
    held.removeAttribute('aria-busy')
    if (held.isConnected) held.click()
  }

  function hold(event: Event) {
    void hydrate()
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (!button || !island.contains(button) || button.type !== 'button') return
    // The island's own listeners are not there yet; nothing else may act on this click either.
    event.preventDefault()
    event.stopImmediatePropagation()
    // Further taps while the script is on its way add nothing: the first one is replayed.
    if (!held) {
      held = button
      // A cue that the tap was taken (styled by the island), removed before the replay.
      held.setAttribute('aria-busy', 'true')
    }
  }

  for (const type of INTENT) island.addEventListener(type, hydrate, true)
  island.addEventListener('click', hold, true)
  afterLoad(() => whenIdle(() => whenShown(island, hydrate)))
}

function afterLoad(then: () => void) {
  if (document.readyState === 'complete') then()
  else window.addEventListener('load', then, {once: true})
}

function whenIdle(then: () => void) {
  // Safari has no requestIdleCallback; a short pause after load does the same job there.
  if ('requestIdleCallback' in window) requestIdleCallback(then)
  else setTimeout(then, 200)
}

/** Calls `then` once one of the island's elements is rendered (not inside `display: none`). */
function whenShown(island: HTMLElement, then: () => void) {
  const shown = () => [...island.children].some((child) => child.getClientRects().length > 0)
  if (shown()) return then()
  // Being hidden or shown changes an element's size from or to nothing, which this reports.
  const observer = new ResizeObserver(() => {
    if (!shown()) return
    observer.disconnect()
    then()
  })
  for (const child of island.children) observer.observe(child)
}

export default settled
