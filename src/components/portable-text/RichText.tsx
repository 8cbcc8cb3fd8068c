import {PortableText, type PortableTextComponents} from '@portabletext/react'
import type {RichText as RichTextValue} from '../../content/schemas'
import {linkMark} from './linkMark'

const components: PortableTextComponents = {
  marks: {link: linkMark},
  // Unknown block or mark types render nothing (blocks) or their plain text (marks).
  unknownType: () => null,
  unknownMark: ({children}) => <>{children}</>,
}

/** Rich text of an ordinary page, rendered to HTML at build time (no client JavaScript). */
export default function RichText({value}: {value: RichTextValue}) {
  return <PortableText value={value as never} components={components} onMissingComponent={false} />
}
