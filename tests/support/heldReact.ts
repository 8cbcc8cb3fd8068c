import type {Page} from 'playwright-core'

/**
 * React on a page, held: it renders (and hydrates) only when the test says, one slice of work at
 * a time. Between two slices the page is idle and takes the visitor's clicks and keys as ever, so
 * a test can act at any point of a hydration, as a visitor on a slow phone can.
 */
export interface HeldReact {
  /** Runs React's next slice of work; false when it had none waiting. */
  step(): Promise<boolean>
  /** Steps until `stage` holds (checked before each slice); fails if React runs out of work first. */
  stepUntil(what: string, stage: (stage: HydrationStage) => boolean): Promise<HydrationStage>
  /** Lets React run freely again, the slices it was holding first. */
  release(): Promise<void>
}

/** How far React has hydrated an island. */
export interface HydrationStage {
  /** `hydrateRoot` has been called on the island (Astro has dropped its `ssr` mark). */
  started: boolean
  /** The `name`s of the island's form controls React has claimed so far, in page order. */
  claimed: string[]
  /** React has committed the hydration: the island is React's. */
  committed: boolean
}

interface Gate {
  step(): boolean
  release(): void
  stage(selector: string): HydrationStage
}
declare global {
  interface Window {
    /** The gate holdReact puts in the page. */
    __heldReact: Gate
  }
}

/**
 * Holds React's scheduler on `page` from its first script on (call before `goto`). React's
 * scheduler posts itself a message on a MessageChannel to run each slice; the page gets a
 * MessageChannel that keeps those messages until the test steps. Every island's work is held (they
 * share the one scheduler); `selector` names the `astro-island` whose stage `stepUntil` reads.
 * A slice ends when React's clock says 5 ms have passed: in a held slice the clock moves on 1 ms
 * each time it is read, so a slice covers a few elements, as on a slow phone, whatever the speed
 * of the machine (CPU throttling would not), and every run stops at the same points.
 */
export async function holdReact(page: Page, selector: string): Promise<HeldReact> {
  await page.addInitScript(() => {
    const Channel = window.MessageChannel
    const held: (() => void)[] = []
    let holding = true
    class HeldChannel {
      port1: {onmessage: ((event: {data: unknown}) => void) | null} = {onmessage: null}
      port2: {postMessage(data: unknown): void}
      constructor() {
        const real = new Channel()
        real.port1.onmessage = (event) => this.port1.onmessage?.(event)
        this.port2 = {
          postMessage: (data) =>
            holding ? held.push(() => this.port1.onmessage?.({data})) : real.port2.postMessage(data),
        }
      }
    }
    const internal = (node: object, prefix: string) => Object.keys(node).find((key) => key.startsWith(prefix))
    const gate: Gate = {
      step() {
        const slice = held.shift()
        if (!slice) return false
        const now = Performance.prototype.now
        let reads = 0
        performance.now = () => now.call(performance) + reads++
        try {
          slice()
        } finally {
          delete (performance as {now?: unknown}).now
        }
        return true
      },
      release() {
        holding = false
        for (const slice of held.splice(0)) setTimeout(slice)
      },
      stage(islandSelector) {
        const island = document.querySelector(islandSelector)
        const container = island && internal(island, '__reactContainer')
        type Root = {stateNode: {current: {memoizedState: {isDehydrated: boolean}}}}
        const root = container ? (island as unknown as Record<string, Root>)[container]!.stateNode : undefined
        const controls = [...(island?.querySelectorAll<HTMLInputElement>('input, textarea') ?? [])]
        return {
          started: root !== undefined,
          claimed: controls
            .filter((control) => internal(control, '__reactFiber'))
            .map((control) => control.name),
          committed: root !== undefined && !root.current.memoizedState.isDehydrated,
        }
      },
    }
    Object.assign(window, {MessageChannel: HeldChannel})
    window.__heldReact = gate
  })
  const stage = () => page.evaluate((island) => window.__heldReact.stage(island), selector)
  const step = () => page.evaluate(() => window.__heldReact.step())
  return {
    step,
    async stepUntil(what, reached) {
      // From when Astro hands the island to React (its script may still be on its way).
      await page.waitForFunction((island) => window.__heldReact.stage(island).started, selector)
      for (;;) {
        const now = await stage()
        if (reached(now)) return now
        if (!(await step())) throw new Error(`React finished its work without reaching this point: ${what}`)
      }
    },
    release: () => page.evaluate(() => window.__heldReact.release()),
  }
}
