import type {APIRoute} from 'astro'
import {getCollection} from 'astro:content'
import {BUILD_TIME} from '../../content/buildTime'
import {buildDataAnswer} from '../../server/buildData'

/**
 * The revision of each document this build was made from, and whether each translation's page
 * shows it: moved with the other build data into the build's server folder
 * (src/server/buildData.ts), from where the server reports what is live (GET /api/site-status).
 */
export const GET: APIRoute = async () => {
  const entries = await getCollection('launchCheck')
  return buildDataAnswer('liveContent', {
    builtAt: BUILD_TIME.toISOString(),
    documents: entries
      .map(({id, data}) => ({
        id,
        rev: data.rev,
        ...(data.translation ? {translation: data.translation} : {}),
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  })
}
