import { readdirSync } from 'node:fs'
import { setPriority } from 'node:os'

/**
 * Lowers the priority of the whole current process, every thread of it, so that the request
 * threads of the server get the cores first (bench:import). On Linux a priority is each thread's
 * own: a process's `setpriority` changes only the calling thread, while V8's own threads (garbage
 * collection, optimising compiler) were started before any of our code ran and keep theirs, so
 * each thread is lowered by its id; threads started later inherit it. On macOS and Windows the
 * process's priority covers its threads. Best effort: where it is not allowed, nothing changes.
 */
export function lowerProcessPriority(nice: number): void {
  try {
    if (process.platform !== 'linux') {
      setPriority(nice)
      return
    }
    for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), nice)
  } catch {
    // Not allowed here (a container's limits): the process keeps its priority.
  }
}
