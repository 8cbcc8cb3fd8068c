import type {ServerResponse} from 'node:http'
import {build} from 'esbuild'
import {OVERLAYS} from '../../model/preview.ts'

/**
 * Sanity's visual-editing overlays (click a text on a preview page, land on its field in Studio),
 * bundled by the server the first time a preview page asks for them and kept in memory. They are
 * not part of the site's build: a publish does not pay for bundling half a megabyte of editor
 * code that no visitor loads, and public pages share no script chunk with it.
 */
// Outside Studio's frame there is nothing to talk to: the preview bar alone is enough.
const ENTRY = `import {enableVisualEditing} from '@sanity/visual-editing/enable-visual-editing'
if (window.self !== window.top) enableVisualEditing()
`

interface Bundle {
  script: Uint8Array
  style: Uint8Array
}

let bundled: Promise<Bundle> | undefined

function bundle(): Promise<Bundle> {
  bundled ??= build({
    stdin: {contents: ENTRY, resolveDir: process.cwd(), loader: 'js', sourcefile: 'overlays.js'},
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Minified for the browser, esbuild also builds the libraries' production code paths.
    minify: true,
    write: false,
    outdir: 'overlays',
    entryNames: 'overlays',
    logLevel: 'silent',
  }).then(({outputFiles}) => {
    const file = (extension: string) =>
      outputFiles.find((output) => output.path.endsWith(extension))?.contents ?? new Uint8Array()
    return {script: file('.js'), style: file('.css')}
  })
  // A failed bundle is tried again on the next request, not remembered.
  bundled.catch(() => (bundled = undefined))
  return bundled
}

/** Answers a request for the overlays' script or stylesheet; false for any other path. */
export function serveOverlays(
  path: string,
  response: ServerResponse,
  logError: (line: string) => void = console.error,
): boolean {
  const kind = path === OVERLAYS.script ? 'script' : path === OVERLAYS.style ? 'style' : undefined
  if (!kind) return false
  bundle().then(
    (files) =>
      response
        .writeHead(200, {
          'Content-Type': kind === 'script' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
          // For staff in a session only; the same for the life of the server.
          'Cache-Control': 'private, max-age=3600',
        })
        .end(files[kind]),
    (error: Error) => {
      logError(`Bundling the visual-editing overlays failed: ${error.message}`)
      response
        .writeHead(500, {'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store'})
        .end('The click-to-edit overlays could not be prepared; the preview itself works.\n')
    },
  )
  return true
}
