import {SITE_CONTENT, type ContentPartName} from '../../src/content/siteContent'
import type {ContentSource} from '../../src/lib/contentSource'

/** One part of the content, read from a source as the build reads it: its query, with its parameters. */
export const readPart = (source: ContentSource, name: ContentPartName) =>
  source.fetch(SITE_CONTENT[name].query, SITE_CONTENT[name].params)
