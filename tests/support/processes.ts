import {spawn, type ChildProcess} from 'node:child_process'

export interface RunningServer {
  url: string
  process: ChildProcess
  output: () => string
  stop(): Promise<void>
}

/** Starts a server process and waits until `url` answers, or fails with its output. */
export async function startServer(
  command: string[],
  options: {url: string; cwd: string; env?: Record<string, string>; timeoutMs?: number},
): Promise<RunningServer> {
  const child = spawn(process.execPath, command, {
    cwd: options.cwd,
    env: {...process.env, ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...options.env},
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + (options.timeoutMs ?? 30_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited early:\n${output}`)
    try {
      await fetch(options.url, {redirect: 'manual'})
      return {url: options.url, process: child, output: () => output, stop}
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await stop()
  throw new Error(`${command.join(' ')} did not answer at ${options.url}:\n${output}`)
}
