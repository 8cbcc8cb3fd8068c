/**
 * Staff's words as the `feed` library must be handed them. It writes every title and summary as
 * `type="html"` inside one CDATA section, and breaks only the first "]]>" in it: a summary holding
 * "]]><x:script …>" closed the section and put a real element into the feed. Written as HTML text
 * (its `&`, `<` and `>` as entities), the words hold no "]]>" at all, and a feed reader shows them
 * as the very words staff typed, never as markup.
 */
export const feedText = (words: string) =>
  words.replace(/[&<>]/g, (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;'})[char]!)
