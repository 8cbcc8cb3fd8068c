/** What a visitor does when reaching for an island: from then on its script is wanted at once. */
const INTENT = ['pointerdown', 'focusin', 'keydown'] as const

/**
 * Calls `then` once, on the first pointer, focus or key on `island`. Listened to in the capture
 * phase, so nothing inside the island can hide it; the event itself goes on to the browser's own
 * behaviour (a `<details>` opens, a field takes the key), which hydration then takes over from.
 */
export function onIntent(island: HTMLElement, then: () => void): () => void {
  const once = () => {
    stop()
    then()
  }
  const stop = () => {
    for (const type of INTENT) island.removeEventListener(type, once, true)
  }
  for (const type of INTENT) island.addEventListener(type, once, true)
  return stop
}
