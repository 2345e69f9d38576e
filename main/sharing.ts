import { readFileSync, writeFileSync } from 'node:fs'
import { type HostAllowlist, loopbackHosts } from '#server/http/allowed-hosts'
import type { ExtraListener } from '#server/http/extra-listeners'
import type { RunningServer } from '#server/start'
import { lanAddress as computersLanAddress } from './lan-address'

/** What the window, the menu and the preload bridge are told about sharing. */
export interface SharingStatus {
  sharing: boolean
  /** While sharing: the address students open, e.g. http://192.168.1.23:51234. */
  url?: string
}

export class NoNetworkError extends Error {
  constructor() {
    super('This computer is not connected to a network. Connect it to the school network (Wi-Fi or cable), then try again.')
    this.name = 'NoNetworkError'
  }
}

export interface LanSharingOptions {
  server: Pick<RunningServer, 'port' | 'listen'>
  /** The server's Host allowlist: loopback on the main port, plus the shared address while sharing. */
  allowedHosts: HostAllowlist
  /**
   * The address shown to students: the computer's network IPv4 by default. Tests pass 127.0.0.2
   * (which reaches a listener on 0.0.0.0), so they never send traffic to a real network address.
   */
  lanAddress?: () => string | undefined
  /** The port to share on when free (the last one used, so students' bookmarks keep working); else any free port. */
  preferredPort?: number
}

/**
 * "Share with my class" without any UI: while on, the embedded server also listens on every
 * interface (0.0.0.0) on a port of its own, and answers there only to the shown address; the
 * main listener on 127.0.0.1 is never touched, so the window keeps working throughout. Turning
 * it off closes that listener at once (connections from the network are cut) and the allowlist
 * goes back to this computer only. Off by default.
 */
export function createLanSharing(options: LanSharingOptions) {
  const findAddress = options.lanAddress ?? (() => computersLanAddress())
  const thisComputerOnly = () => options.allowedHosts.set(loopbackHosts(options.server.port))
  let listener: ExtraListener | undefined
  let url: string | undefined
  // Start and stop run one at a time: a double click on the menu must not open two listeners.
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => {})
    return run
  }

  thisComputerOnly()

  const status = (): SharingStatus => (listener && url ? { sharing: true, url } : { sharing: false })

  async function listenOnAllInterfaces(): Promise<ExtraListener> {
    if (options.preferredPort) {
      try {
        return await options.server.listen('0.0.0.0', options.preferredPort)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' && (error as NodeJS.ErrnoException).code !== 'EACCES') throw error
      }
    }
    return options.server.listen('0.0.0.0', 0)
  }

  return {
    status,
    /** The port in use while sharing (to remember for next time). */
    port: () => listener?.port,
    start: () =>
      serially(async (): Promise<SharingStatus> => {
        if (listener) return status()
        const address = findAddress()
        if (!address) throw new NoNetworkError()
        const opened = await listenOnAllInterfaces()
        listener = opened
        url = `http://${address}:${opened.port}`
        options.allowedHosts.set([...loopbackHosts(options.server.port), ...loopbackHosts(opened.port), `${address}:${opened.port}`])
        return status()
      }),
    stop: () =>
      serially(async (): Promise<SharingStatus> => {
        const closing = listener
        listener = undefined
        url = undefined
        thisComputerOnly()
        await closing?.close()
        return status()
      }),
  }
}

export type LanSharing = ReturnType<typeof createLanSharing>

/** Where the desktop app remembers the last port it shared on, under the user-data folder. */
export const SHARING_FILE = 'sharing.json'

/** The port shared on last time, if any (a missing or broken file: none). */
export function loadSharingPort(file: string): number | undefined {
  try {
    const port = (JSON.parse(readFileSync(file, 'utf8')) as { port?: unknown }).port
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined
  } catch {
    return undefined
  }
}

export function saveSharingPort(file: string, port: number): void {
  try {
    writeFileSync(file, `${JSON.stringify({ port })}\n`)
  } catch {
    // Only a convenience for next time.
  }
}
