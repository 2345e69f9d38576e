import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * The newest modification time (ms) of a file, or of any file under a folder (node_modules and
 * unit tests left out): the scripts rebuild a bundle older than its sources.
 */
export function newestMtime(entry) {
  const stats = statSync(entry)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = 0
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.endsWith('.test.ts')) continue
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}
