/**
 * What `npm ci` would warn about, judged against the Node the project runs on. The repository's
 * `.npmrc` keeps npm's log to errors, because npm checks each package's `engines` against the
 * Node npm itself runs on (the machine's, possibly 20), not the Node 24 of the `node`
 * devDependency that runs every script: about 75 harmless EBADENGINE warnings on every install.
 * A test reads npm's warnings with the log level raised and fails on any other warning, so a
 * warning someone must act on is never hidden.
 */

/** A version as three numbers. */
type Version = [number, number, number]

const parse = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map(Number)
  return [major, minor, patch]
}

const compare = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** Whether one comparator ("^22.12", ">=24", "22.x") accepts the version. */
function accepts(comparator: string, version: Version): boolean {
  const match = /^(\^|~|>=|>|<=|<|=)?v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator)
  if (!match) throw new Error(`An engines range npm printed is not understood: "${comparator}".`)
  const [, operator = '=', major, minor, patch] = match
  const wild = (part: string | undefined) => part === undefined || part === 'x' || part === '*'
  const floor: Version = [Number(major), wild(minor) ? 0 : Number(minor), wild(patch) ? 0 : Number(patch)]
  const order = compare(version, floor)
  switch (operator) {
    case '>=':
      return order >= 0
    case '>':
      return order > 0
    case '<=':
      return order <= 0
    case '<':
      return order < 0
    case '~':
      return order >= 0 && version[0] === floor[0] && (wild(minor) || version[1] === floor[1])
    case '^':
      return order >= 0 && version[0] === floor[0]
    default:
      return (
        version[0] === floor[0] &&
        (wild(minor) || version[1] === floor[1]) &&
        (wild(patch) || version[2] === floor[2])
      )
  }
}

/** Whether a node engines range ("^22.12.0 || >=24", ">=22.12 <23") accepts the version. */
export function satisfies(range: string, version: string): boolean {
  const parsed = parse(version)
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => accepts(comparator, parsed)),
  )
}

/**
 * npm's warnings that need someone to act, from its output at log level "warn": every warning
 * except an EBADENGINE whose node range the project's Node satisfies (and whose other engines,
 * npm or pnpm, npm itself judged fine), and except a warning about the machine's own user config.
 */
export function warningsToAct(output: string, projectNode: string): string[] {
  const lines = output.split('\n')
  const left: string[] = []
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    if (!line.startsWith('npm warn')) continue
    if (/^npm warn Unknown user config/.test(line)) continue
    if (/^npm warn EBADENGINE Unsupported engine \{/.test(line)) {
      const block: string[] = []
      while (index + 1 < lines.length && !/^npm warn EBADENGINE \}/.test(lines[index]))
        block.push(lines[++index]!)
      const text = block.join('\n')
      const required = /required: \{ node: '([^']+)'/.exec(text)?.[1]
      const pkg = /package: '([^']+)'/.exec(text)?.[1] ?? 'a package'
      if (!required || !satisfies(required, projectNode))
        left.push(`${pkg} needs Node ${required ?? '(not node)'}, and the project runs on ${projectNode}`)
      continue
    }
    if (/^npm warn EBADENGINE/.test(line)) continue
    left.push(line)
  }
  return left
}
