// @ts-check
import node from '@astrojs/node'
import react from '@astrojs/react'
import {defineConfig} from 'astro/config'
import {readConfig} from './src/config/index.ts'
import {islandDirectives} from './src/islands/integration.ts'
import {buildDataIntegration} from './src/server/buildData.ts'

// A build starts here (src/content.config.ts is its other entry): the variables are read once.
const config = readConfig(process.env)

export default defineConfig({
  site: config.siteUrl,
  output: 'static',
  // The production server (src/server/main.ts) serves the pages itself and hands the /api routes
  // what it owns (the contact service) as locals: the adapter's middleware mode.
  adapter: node({mode: 'middleware'}),
  // client:touched (the phone menu) and client:near (the contact form): no island costs the page
  // script work while it loads (src/islands/).
  integrations: [react(), islandDirectives(), buildDataIntegration()],
  // 'file' writes terms&conditions.html, so the spec's paths answer 200 without a redirect,
  // whether the browser sends "&" or "%26".
  // 'always' inlines the stylesheet: no render-blocking request before the first paint.
  build: {format: 'file', inlineStylesheets: 'always'},
  trailingSlash: 'never',
  // Hashes for every script and style Astro emits, in a <meta> CSP on each page: no 'unsafe-inline'.
  // The contact endpoint checks Origin itself, for JSON and form posts alike, against the
  // server's own address and SITE_URL; Astro's check cannot see the https of a TLS proxy in front.
  security: {csp: true, checkOrigin: false},
  // The site has no Markdown code blocks. Shiki, the default, would colour them with inline styles
  // that the CSP above refuses (and the build warns of it): no highlighter at all.
  markdown: {syntaxHighlight: false},
  // A build started beside the live site (tests, the rebuild receiver) keeps its own content cache.
  ...(config.buildCacheDir ? {cacheDir: config.buildCacheDir} : {}),
  server: {port: config.server.port, host: config.server.host},
})
