import {createClient, type ClientConfig, type SanityClient} from '@sanity/client'

/** A project's dataset as the configuration names it (src/config). */
export interface SanityTarget {
  projectId: string
  dataset: string
  apiVersion: string
  token?: string
  /** Another Query API host (a proxy, or the tests' stand-in). */
  apiHost?: string
}

/**
 * The one way the site and its server talk to Sanity: never the CDN (a build and a stored
 * message must see the latest), and another host when the configuration names one. Each reader
 * adds what is its own (perspective, retries).
 */
export function sanityClient(target: SanityTarget, options: Partial<ClientConfig>): SanityClient {
  return createClient({
    projectId: target.projectId,
    dataset: target.dataset,
    apiVersion: target.apiVersion,
    token: target.token,
    useCdn: false,
    ...(target.apiHost ? {apiHost: target.apiHost, useProjectHostname: false} : {}),
    ...options,
  })
}
