import {Feed} from 'feed'
import {describe, expect, it} from 'vitest'
import {feedText} from '../../../src/lib/feedText'

/** Issue 37: a version summary or note that passes Studio's rules and closes the CDATA section. */
const HOSTILE =
  'Correction ]]> one ]]><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script><![CDATA[ end.'

/** An Atom feed with one entry whose title and summary are `words`, as the policy changes feed makes it. */
function feedOf(words: string): string {
  const feed = new Feed({
    id: 'https://site.example/f',
    title: 'Policy changes',
    copyright: '',
    generator: false,
  })
  feed.addItem({
    id: 'https://site.example/v/1',
    link: 'https://site.example/v/1',
    title: feedText(words),
    description: feedText(words),
    date: new Date('2026-03-01T00:00:00Z'),
  })
  return feed.atom1()
}

/** The elements an XML parser finds: CDATA sections end at their first "]]>", as XML says. */
const elementNames = (xml: string) =>
  [...xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').matchAll(/<([A-Za-z][\w:.-]*)/g)].map((match) => match[1])

/** The text a reader shows: each CDATA section's HTML, its entities read. */
const shownText = (xml: string, element: string) =>
  new RegExp(`<${element} type="html"><!\\[CDATA\\[([\\s\\S]*?)\\]\\]></${element}>`)
    .exec(xml)?.[1]
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

describe("staff's words in the policy changes feed", () => {
  it('stay text: a summary that closes CDATA puts no element into the feed', () => {
    const xml = feedOf(HOSTILE)
    // Atom's own elements (RFC 4287), and nothing else: no x:script.
    const atom = ['feed', 'id', 'title', 'updated', 'link', 'rights', 'entry', 'summary']
    expect(elementNames(xml).filter((name) => !atom.includes(name!))).toEqual([])
    expect(shownText(xml, 'summary')).toBe(HOSTILE)
    expect(shownText(xml, 'title')).toBe(HOSTILE)
  })

  it('show "&", "<" and ">" as typed, not as markup or entities', () => {
    expect(shownText(feedOf('Fees < 20% & refunds > 0'), 'summary')).toBe('Fees < 20% & refunds > 0')
  })
})
