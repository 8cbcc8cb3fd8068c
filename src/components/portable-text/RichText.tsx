import {PortableText, type PortableTextComponents} from '@portabletext/react'
import {knownParts, RICH_TEXT} from '../../../model/portableText'
import type {RichText as RichTextValue} from '../../content/schemas'
import {knownOnly} from './knownOnly'
import {linkMark} from './linkMark'

const components: PortableTextComponents = {
  marks: {link: linkMark},
  // Unknown block or mark types render nothing (blocks) or their plain text (marks).
  unknownType: () => null,
  unknownMark: ({children}) => <>{children}</>,
}

const known = knownParts(RICH_TEXT)

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
