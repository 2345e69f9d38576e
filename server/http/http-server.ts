import http from 'node:http'
import type { Duplex } from 'node:stream'
import type Koa from 'koa'
import type { ErrorBody } from '#shared/api/errors'

/** How long an idle kept-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000

/**
 * The HTTP server around the Koa app. Requests that Node's parser rejects before Koa sees them
 * (headers over 16 KB, malformed request lines) still get the API's JSON error body rather
 * than Node's empty answer.
 */
export function createHttpServer(app: Koa): http.Server {
  const server = http.createServer(app.callback())
  // An idle kept-alive connection stays open 65 s (Node's default is 5 s): longer than a proxy's
  // idle timeout (60 s on common load balancers) and than a client's pauses, so the server never
  // closes a connection just as a client sends on it again (a POST then fails with ECONNRESET:
  // clients do not resend it). Seen in the API suite under load; close() still ends idle ones.
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (error.code === 'ECONNRESET' && socket.destroyed)) {
      socket.destroy()
      return
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
    const status = tooLarge ? 431 : 400
    const body: ErrorBody = {
      error: {
        status,
        code: 'invalid_input',
        message: tooLarge ? 'The request headers are too large.' : 'The request could not be read.',
      },
    }
    const json = JSON.stringify(body)
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    )
  })
  return server
}
