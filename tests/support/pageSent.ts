// Kept apart from contact.ts, which needs vitest: the contact benchmark reads pages this way too.

/** What the Contact page a server serves sends besides its fields, read from its hidden inputs. */
const pagesSent = new Map<string, Promise<Record<string, string>>>()
export function sentFromPage(base: string, path = '/contact-us'): Promise<Record<string, string>> {
  let sent = pagesSent.get(base + path)
  if (!sent) {
    sent = fetch(base + path)
      .then((response) => response.text())
      .then((html) =>
        Object.fromEntries(
          ['privacyVersion', 'language', 'wordings'].flatMap((name) => {
            const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]
            return value === undefined ? [] : [[name, value]]
          }),
        ),
      )
    pagesSent.set(base + path, sent)
  }
  return sent
}
