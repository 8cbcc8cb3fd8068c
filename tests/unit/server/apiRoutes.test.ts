import {readdirSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {API_ROUTES} from '../../../src/server/apiRoutes'

// Which spellings reach which route is asked of the build's real router in
// tests/built/server/attacks.test.ts; here, that the list of routes is the build's and the server's.

/** The on-demand routes under src/pages/api, as paths: "contact.ts" is /api/contact. */
const buildApiRoutes = () =>
  readdirSync(new URL('../../../src/pages/api/', import.meta.url), {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `/api/${file.replace(/\.ts$/, '').replace(/\\/g, '/')}`)

describe('the addresses under /api that answer', () => {
  it("are every route of the build's src/pages/api, and the server's own endpoints", () => {
    expect([...API_ROUTES]).toEqual(expect.arrayContaining(buildApiRoutes()))
    expect([...API_ROUTES].every((path) => path.startsWith('/api/'))).toBe(true)
  })
})
