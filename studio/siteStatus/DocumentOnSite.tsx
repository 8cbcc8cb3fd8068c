import {Card, Stack, Text} from '@sanity/ui'
import {
  useEditState,
  useFormValue,
  type DocumentBadgeComponent,
  type DocumentBadgeDescription,
  type InputProps,
} from 'sanity'
import {documentOnSite, unknownInWords, type DocumentOnSite, type SiteAnswer} from '../../model/siteStatus'
import {publishedId} from '../../model/siteDocuments'
import {useSiteStatus} from './useSiteStatus'

/** What Studio says about the published document `published` on the site, once the site answered. */
function stateOf(
  answer: SiteAnswer | undefined,
  published: {_id: string; _rev?: string; _updatedAt?: string} | null,
): DocumentOnSite | undefined {
  if (!answer || !published) return undefined
  return answer.ok ? documentOnSite(answer.status, published, new Date()) : unknownInWords(answer)
}

const CARD_TONES = {live: 'positive', waiting: 'caution', refused: 'critical', unknown: 'default'} as const
const BADGE_COLORS = {live: 'success', waiting: 'warning', refused: 'danger', unknown: undefined} as const

/** The sentence above a published site document's form: live since when, waiting, or refused and why. */
function SiteStatusBanner({origin, type}: {origin: string; type: string}) {
  const id = useFormValue(['_id']) as string | undefined
  const {published} = useEditState(publishedId(id), type)
  const state = stateOf(useSiteStatus(origin), published)
  if (!state) return null
  return (
    <Card tone={CARD_TONES[state.tone]} padding={3} radius={2} border data-site-status={state.tone}>
      <Text size={1} style={{whiteSpace: 'pre-line'}}>
        {state.text}
      </Text>
    </Card>
  )
}

/**
 * The form of a document the site is built from, with the site's state of it above: the whole
 * sentence, with what to fix when the site refused the change.
 */
export const siteStatusInput = (origin: string, isSiteType: (type: string) => boolean) =>
  function SiteStatusInput(props: InputProps) {
    if (props.path.length > 0 || !isSiteType(props.schemaType.name)) return props.renderDefault(props)
    return (
      <Stack gap={4}>
        <SiteStatusBanner origin={origin} type={props.schemaType.name} />
        {props.renderDefault(props)}
      </Stack>
    )
  }

/** The badge beside a site document's title: "Live since 14:32 IST", "Waiting for the site", "Not on the site". */
export const siteStatusBadge = (origin: string): DocumentBadgeComponent => {
  const SiteStatusBadge: DocumentBadgeComponent = (props) => {
    const state = stateOf(useSiteStatus(origin), props.published)
    if (!state) return null
    return {
      label: state.label,
      title: state.text,
      color: BADGE_COLORS[state.tone],
    } satisfies DocumentBadgeDescription
  }
  SiteStatusBadge.displayName = 'SiteStatusBadge'
  return SiteStatusBadge
}
