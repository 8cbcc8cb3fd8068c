import {join} from 'node:path'
import {build} from 'esbuild'
import {expect, it} from 'vitest'
import {ROOT} from '../../support/astroBuild'

// The endpoint reads phone numbers with libphonenumber (awesome-phonenumber), some 80 KB gzipped;
// the contact form island ships to every visitor's phone and must check by shape alone. Bundling
// the island here finds a stray import in a second, without building the site.

/** A name only libphonenumber's compiled code contains. */
const LIBPHONENUMBER = 'i18n.phonenumbers'

async function bundled(entry: string): Promise<string> {
  const {outputFiles} = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    outdir: 'bundle',
    external: ['react', 'react-dom'],
    loader: {'.css': 'empty'},
    logLevel: 'silent',
  })
  return outputFiles.map((file) => file.text).join('\n')
}

it('the contact form island does not carry libphonenumber, which the endpoint reads phone numbers with', async () => {
  expect(await bundled('src/contact/schema.ts')).toContain(LIBPHONENUMBER)
  expect(await bundled('src/components/ContactForm.tsx')).not.toContain(LIBPHONENUMBER)
})
