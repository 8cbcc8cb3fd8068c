import {createHash} from 'node:crypto'
import {CONSENT_BOX_NAMES, type ConsentBox} from '../../model/contactForm.ts'

/**
 * What a Contact page showed beside its form: its language, the Privacy Policy version in force on
 * it, and the words beside each box. A build writes one per language into its data (buildData.ts),
 * and the page sends the digest of its words with each message; the server records a message's
 * consent only from a pairing of digest, version and language that a recent build really served,
 * so a record holds only words a page showed (docs/security.md).
 */
export interface ShownConsent {
  /** "hi"; "en" for the English page. */
  language: string
  /** The number of the Privacy Policy version the page showed; null where none is recorded yet. */
  privacyVersion: number | null
  /** That version's effective date: the notice the visitor agreed to. */
  privacyPolicyUpdated: string
  /** Each box the page showed, in page order, with its words. */
  boxes: {box: ConsentBox; wording: string}[]
  /**
   * The notice above the boxes, both layers as the page printed them: the short notice beside
   * the boxes, then the full notice one click away (paragraphs, figures and facts in them,
   * separated by blank lines). The first box agrees to the notice, which is not versioned with
   * the Privacy Policy, so the record keeps its words.
   */
  notice: string
  /** wordingsDigest of the boxes and the notice: what the page sends. */
  digest: string
}

/**
 * The digest a page sends of what it showed beside its boxes: SHA-256 of the boxes and words, in
 * order, and of the notice above them, so a page whose notice changed is another page.
 */
export const wordingsDigest = (boxes: ShownConsent['boxes'], notice: string): string =>
  createHash('sha256')
    .update(JSON.stringify({boxes: boxes.map(({box, wording}) => [box, wording]), notice}))
    .digest('hex')

/** What a page in `language` shows, from its labels: a box for each of CONSENT_BOX_NAMES. */
export function shownConsent({
  language,
  privacyVersion,
  privacyPolicyUpdated,
  notice,
  labels,
}: Omit<ShownConsent, 'boxes' | 'digest'> & {labels: Record<`${ConsentBox}Label`, string>}): ShownConsent {
  const boxes = CONSENT_BOX_NAMES.map((box) => ({box, wording: labels[`${box}Label`]}))
  return {
    language,
    privacyVersion,
    privacyPolicyUpdated,
    boxes,
    notice,
    digest: wordingsDigest(boxes, notice),
  }
}

/** How many builds' pages a message may come from: the live one and those just before it. */
export const BUILDS_REMEMBERED = 5

/**
 * The pages the last few builds served, by build, newest last: a visitor may send the form of a
 * page opened before the latest rebuild. A pairing of digest, version and language is found only
 * where one page showed all three.
 */
export class ServedConsents {
  private readonly builds: (readonly ShownConsent[])[] = []

  constructor(earlier: readonly (readonly ShownConsent[])[] = []) {
    for (const shown of earlier) this.add(shown)
  }

  /** A build's pages; the same list again (the live build, asked at each message) changes nothing. */
  add(shown: readonly ShownConsent[]): void {
    if (this.builds.includes(shown)) return
    this.builds.push(shown)
    if (this.builds.length > BUILDS_REMEMBERED) this.builds.shift()
  }

  /** The page that showed these words with this version in this language, if a remembered build served one. */
  find(digest: unknown, version: unknown, language: unknown): ShownConsent | undefined {
    const number = version === undefined || version === null || version === '' ? null : Number(version)
    for (const shown of [...this.builds].reverse()) {
      const page = shown.find(
        (candidate) =>
          candidate.digest === digest &&
          candidate.privacyVersion === number &&
          candidate.language === language,
      )
      if (page) return page
    }
    return undefined
  }
}
