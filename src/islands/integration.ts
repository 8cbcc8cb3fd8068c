import {readdir, readFile, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {AstroIntegration} from 'astro'
import {scriptsLast} from './scriptsLast.ts'

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or key on the island, never before (see touched.ts). */
    'client:touched'?: boolean
    /** Hydrate once loaded and near the viewport, or when touched (see near.ts). */
    'client:near'?: boolean
  }
}

/**
 * The site's hydration directives (`client:touched` for the phone menu, `client:near` for the
 * contact form), and their scripts moved to the end of each built page (see scriptsLast.ts).
 * Listed before the build-data integration, which moves some pages out of the client folder.
 */
export function islandDirectives(): AstroIntegration {
  let client = ''
  return {
    name: 'island-directives',
    hooks: {
      'astro:config:setup': ({addClientDirective}) => {
        for (const name of ['touched', 'near'])
          addClientDirective({name, entrypoint: fileURLToPath(new URL(`./${name}.ts`, import.meta.url))})
      },
      'astro:config:done': ({config}) => {
        client = fileURLToPath(config.build.client)
      },
      'astro:build:done': async () => {
        const pages = (await readdir(client, {recursive: true})).filter((file) => file.endsWith('.html'))
        await Promise.all(
          pages.map(async (file) => {
            const path = join(client, file)
            const html = await readFile(path, 'utf8')
            const moved = scriptsLast(html)
            if (moved !== html) await writeFile(path, moved)
          }),
        )
      },
    },
  }
}
