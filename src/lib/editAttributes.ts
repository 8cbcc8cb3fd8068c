import {createDataAttribute} from '@sanity/visual-editing/create-data-attribute'

/** Marks an element with the field it shows; `undefined` (no attribute at all) outside a preview. */
export type Editable = (path: string) => string | undefined

/**
 * On a preview page, the `data-sanity` attribute through which Studio's visual-editing overlays
 * open the field an element shows ("click a text, land on its field"). Public pages get no
 * attribute, so their HTML is the same whether preview is configured or not.
 */
export function editable(locals: App.Locals, document: {id: string; type: string}): Editable {
  const preview = locals.preview
  if (!preview) return () => undefined
  const attribute = createDataAttribute({id: document.id, type: document.type, baseUrl: preview.studioUrl})
  return (path) => attribute(path)
}

/** The path of an array item Studio knows by its key: `sections[_key=="a1b2"]`. */
export const keyed = (field: string, key: string) => `${field}[_key=="${key}"]`
