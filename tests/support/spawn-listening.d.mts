import type { ChildProcess, IOType } from 'node:child_process'

export interface ListeningChild {
  child: ChildProcess
  /** What it printed after `listening on`. */
  url: string
  /** Resolves when the process has exited. */
  exited: Promise<void>
  /** Everything it printed so far. */
  output(): string
  /** Sends the signal (SIGTERM by default) unless it already exited, and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

export function spawnListening(
  script: string,
  options?: { args?: string[]; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; stdin?: IOType },
): Promise<ListeningChild>
