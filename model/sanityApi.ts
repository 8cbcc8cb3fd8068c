/**
 * The Content Lake API version every reader pins (the build, the server, Studio's desk lists,
 * Presentation and Vision), so answers keep the shape the site's queries were written for.
 * SANITY_API_VERSION in the environment may override it for the site (src/config).
 */
export const SANITY_API_VERSION = '2025-02-19'
