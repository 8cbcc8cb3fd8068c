import {useEffect, useState} from 'react'
import {readSiteStatus, type SiteAnswer} from '../../model/siteStatus'

/** How often Studio asks the site what it shows: a rebuild takes about a minute. */
const ASK_EVERY_MS = 5_000

/**
 * What the site at `origin` says it shows (GET /api/site-status), asked again every few seconds
 * while the component is on screen; undefined until the first answer.
 */
export function useSiteStatus(origin: string): SiteAnswer | undefined {
  const [answer, setAnswer] = useState<SiteAnswer>()
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = async () => {
      const next = await readSiteStatus(origin, fetch)
      if (stopped) return
      setAnswer(next)
      timer = setTimeout(() => void ask(), ASK_EVERY_MS)
    }
    void ask()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [origin])
  return answer
}
