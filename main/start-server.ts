import net from 'node:net'
import path from 'node:path'
import { type Config, loadConfig } from '#server/config'
import { HostAllowlist, loopbackHosts } from '#server/http/allowed-hosts'
import type { Logger } from '#server/logger'
import { type RunningServer, type StartOptions, startServer } from '#server/start'

/** The desktop app keeps its data here, under Electron's user-data folder. */
export const dataDirOf = (userDataDir: string) => path.join(userDataDir, 'data')

export type DesktopStart =
  | { ok: true; server: RunningServer; config: Config; dataDir: string; allowedHosts: HostAllowlist }
  | { ok: false; reason: string; dataDir: string; error: unknown }

export interface DesktopServerOptions {
  /** The renderer build the server serves (electron-vite's out/renderer). */
  rendererDir?: string
  logger?: Logger
  /** Extra settings as environment variables, e.g. `SMTP_URL` for a desktop user who has a mail server. */
  env?: NodeJS.ProcessEnv
  /** Told of each reminder the server sends (shown as a system notification). */
  onReminder?: StartOptions['onReminder']
}

/** A free port on 127.0.0.1, so the links in emails can name the real address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * The desktop configuration: the same config as `npm start`, on 127.0.0.1 and a free port, data in
 * `<userData>/data`, no mail server needed (mail goes to the outbox folder), accounts verified at once.
 */
export function desktopConfig(userDataDir: string, port: number, env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    LOG_REQUESTS: 'false',
    AUTO_VERIFY_ACCOUNTS: 'true',
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDirOf(userDataDir),
  })
}

/**
 * Starts the shared server for the desktop app. Never throws: a failure (database locked, disk
 * full, migration error, bad setting) comes back as a reason to show the user with the data folder.
 */
export async function startDesktopServer(userDataDir: string, options: DesktopServerOptions = {}): Promise<DesktopStart> {
  const dataDir = dataDirOf(userDataDir)
  let lastError: unknown
  // A port found free can be taken before we listen on it; try again on another one.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const config = desktopConfig(userDataDir, await freePort(), options.env)
      // Only 127.0.0.1 and localhost on its port (a page elsewhere pointing a name of its own at
      // 127.0.0.1 gets nothing); sharing adds the network address while it is on.
      const allowedHosts = new HostAllowlist(loopbackHosts(config.port))
      const server = await startServer(config, { rendererDir: options.rendererDir, logger: options.logger, allowedHosts, onReminder: options.onReminder })
      return { ok: true, server, config, dataDir, allowedHosts }
    } catch (error) {
      lastError = error
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') break
    }
  }
  return { ok: false, reason: describeError(lastError), dataDir, error: lastError }
}

/** A short, human reason for a start failure. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown } | undefined)?.code
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || /database is locked/i.test(message)) {
    return `The database is locked by another program (${message}).`
  }
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') return `The disk is full (${message}).`
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return `The database file is damaged (${message}).`
  return message
}
