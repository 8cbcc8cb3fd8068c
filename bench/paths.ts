// How long the server takes to read a request's path, as the path grows: every step of reading
// one (the static answer, the redirect check, preview's), timed for paths of 12,500 and 200,000
// characters made of each piece that has broken servers before, alone and in pairs. Sixteen times
// the length takes about sixteen times as long when the reading is linear, 256 times when it is
// quadratic. Prints the worst ratio and the path it came from. This was a test's assertion once;
// a timing depends on how busy the machine is, so it is measured here, not asserted.
// Run: npm run bench:paths
import {isPreviewablePage} from '../src/server/preview.ts'
import {sitePath} from '../src/server/redirects.ts'
import {staticAnswerFor} from '../src/server/staticFiles.ts'
import {PIECES} from '../tests/support/hostilePaths.ts'

/** Milliseconds for every step of reading a path, the fastest of three. */
function cost(path: string): number {
  let best = Infinity
  for (let run = 0; run < 3; run++) {
    const started = performance.now()
    staticAnswerFor('GET', path)
    sitePath(path)
    isPreviewablePage('GET', path)
    best = Math.min(best, performance.now() - started)
  }
  return best
}

const units = [...PIECES.map((piece) => [piece]), ...PIECES.flatMap((a) => PIECES.map((b) => [a, b]))]
let worst = {ratio: 0, unit: '', short: 0, long: 0}
for (const unit of units) {
  const piece = unit.join('')
  const path = (length: number) => `/${piece.repeat(Math.ceil(length / piece.length))}x/`
  const short = cost(path(12_500))
  const long = cost(path(200_000))
  const ratio = long / Math.max(short, 0.01)
  if (ratio > worst.ratio) worst = {ratio, unit: JSON.stringify(piece), short, long}
}
console.log(`Paths read: ${units.length} kinds, each at 12,500 and 200,000 characters.`)
console.log(
  `Worst growth: ${worst.ratio.toFixed(1)} times as long for 16 times the length (${worst.unit}: ` +
    `${worst.short.toFixed(2)} ms, then ${worst.long.toFixed(2)} ms). Linear is about 16; quadratic about 256.`,
)
