import type {APIRoute} from 'astro'
import {getCompanyFacts} from '../../content/entries'

/**
 * What the production server needs from this build's content, written at build time and moved
 * out of the public pages into the build's server folder (src/server/buildData.ts): the
 * customer-care address that new contact messages are e-mailed to.
 */
export const GET: APIRoute = async () =>
  Response.json({customerCareEmail: (await getCompanyFacts()).customerCare.email})
