// @ts-check
import node from '@astrojs/node'
import react from '@astrojs/react'
import {defineConfig} from 'astro/config'

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({mode: 'standalone'}),
  integrations: [react()],
  // 'file' writes terms&conditions.html, so the spec's paths answer 200 without a redirect,
  // whether the browser sends "&" or "%26".
  // 'always' inlines the stylesheet: no render-blocking request before the first paint.
  build: {format: 'file', inlineStylesheets: 'always'},
  trailingSlash: 'never',
  // Hashes for every script and style Astro emits, in a <meta> CSP on each page: no 'unsafe-inline'.
  // The contact endpoint checks Origin itself, for JSON and form posts alike, against the
  // server's own address and SITE_URL; Astro's check cannot see the https of a TLS proxy in front.
  security: {csp: true, checkOrigin: false},
  // A build started beside the live site (tests, the rebuild receiver) keeps its own content cache.
  ...(process.env.ASTRO_CACHE_DIR ? {cacheDir: process.env.ASTRO_CACHE_DIR} : {}),
  server: {port: Number(process.env.PORT) || 4321, host: process.env.HOST || 'localhost'},
})
