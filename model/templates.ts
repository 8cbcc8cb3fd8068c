/**
 * Words around a value ("In effect from {date}", "{n} महीने") are templates with named
 * placeholders, so that each language keeps its own word order: the code never decides where a
 * date or a number goes. Staff write the placeholders in braces; Studio and the build check them
 * with the same function.
 */

/** A piece of a template: words as written, or the place of a value. */
export type TemplatePart = {text: string} | {placeholder: string}

const PLACEHOLDER = /\{([^{}]*)\}/g

/** A template cut into its words and its placeholders, in order. */
export function templateParts(template: string): TemplatePart[] {
  const parts: TemplatePart[] = []
  let from = 0
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > from) parts.push({text: template.slice(from, match.index)})
    parts.push({placeholder: match[1]!.trim()})
    from = match.index + match[0].length
  }
  if (from < template.length) parts.push({text: template.slice(from)})
  return parts
}

const named = (names: readonly string[]) => names.map((name) => `{${name}}`).join(', ')

/**
 * What is wrong with a template, in words staff understand, or undefined. `required` must each
 * appear (once or more); `allowed` lists every placeholder that may.
 */
export function templateProblem(
  template: string,
  required: readonly string[],
  allowed: readonly string[] = required,
): string | undefined {
  const used = templateParts(template).flatMap((part) => ('placeholder' in part ? [part.placeholder] : []))
  const unknown = [...new Set(used.filter((name) => !allowed.includes(name)))]
  if (unknown.length > 0)
    return `${named(unknown)} is not a value these words can show. ${allowed.length > 0 ? `Use ${named(allowed)}` : 'Use no braces'}, spelled exactly so.`
  if (/[{}]/.test(template.replace(PLACEHOLDER, '')))
    return "A brace is not closed: write a value's place as {name}, with both braces."
  const absent = required.filter((name) => !used.includes(name))
  if (absent.length > 0)
    return `Write ${named(absent)} where ${absent.length === 1 ? 'that value goes' : 'those values go'}: the page puts it there in this language's word order.`
  return undefined
}

/** A template with its placeholders filled in as text: for a title, a feed or a test. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return templateParts(template)
    .map((part) => ('text' in part ? part.text : String(values[part.placeholder] ?? `{${part.placeholder}}`)))
    .join('')
}
