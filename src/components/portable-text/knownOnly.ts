import type {KnownParts} from '../../../model/portableText'

const isObject = (node: unknown): node is Record<string, unknown> => typeof node === 'object' && node !== null
const known = (names: readonly string[], name: unknown): name is string =>
  typeof name === 'string' && names.includes(name)
const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/**
 * Portable Text reduced to what the components know, before @portabletext/react sees it. Its
 * component lookups follow the prototype chain (a style, mark or type named "constructor" or
 * "toString" finds Object's methods and throws) and it has defaults for styles and marks our
 * Studio never offers (h1, blockquote, underline, code, ...). So: unknown objects are dropped,
 * unknown styles and list types become plain paragraphs, and unknown marks leave their plain text.
 */
export function knownOnly(value: unknown, parts: KnownParts): unknown[] {
  return array(value).flatMap((node) => {
    if (!isObject(node)) return []
    if (node._type !== 'block') return known(parts.types, node._type) ? [node] : []
    const markDefs = array(node.markDefs).filter(
      (def): def is Record<string, unknown> =>
        isObject(def) && known(parts.annotations, def._type) && typeof def._key === 'string',
    )
    const annotationKeys = markDefs.map((def) => def._key as string)
    const children = array(node.children).flatMap((child) => {
      if (!isObject(child)) return []
      if (child._type !== 'span') return known(parts.inline, child._type) ? [child] : []
      const marks = array(child.marks).filter(
        (mark) => known(parts.decorators, mark) || known(annotationKeys, mark),
      )
      return [{...child, text: typeof child.text === 'string' ? child.text : '', marks}]
    })
    const {listItem, level, ...rest} = node
    const list = known(parts.lists, listItem) ? {listItem, level: typeof level === 'number' ? level : 1} : {}
    return [
      {...rest, ...list, style: known(parts.styles, node.style) ? node.style : 'normal', markDefs, children},
    ]
  })
}
