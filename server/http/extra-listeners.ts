import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import type Koa from 'koa'
import { createHttpServer } from './http-server'

/** A further address the same app answers on (the desktop app's network sharing). */
export interface ExtraListener {
  host: string
  port: number
  /** Stops answering on this address at once: open connections (event streams included) are cut. */
  close(): Promise<void>
}

/**
 * Further HTTP listeners on the same app, beside the main one: one process, one database, one
 * set of rate limits. Closing one cuts its connections at once, since "stop sharing" must mean
 * that no one on the network is still connected.
 */
export function extraListeners(app: Koa, requestTimeoutMs: number) {
  const open = new Set<http.Server>()

  const closeServer = (server: http.Server) =>
    new Promise<void>((resolve) => {
      if (!open.delete(server)) return resolve()
      server.close(() => resolve())
      server.closeAllConnections()
    })

  return {
    /** Listens on `host` and `port` (0: a free one); rejects (EADDRINUSE...) leaving nothing open. */
    async listen(host: string, port: number): Promise<ExtraListener> {
      const server = createHttpServer(app)
      server.requestTimeout = requestTimeoutMs
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => {
          server.off('error', reject)
          resolve()
        })
      })
      open.add(server)
      return { host, port: (server.address() as AddressInfo).port, close: () => closeServer(server) }
    },
    async closeAll(): Promise<void> {
      await Promise.all([...open].map(closeServer))
    },
  }
}
