import type {PortableTextMarkComponent} from '@portabletext/react'
import {followableHref} from '../../../model/addresses'
import {isExternal} from '../../lib/links'

/** A link from rich text; an unsafe or empty address leaves plain words. */
export const linkMark: PortableTextMarkComponent<{_type: 'link'; href?: string}> = ({value, children}) => {
  const href = followableHref(value?.href)
  if (!href) return <>{children}</>
  return isExternal(href) ? (
    <a href={href} rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a href={href}>{children}</a>
  )
}
