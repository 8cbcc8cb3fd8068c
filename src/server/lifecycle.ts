import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {CannotListen} from './errors.ts'

/**
 * Listens at `host` and `port`; resolves to the address visitors reach. A port another server
 * holds is the usual reason a start fails, so it is said in words with what to do, not as EADDRINUSE.
 */
export function listenAt(server: Server, {host, port}: {host: string; port: number}): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) =>
      reject(
        new CannotListen(
          error.code === 'EADDRINUSE'
            ? `Port ${port} on ${host} is already in use: stop the other server or set PORT.`
            : `The server could not listen on ${host}:${port}: ${error.message}`,
        ),
      )
    server.once('error', refused)
    server.listen(port, host, () => {
      server.off('error', refused)
      resolve(`http://${host}:${(server.address() as AddressInfo).port}`)
    })
  })
}

/**
 * Stops a server once, however often it is asked: first what would start new work (`first`:
 * timers, builds), then the server, which answers the requests under way before it closes, and
 * only then what those requests use (`last`: the contact service and its store).
 */
export function stopOnce(
  server: Server,
  {first, last}: {first: () => void; last: () => Promise<void>},
): () => Promise<void> {
  let stopped: Promise<void> | undefined
  return () =>
    (stopped ??= new Promise<void>((resolve, reject) => {
      first()
      server.close(() => void last().then(resolve, reject))
      server.closeIdleConnections()
    }))
}
