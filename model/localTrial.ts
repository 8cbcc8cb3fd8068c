/**
 * The local trial (`npm run studio:local`): Studio on a local Content Lake on this computer, with
 * the bundled dataset, no Sanity account and the local site beside it. What the Studio
 * (studio/localTrial) and the local Content Lake (localTrial/) must agree on.
 */

/** What the Studio and the terminal say while the local trial runs. */
export const LOCAL_TRIAL_NOTICE =
  'Local trial: this Studio edits a copy of the content on this computer, and nothing leaves the machine. The real site is edited in Sanity’s Content Lake, after signing in.'

/** The project id the local trial works on; no Sanity project has it. */
export const LOCAL_TRIAL_PROJECT = 'localtrial'

/** The <meta> the local Content Lake writes into the Studio's page, naming the local site's origin. */
export const LOCAL_SITE_META = 'medistay-local-site'

/** The one member of staff of the local trial, who needs no sign-in. */
export const LOCAL_TRIAL_EDITOR = {
  id: 'local-trial-editor',
  name: 'Local trial editor',
  email: 'editor@medistay.example',
} as const

/**
 * The <meta> that gives the Studio the local Content Lake's token for this run: a random one each
 * start, without which the local Content Lake accepts no write and shows no draft.
 */
export const LOCAL_TRIAL_TOKEN_META = 'medistay-local-trial-token'
