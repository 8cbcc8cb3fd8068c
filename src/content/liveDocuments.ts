import type {Loader} from 'astro/loaders'
import {isPublicSiteUrl, readSiteDocuments, translationVerdicts} from './launchCheck'
import type {ContentSource} from './source'

/**
 * The revision of every document this build is made from, and for each translation of a language
 * turned on whether its page shows it: what the server reports as live once the build is
 * (src/pages/server-data/live-content.json.ts), so that Studio can tell staff whether their
 * publish is on the site. Ids and revisions only: nothing personal, nothing secret.
 */
export function liveDocumentsLoader(content: ContentSource, query: string): Loader {
  return {
    name: 'live-documents',
    async load({store, config}) {
      const {documents, translations} = await readSiteDocuments(content, query)
      const verdicts = translationVerdicts(documents, translations, {
        publicBuild: isPublicSiteUrl(config.site),
        now: new Date(),
      })
      const translationOf = (id: string) => {
        for (const {language, pages} of verdicts)
          for (const page of pages)
            if (page.translation?._id === id) return {language: language.code, status: page.status}
        return undefined
      }
      store.clear()
      for (const document of [...documents, ...translations]) {
        const id = String(document._id)
        const translation = translationOf(id)
        store.set({id, data: {rev: String(document._rev ?? ''), ...(translation ? {translation} : {})}})
      }
    },
  }
}
