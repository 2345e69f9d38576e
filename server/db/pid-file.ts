import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * `DATA_DIR/server.pid` holds the process id of the server using the folder, from start to close.
 * `npm run restore` reads it to refuse replacing a database under a running server. A server
 * killed with SIGKILL leaves the file behind; a pid that no longer runs counts as no server.
 */
export const PID_FILE = 'server.pid'

export function writePidFile(dataDir: string, pid = process.pid): void {
  writeFileSync(path.join(dataDir, PID_FILE), `${pid}\n`)
}

/** Removes the file if it still names this process (a later server may have replaced it). */
export function removePidFile(dataDir: string, pid = process.pid): void {
  if (readPid(dataDir) === pid) rmSync(path.join(dataDir, PID_FILE), { force: true })
}

/** The pid of a live process that the folder's pid file names, or undefined. */
export function runningServerPid(dataDir: string): number | undefined {
  const pid = readPid(dataDir)
  return pid !== undefined && isAlive(pid) ? pid : undefined
}

function readPid(dataDir: string): number | undefined {
  let text: string
  try {
    text = readFileSync(path.join(dataDir, PID_FILE), 'utf8')
  } catch {
    return undefined
  }
  const pid = Number(text.trim())
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

function isAlive(pid: number): boolean {
  try {
    // Signal 0 only asks whether the process exists.
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
