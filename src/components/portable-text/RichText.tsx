import {PortableText, type PortableTextComponents} from '@portabletext/react'
import type {RichText as RichTextValue} from '../../content/schemas'
import {knownOnly} from './knownOnly'
import {linkMark} from './linkMark'

const components: PortableTextComponents = {
  marks: {link: linkMark},
  // Unknown block or mark types render nothing (blocks) or their plain text (marks).
  unknownType: () => null,
  unknownMark: ({children}) => <>{children}</>,
}

// What the Studio's richText field offers (studio/schemaTypes/objects/richText.ts).
const known = {
  types: [],
  inline: [],
  styles: ['normal', 'h2', 'h3'],
  decorators: ['strong', 'em'],
  annotations: ['link'],
}

/** Rich text of an ordinary page, rendered to HTML at build time (no client JavaScript). */
export default function RichText({value}: {value: RichTextValue}) {
  return (
    <PortableText
      value={knownOnly(value, known) as never}
      components={components}
      onMissingComponent={false}
    />
  )
}
