import type {ClientDirective} from 'astro'
import {onIntent} from './intent.ts'

/**
 * `client:touched`: the island hydrates on the first pointer, focus or key on it, and never
 * before. Its server HTML must work alone until then (the phone menu is a `<details>`), so a
 * visitor who never reaches for it costs the page no script at all: nothing is fetched, parsed or
 * run while the page loads. This file is inlined into each page that uses it (and hashed into its
 * CSP), so it costs no request.
 *
 * The script is fetched at the touch, but the island is handed to React only between gestures: a
 * hydration that replaced the element under a finger between its pointerdown and its click would
 * send the click nowhere (the browser opens the `<details>` on the click, and React reads that).
 */
const touched: ClientDirective = (load, _options, island) => {
  let pressed = 0
  let ready: (() => Promise<void>) | undefined
  const renderWhenFree = () => {
    if (!ready || pressed > 0) return
    const render = ready
    ready = undefined
    for (const [down, up] of GESTURES) {
      island.removeEventListener(down, press, true)
      window.removeEventListener(up, release, true)
    }
    void render()
  }
  const press = () => pressed++
  // After the task that ends the gesture: its click (or the key's action) comes first.
  const release = () => {
    pressed = 0
    setTimeout(renderWhenFree)
  }
  const GESTURES = [
    ['pointerdown', 'pointerup'],
    ['pointerdown', 'pointercancel'],
    ['keydown', 'keyup'],
  ] as const
  for (const [down, up] of GESTURES) {
    island.addEventListener(down, press, true)
    window.addEventListener(up, release, true)
  }
  onIntent(
    island,
    () =>
      void load().then((render) => {
        ready = render
        renderWhenFree()
      }),
  )
}

export default touched
