import {previewSessionKey} from '../../src/config'

// What the preview tests share, in tests/unit/server/preview.test.ts (the pure parts) and
// tests/built/server/preview.test.ts (the production server on a stand-in build).

/** The Content Lake read token preview is configured with; no answer may ever show it. */
export const TOKEN = 'sk-read-token-that-must-stay-on-the-server'
/** The Studio's address, the only one allowed to frame a preview. */
export const STUDIO = 'https://studio.medistay.example'
/** The moment the tests' clocks start at. */
export const NOW = Date.parse('2026-03-01T10:00:00Z')
/** The key preview sessions are signed with, derived from TOKEN. */
export const KEY = previewSessionKey(TOKEN)
