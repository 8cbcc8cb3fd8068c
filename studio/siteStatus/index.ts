import {ActivityIcon} from '@sanity/icons/Activity'
import {createElement} from 'react'
import {definePlugin} from 'sanity'
import {siteStatusBadge, siteStatusInput} from './DocumentOnSite'
import {SiteStatusTool} from './SiteStatusTool'

// The components are .tsx files Studio compiles; this file has no JSX, so the configuration also
// loads in plain tests (which stand in for the components).

/**
 * What the live site shows, where staff publish: on each document the site is built from, a badge
 * and a sentence above the form ("Live on the site since 14:32 IST", "Waiting for the site (building)",
 * "The site did not take this change: …"), and a "Live site" tool with the last build and the next
 * scheduled policy switch. Read from the site at `origin` (SANITY_STUDIO_PREVIEW_URL), which
 * answers GET /api/site-status; a site that cannot say is said to be unknown, never guessed.
 */
export const siteStatus = definePlugin<{origin: string; isSiteType: (type: string) => boolean}>(
  ({origin, isSiteType}) => {
    // Made once, so each keeps its identity (and its state) across Studio's renders.
    const Tool = () => createElement(SiteStatusTool, {origin})
    const Badge = siteStatusBadge(origin)
    const Input = siteStatusInput(origin, isSiteType)
    return {
      name: 'site-status',
      tools: [{name: 'live-site', title: 'Live site', icon: ActivityIcon, component: Tool}],
      document: {
        badges: (badges, {schemaType}) => (isSiteType(schemaType) ? [...badges, Badge] : badges),
      },
      form: {components: {input: Input}},
    }
  },
)
