import type {APIRoute} from 'astro'
import {readContactContent} from '../../content/contactContent'
import {buildDataAnswer} from '../../server/buildData'

/**
 * What the production server needs from this build's content, written at build time and moved
 * out of the public pages into the build's server folder (src/server/buildData.ts): where new
 * contact messages are e-mailed, the consent wording and notice version recorded with each, and
 * how long messages are kept.
 */
export const GET: APIRoute = async () => buildDataAnswer('contact', await readContactContent())
