import { existsSync, readdirSync, statSync } from 'node:fs'
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

/**
 * Whether a build must run: one of its `outputs` is missing, or a file of its `sources` (files or
 * folders) changed after the oldest output was written. Paths are relative to `root`.
 */
export function isStale(root, outputs, sources) {
  const files = outputs.map((file) => path.join(root, file))
  if (files.some((file) => !existsSync(file))) return true
  const builtAt = Math.min(...files.map((file) => statSync(file).mtimeMs))
  return Math.max(...sources.map((entry) => newestMtime(path.join(root, entry)))) > builtAt
}
