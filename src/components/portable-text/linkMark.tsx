import type {PortableTextMarkComponent} from '@portabletext/react'
import {followableHref} from '../../../model/addresses'
import {DEFAULT_LANGUAGE} from '../../../model/translations'
import {hrefIn, isExternal} from '../../lib/links'

type LinkMark = PortableTextMarkComponent<{_type: 'link'; href?: string}>

/**
 * A link from rich text on a page in `language`; an unsafe or empty address leaves plain words.
 * A link to a page the site has in every language ("/privacy-policy" in a Hindi notice) leads to
 * that language's page ("/hi/privacy-policy").
 */
export const linkMarkIn =
  (language: string): LinkMark =>
  ({value, children}) => {
    const href = followableHref(value?.href)
    if (!href) return <>{children}</>
    return isExternal(href) ? (
      <a href={href} rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <a href={hrefIn(language, href)}>{children}</a>
    )
  }

/** A link from rich text on an English page. */
export const linkMark: LinkMark = linkMarkIn(DEFAULT_LANGUAGE)
