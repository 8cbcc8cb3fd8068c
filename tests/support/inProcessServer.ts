import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'

export interface InProcessServer {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string
  close(): Promise<void>
}

/** Serves `handle` on a free loopback port inside the test process: a Node handler without `npm start`. */
export async function serveInProcess(
  handle: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>,
): Promise<InProcessServer> {
  const server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as {port: number}
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
