import type {APIRoute} from 'astro'
import {getCollection} from 'astro:content'
import {PAGE_PATHS, POLICY_PATHS} from '../lib/routes'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** Every page of the site; policies carry their last-updated date. */
export const GET: APIRoute = async ({site}) => {
  const policies = await getCollection('policies')
  const lastModified = new Map(
    policies.map(({data}) => [POLICY_PATHS[data._id as keyof typeof POLICY_PATHS], data.lastUpdated]),
  )
  const urls = Object.values(PAGE_PATHS).map((path) => {
    const modified = lastModified.get(path)
    return `  <url><loc>${escapeXml(new URL(path, site).href)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`
  })
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, {headers: {'content-type': 'application/xml; charset=utf-8'}})
}
