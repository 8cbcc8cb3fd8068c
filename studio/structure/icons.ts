import {CaseIcon} from '@sanity/icons/Case'
import {CogIcon} from '@sanity/icons/Cog'
import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {HomeIcon} from '@sanity/icons/Home'
import {InfoOutlineIcon} from '@sanity/icons/InfoOutline'
import {NumberIcon} from '@sanity/icons/Number'
import type {ComponentType} from 'react'
import type {DeskIcon} from '../../model/siteDocuments'

/** The icon each singleton's row names (model/siteDocuments.ts), beside it in the desk and on its form. */
export const DESK_ICONS: Readonly<Record<DeskIcon, ComponentType>> = {
  cog: CogIcon,
  case: CaseIcon,
  home: HomeIcon,
  info: InfoOutlineIcon,
  envelope: EnvelopeIcon,
  number: NumberIcon,
  document: DocumentTextIcon,
  help: HelpCircleIcon,
}
