import {fileURLToPath} from 'node:url'
import type {AstroIntegration} from 'astro'

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the page has loaded and gone idle, or at once on the first touch (see settled.ts). */
    'client:settled'?: boolean
  }
}

/** Registers `client:settled`, the hydration directive of the site's islands. */
export function settledDirective(): AstroIntegration {
  return {
    name: 'settled-directive',
    hooks: {
      'astro:config:setup': ({addClientDirective}) => {
        addClientDirective({
          name: 'settled',
          entrypoint: fileURLToPath(new URL('./settled.ts', import.meta.url)),
        })
      },
    },
  }
}
