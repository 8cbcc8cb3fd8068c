import {Box, Card, Container, Heading, Stack, Text} from '@sanity/ui'
import {attemptInWords, nextSwitchInWords, translationsNotShown, unknownInWords} from '../../model/siteStatus'
import {useSiteStatus} from './useSiteStatus'

/** The site as a whole: the last build, the next scheduled switch, and translations shown in English. */
export function SiteStatusTool({origin}: {origin: string}) {
  const answer = useSiteStatus(origin)
  const now = new Date()
  return (
    <Container width={2} padding={4}>
      <Stack gap={5}>
        <Heading as="h1" size={2}>
          The live site
        </Heading>
        <Text size={1} muted>
          What {origin} shows now, as it reports it. It updates by itself every few seconds.
        </Text>
        {!answer ? (
          <Text size={1}>Asking the site…</Text>
        ) : !answer.ok ? (
          <Card tone="default" padding={3} radius={2} border>
            <Text size={1}>{unknownInWords(answer).text}</Text>
          </Card>
        ) : (
          <Stack gap={4}>
            <Card
              tone={answer.status.lastAttempt.state === 'refused' ? 'critical' : 'default'}
              padding={3}
              radius={2}
              border
            >
              <Text size={1} style={{whiteSpace: 'pre-line'}}>
                {attemptInWords(answer.status, now)}
              </Text>
            </Card>
            <Text size={1}>{nextSwitchInWords(answer.status, now)}</Text>
            <Box>
              <Stack gap={3}>
                <Heading as="h2" size={1}>
                  Translations shown in English
                </Heading>
                {translationsNotShown(answer.status).length === 0 ? (
                  <Text size={1}>Every translation of a language turned on is shown.</Text>
                ) : (
                  translationsNotShown(answer.status).map((line) => (
                    <Text key={line} size={1}>
                      {line}
                    </Text>
                  ))
                )}
              </Stack>
            </Box>
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
