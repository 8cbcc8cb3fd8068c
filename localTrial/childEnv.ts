/**
 * What every process the trial or a test starts is given of its starter's environment: PATH,
 * HOME, no telemetry, and the starter's clock. A run under Debian's `faketime` (libfaketime, loaded through
 * LD_PRELOAD and set by the FAKETIME variables) moves the clock of each process it starts only if
 * those variables reach it: the build, the server and the test must agree on what day it is.
 */
export function childEnv(home: string | undefined = process.env.HOME): Record<string, string> {
  const clock = Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      (entry[0] === 'LD_PRELOAD' || entry[0].startsWith('FAKETIME')) && entry[1] !== undefined,
  )
  return {
    PATH: process.env.PATH ?? '',
    HOME: home ?? '',
    ASTRO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    ...Object.fromEntries(clock),
  }
}
