import {createClient} from '@sanity/client'
import {createElement, Fragment} from 'react'
import {Card, Text} from '@sanity/ui'
import {
  createMockAuthStore,
  SANITY_VERSION,
  type CurrentUser,
  type NavbarProps,
  type SingleWorkspace,
} from 'sanity'
import {
  LOCAL_SITE_META,
  LOCAL_TRIAL_TOKEN_META,
  LOCAL_TRIAL_EDITOR,
  LOCAL_TRIAL_NOTICE,
  LOCAL_TRIAL_PROJECT,
} from '../../model/localTrial'
import {SANITY_API_VERSION} from '../../model/sanityApi'

/**
 * The local trial (`npm run studio:local`): this Studio, built with SANITY_STUDIO_LOCAL_TRIAL=1,
 * edits a local Content Lake (localTrial/) on the bundled dataset, without a
 * Sanity account. The local Content Lake serves this Studio itself, so the Studio talks to the
 * address it was opened at, and tells it where the local site runs in a <meta> tag.
 */

/** Set at build time (Vite replaces SANITY_STUDIO_* variables) by `npm run studio:local` and the tests. */
export const LOCAL_TRIAL = process.env.SANITY_STUDIO_LOCAL_TRIAL === '1'

/** The one member of staff of the local trial: an administrator, so every action can be tried. */
export const LOCAL_TRIAL_USER: CurrentUser = {
  ...LOCAL_TRIAL_EDITOR,
  role: 'administrator',
  roles: [{name: 'administrator', title: 'Administrator'}],
}

// `sanity build` reads the configuration in Node too, where there is no page to read.
const page = typeof window === 'undefined' ? undefined : window
const origin = page?.location.origin ?? 'http://localhost:3333'
// The local Content Lake speaks HTTP/1.1 on loopback, where that costs nothing: Studio's warning
// about a slow protocol ("You've got your brakes on") concerns Sanity's servers, so it is snoozed
// as staff would snooze it.
page?.sessionStorage.setItem('sanity-studio.network.check.snooze', new Date().toISOString())

/** The local site's origin, for Presentation. */
export const localSiteOrigin = (): string =>
  page?.document.querySelector<HTMLMetaElement>(`meta[name="${LOCAL_SITE_META}"]`)?.content ||
  'http://localhost:4321'

/** The navbar with the local trial's notice above it, on every screen of the Studio. */
function LocalTrialNavbar(props: NavbarProps) {
  // No JSX: the unit tests load the Studio's configuration without compiling React.
  const notice = createElement(
    Card,
    {tone: 'caution', padding: 2, role: 'status', 'data-testid': 'local-trial-notice'},
    createElement(Text, {size: 1, align: 'center', weight: 'medium'}, LOCAL_TRIAL_NOTICE),
  )
  return createElement(Fragment, null, notice, props.renderDefault(props))
}

/** Where Studio asks Sanity which Studio version is the latest (sanity's PackageVersionStatusProvider). */
const VERSION_CHECK = /^https:\/\/sanity-cdn\.(?:com|work)\/v1\/modules\//

/**
 * Studio asks Sanity's CDN for a newer Studio when it starts and every 15 minutes, and has no
 * setting to stop it. The trial promises that nothing leaves the machine, and it never updates
 * itself: the check is answered here, without a request, with the Studio that is installed.
 */
function answerVersionCheckLocally(window: Window) {
  const fetch = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!VERSION_CHECK.test(url)) return fetch(input, init)
    return Promise.resolve(Response.json({latest: SANITY_VERSION, packageVersion: SANITY_VERSION}))
  }
}

/** The production workspace, pointed at the local Content Lake. */
export function localTrial(workspace: SingleWorkspace): SingleWorkspace {
  if (page) answerVersionCheckLocally(page)
  const client = createClient({
    projectId: LOCAL_TRIAL_PROJECT,
    dataset: workspace.dataset,
    apiVersion: SANITY_API_VERSION,
    apiHost: origin,
    useProjectHostname: false,
    useCdn: false,
    withCredentials: false,
    // This run's token, which the local Content Lake wrote into the page: without it, it accepts
    // no write and shows no draft, so another page on this machine can do neither.
    token: page?.document.querySelector<HTMLMetaElement>(`meta[name="${LOCAL_TRIAL_TOKEN_META}"]`)?.content,
  })
  return {
    ...workspace,
    projectId: LOCAL_TRIAL_PROJECT,
    name: 'local-trial',
    title: `${workspace.title} (local trial)`,
    apiHost: origin,
    auth: createMockAuthStore({client, currentUser: LOCAL_TRIAL_USER}),
    studio: {...workspace.studio, components: {...workspace.studio?.components, navbar: LocalTrialNavbar}},
  }
}
