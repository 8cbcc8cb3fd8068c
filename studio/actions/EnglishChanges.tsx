import {Card, Stack, Text} from '@sanity/ui'
import {useEffect, useState} from 'react'
import {useClient} from 'sanity'
import type {Words} from '../../model/policyDiff'
import type {PolicyVersionDocument} from '../../model/policyVersions'
import {SANITY_API_VERSION} from '../../model/sanityApi'
import {POLICY_TYPE} from '../../model/siteDocuments'
import type {TranslationRecord} from '../../model/translations'
import {
  englishChangesSince,
  REVIEWED_VERSIONS_QUERY,
  type EnglishChanges,
  type ReviewRead,
} from './translationReview'

const CLIENT_OPTIONS = {apiVersion: SANITY_API_VERSION}

/** Added and removed words as the public change pages mark them, said aloud by screen readers too. */
function DiffText({parts}: {parts: Words[]}) {
  return (
    <Text size={1}>
      {parts.map((part, index) =>
        part.change === 'added' ? (
          <ins
            key={index}
            aria-label={`added: ${part.text}`}
            style={{background: 'var(--card-badge-positive-bg-color, #d7f5dd)'}}
          >
            {part.text}
          </ins>
        ) : part.change === 'removed' ? (
          <del
            key={index}
            aria-label={`removed: ${part.text}`}
            style={{background: 'var(--card-badge-critical-bg-color, #fde2e1)'}}
          >
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  )
}

/** The changed sections of a policy, or the changed texts of a page: unchanged ones are left out. */
function ChangesList({changes}: {changes: EnglishChanges}) {
  if (changes.kind === 'document')
    return (
      <Stack gap={3}>
        {changes.fields.map(({field, words}) => (
          <Stack key={field} gap={2}>
            <Text size={1} weight="medium">
              {field}
            </Text>
            <DiffText parts={words} />
          </Stack>
        ))}
      </Stack>
    )
  const {diff} = changes
  return (
    <Stack gap={3}>
      {diff.title.some(({change}) => change !== 'same') && <DiffText parts={diff.title} />}
      {[...(diff.intro && diff.intro.change !== 'same' ? [diff.intro] : []), ...diff.sections]
        .filter((section) => section.change !== 'same')
        .map((section) => (
          <Stack key={section.key} gap={2}>
            <Text size={1} weight="medium">
              {section.number
                ? `Section ${section.number}`
                : section.change === 'removed'
                  ? 'Removed section'
                  : 'Introduction'}
            </Text>
            {section.heading.length > 0 && <DiffText parts={section.heading} />}
            {section.paragraphs
              .filter((paragraph) => paragraph.change !== 'same')
              .map((paragraph, index) => (
                <DiffText key={index} parts={paragraph.words} />
              ))}
          </Stack>
        ))}
    </Stack>
  )
}

/**
 * What changed in English since a translation was reviewed, up to the English text `translates`
 * (the text in force, or a version staff review against): read once, shown with the words the
 * public change pages use. Says so when the earlier text cannot be found, rather than nothing.
 */
export function EnglishChangesSince(props: {
  type: string
  read: ReviewRead | null
  record: Partial<TranslationRecord> | undefined
  translates: string | undefined
}) {
  const {type, read, record, translates} = props
  const client = useClient(CLIENT_OPTIONS)
  const englishId = read?.englishId
  const from = record?.translates
  const englishRev = record?.englishRev
  // Kept with what it compared, so an answer for other texts is never shown.
  const compared = `${englishId}|${from}|${translates}|${englishRev}`
  const [found, setFound] = useState<{compared: string; changes: EnglishChanges | 'unknown'}>()
  const setChanges = (changes: EnglishChanges | 'unknown') => setFound({compared, changes})
  useEffect(() => {
    if (!englishId || !from || !translates || from === translates) return undefined
    let stopped = false
    const compare = async (): Promise<EnglishChanges | undefined> => {
      if (type === POLICY_TYPE) {
        const versions = await client.fetch<PolicyVersionDocument[]>(
          REVIEWED_VERSIONS_QUERY,
          {policy: englishId, numbers: [Number(from), Number(translates)]},
          {perspective: 'published'},
        )
        const byNumber = (number: string) => versions.find((version) => String(version.number) === number)
        return englishChangesSince({kind: 'policy', from: byNumber(from), to: byNumber(translates)})
      }
      if (!englishRev) return undefined
      const {dataset} = client.config()
      const history = await client.request<{documents?: Record<string, unknown>[]}>({
        uri: `/data/history/${dataset}/documents/${englishId}?revision=${encodeURIComponent(englishRev)}`,
      })
      return englishChangesSince({kind: 'document', from: history.documents?.[0], to: read?.english})
    }
    compare().then(
      (result) => !stopped && setChanges(result ?? 'unknown'),
      () => !stopped && setChanges('unknown'),
    )
    return () => {
      stopped = true
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `compared` names every input setChanges records
  }, [client, type, englishId, from, translates, englishRev, read?.english])
  const changes = found?.compared === compared && from !== translates ? found.changes : undefined
  if (!changes) return null
  return (
    <Card padding={3} radius={2} border tone="caution" data-english-changes>
      <Stack gap={4}>
        <Text size={1} weight="medium">
          What changed in English since this translation was reviewed
        </Text>
        {changes === 'unknown' ? (
          <Text size={1}>
            The English text it was reviewed against cannot be found here: compare with the English document’s
            history (its “Review changes” view), then bring the translation up to date.
          </Text>
        ) : (
          <ChangesList changes={changes} />
        )}
      </Stack>
    </Card>
  )
}
