import {fileURLToPath} from 'node:url'
import type {AstroIntegration} from 'astro'

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or key on the island, never before (see touched.ts). */
    'client:touched'?: boolean
    /** Hydrate once loaded and near the viewport, or when touched (see near.ts). */
    'client:near'?: boolean
  }
}

/** The site's hydration directives: `client:touched` for the phone menu, `client:near` for the contact form. */
export function islandDirectives(): AstroIntegration {
  return {
    name: 'island-directives',
    hooks: {
      'astro:config:setup': ({addClientDirective}) => {
        for (const name of ['touched', 'near'])
          addClientDirective({name, entrypoint: fileURLToPath(new URL(`./${name}.ts`, import.meta.url))})
      },
    },
  }
}
